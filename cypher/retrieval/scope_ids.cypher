// mode: read
// Phase 1 when this process holds the scope's features (read/scope_cache): the hard filters
// only, then the ids that passed, and the store's forget epoch (moved by every statement that
// deletes memories, so a process knows to drop what it keeps of them).
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE {{> retrieval/_hard_filters}}
{{> retrieval/_scope_ids_tail}}
