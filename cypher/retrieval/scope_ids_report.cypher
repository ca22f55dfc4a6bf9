// mode: read
// As retrieval/scope_ids, with the excluded-memories report of a request about now (no
// valid_at, known_at or types) read from the status index in the same statement (read/excluded
// says why that is the same report): the scope's memories are counted, and the report is null
// unless every one of them either passed the filters or is not ACTIVE.
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE {{> retrieval/_hard_filters}}
WITH collect(m.memory_id) AS ids
CALL () {
  MATCH (m:Memory {tenant_id: $tenant_id})
  RETURN count(m) AS members
}
CALL () {
  OPTIONAL MATCH (m:Memory {tenant_id: $tenant_id})
  WHERE m.status IN $inactive
  RETURN count(m) AS inactive
}
CALL () {
  OPTIONAL MATCH (m:Memory {tenant_id: $tenant_id})
  WHERE m.status IN $inactive
  {{> retrieval/_inactive_report}}
}
{{> retrieval/_scope_ids_report_tail}}
