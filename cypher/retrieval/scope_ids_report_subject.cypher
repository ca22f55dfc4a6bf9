// mode: read
// As retrieval/scope_ids_report, about one subject (the subject in the node patterns).
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
WHERE {{> retrieval/_hard_filters}}
WITH collect(m.memory_id) AS ids
CALL () {
  MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
  RETURN count(m) AS members
}
CALL () {
  OPTIONAL MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
  WHERE m.status IN $inactive
  RETURN count(m) AS inactive
}
CALL () {
  OPTIONAL MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
  WHERE m.status IN $inactive
  {{> retrieval/_inactive_report}}
}
{{> retrieval/_scope_ids_report_tail}}
