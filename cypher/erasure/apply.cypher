// mode: write
// timeout: long
// Apply an erasure atomically: delete memory nodes (all versions; their vector-index entries go
// with them), owned sources, the subject node, receipts and logs that are the subject's; scrub
// erased ids from other logs; flag dependants; believe again what the erased memories had
// superseded (lifecycle/_reinstate); delete the subject's run state (state/_delete_runs); leave
// hash-only tombstones and the receipt.
CALL () {
  UNWIND $memory_ids AS id
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
  DETACH DELETE m
  RETURN count(*) AS memories
}
CALL () {
  UNWIND $source_ids AS id
  MATCH (s:Source {tenant_id: $tenant_id, source_id: id})
  DETACH DELETE s
  RETURN count(*) AS sources
}
CALL () {
  UNWIND $review_ids AS id
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
  SET m.status = 'NEEDS_REVIEW'
  RETURN count(*) AS flagged
}
CALL () {
  UNWIND $delete_log_ids AS id
  MATCH (l:RetrievalLog {tenant_id: $tenant_id, query_id: id})
  DETACH DELETE l
  RETURN count(*) AS logs_deleted
}
CALL () {
  UNWIND $scrub_logs AS x
  MATCH (l:RetrievalLog {tenant_id: $tenant_id, query_id: x.query_id})
  SET l.candidate_ids = x.candidate_ids, l.selected_ids = x.selected_ids,
      l.scores_json = x.scores_json, l.filter_reasons_json = x.filter_reasons_json,
      l.context_positions_json = x.context_positions_json
  RETURN count(*) AS logs_scrubbed
}
CALL () {
  MATCH (r:WriteReceipt {tenant_id: $tenant_id, subject_id: $subject_id})
  DETACH DELETE r
  RETURN count(*) AS subject_receipts
}
CALL () {
  UNWIND $memory_ids AS id
  MATCH (r:WriteReceipt {tenant_id: $tenant_id, memory_id: id})
  DETACH DELETE r
  RETURN count(*) AS memory_receipts
}
CALL () {
  MATCH (sub:Subject {subject_key: $subject_key})
  WHERE $delete_subject
  DETACH DELETE sub
  RETURN count(*) AS subjects
}
CALL () {
  UNWIND $tombstones AS t
  CREATE (:Tombstone {tenant_id: $tenant_id, ref: t.ref, content_hash: t.content_hash,
                      erased_at: $now, receipt_id: $receipt_id})
  RETURN count(*) AS tombstones
}
{{> lifecycle/_reinstate}}
{{> state/_delete_runs}}
{{> schema/_forget_epoch}}
CREATE (d:DeletionReceipt)
SET d += $receipt
RETURN memories, sources, flagged, logs_deleted, logs_scrubbed,
       subject_receipts + memory_receipts AS receipts, subjects, tombstones, reinstated,
       runs, checkpoints, tool_receipts
