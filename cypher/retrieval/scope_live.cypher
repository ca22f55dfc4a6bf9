// mode: read
// As retrieval/scope_ids, with each memory's live columns (a small scope: read/hydrate).
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE {{> retrieval/_hard_filters}}
{{> retrieval/_scope_live_tail}}
