// mode: read
// Phase 1 of a retrieval over a whole tenant: filter first, then exact cosine over the caller's
// scope (no ANN: a filtered-out memory is never a candidate, and small scopes never starve).
// $part of $parts: a large scope is scanned in disjoint parts side by side (one engine thread
// each); the client merges them.
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE {{> retrieval/_part}}
  AND {{> retrieval/_hard_filters}}
{{> retrieval/_scope_rank}}
