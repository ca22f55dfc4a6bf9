// mode: read
// As retrieval/scope_live, about one subject (the subject in the node pattern).
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
WHERE {{> retrieval/_hard_filters}}
{{> retrieval/_scope_live_tail}}
