// mode: write
// timeout: long
// Last graph statement of an erasure: the subject's remaining write receipts, its node and its
// run state (state/_delete_runs), after the batches; returns everything the receipt counted
// (its progress_* properties, summed over the batches and any re-run). Idempotent.
CALL () {
  MATCH (r:WriteReceipt {tenant_id: $tenant_id, subject_id: $subject_id})
  DETACH DELETE r
  RETURN count(*) AS subject_receipts
}
CALL () {
  MATCH (sub:Subject {subject_key: $subject_key})
  WHERE $delete_subject
  DETACH DELETE sub
  RETURN count(*) AS subjects
}
{{> state/_delete_runs}}
{{> schema/_forget_epoch}}
MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
SET d.progress_receipts = coalesce(d.progress_receipts, 0) + subject_receipts,
    d.progress_subjects = coalesce(d.progress_subjects, 0) + subjects,
    d.progress_runs = coalesce(d.progress_runs, 0) + runs,
    d.progress_checkpoints = coalesce(d.progress_checkpoints, 0) + checkpoints,
    d.progress_tool_receipts = coalesce(d.progress_tool_receipts, 0) + tool_receipts
RETURN coalesce(d.progress_memories, 0) AS memories, coalesce(d.progress_sources, 0) AS sources,
       coalesce(d.progress_flagged, 0) AS flagged,
       coalesce(d.progress_logs_deleted, 0) AS logs_deleted,
       coalesce(d.progress_logs_scrubbed, 0) AS logs_scrubbed,
       d.progress_receipts AS receipts, d.progress_subjects AS subjects,
       coalesce(d.progress_tombstones, 0) AS tombstones,
       coalesce(d.progress_reinstated, 0) AS reinstated, d.progress_runs AS runs,
       d.progress_checkpoints AS checkpoints, d.progress_tool_receipts AS tool_receipts
