// mode: write
// timeout: long
// One batch of an erasure: delete the subject's retrieval logs and scrub the erased ids from
// others (the caller's new id lists and JSON maps). Idempotent: a deleted log matches nothing,
// a scrubbed one is written with the same values again (counted again on a re-run).
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
MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
SET d.progress_logs_deleted = coalesce(d.progress_logs_deleted, 0) + logs_deleted,
    d.progress_logs_scrubbed = coalesce(d.progress_logs_scrubbed, 0) + logs_scrubbed
RETURN logs_deleted, logs_scrubbed
