// mode: write
// timeout: long
// One batch of an erasure (erasure/delete_logs, Neo4j's form): delete the subject's retrieval
// logs and scrub the erased ids from others (the caller's new id lists and JSON maps).
// Idempotent: a deleted log matches nothing, a scrubbed one is written with the same values
// again (counted again on a re-run). The logs to scrub are looked up before any log is deleted
// (see erasure/delete_memories: each index lookup after a delete copies the set of the deleted
// nodes).
CALL () {
  UNWIND $scrub_logs AS x
  MATCH (l:RetrievalLog {tenant_id: $tenant_id, query_id: x.query_id})
  RETURN collect([l, x]) AS scrubbed
}
CALL () {
  UNWIND $delete_log_ids AS id
  MATCH (l:RetrievalLog {tenant_id: $tenant_id, query_id: id})
  RETURN collect(l) AS deleted
}
OPTIONAL MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
CALL (scrubbed) {
  UNWIND scrubbed AS pair
  WITH pair[0] AS l, pair[1] AS x
  SET l.candidate_ids = x.candidate_ids, l.selected_ids = x.selected_ids,
      l.scores_json = x.scores_json, l.filter_reasons_json = x.filter_reasons_json,
      l.context_positions_json = x.context_positions_json
}
CALL (deleted) {
  UNWIND deleted AS l
  DETACH DELETE l
}
SET d.progress_logs_deleted = coalesce(d.progress_logs_deleted, 0) + size(deleted),
    d.progress_logs_scrubbed = coalesce(d.progress_logs_scrubbed, 0) + size(scrubbed)
RETURN size(deleted) AS logs_deleted, size(scrubbed) AS logs_scrubbed
