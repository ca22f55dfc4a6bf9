// mode: read
// Lexical candidates for a scope larger than phase 1 hands back: the filtered scope's memories
// whose text contains query words, most words first, then most similar. (FalkorDB rebuilds a
// full-text index at every start and its index is not tenant-aware: at 100k memories it cost
// 3-4 s of start and 25 ms per query even for a tenant of 95 memories, so none is kept.)
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND {{> retrieval/_hard_filters}}
WITH m, size([t IN $terms WHERE toLower(m.text) CONTAINS t]) AS lexical
WHERE lexical > 0
WITH m, lexical, {{> retrieval/_cosine}} AS semantic
ORDER BY lexical DESC, semantic DESC
LIMIT $limit
RETURN m.memory_id AS memory_id, semantic, m.text AS text, m.subject_id AS subject_id, lexical
