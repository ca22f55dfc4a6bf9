// mode: read
// Phase 1 of a retrieval about one subject: as retrieval/scope, with the subject in the node
// pattern so the engine starts from the narrower index.
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
WHERE {{> retrieval/_part}}
  AND {{> retrieval/_hard_filters}}
{{> retrieval/_scope_rank}}
