// mode: read
// Lexical candidates for a scope larger than phase 1 hands back: the filtered scope's memories
// whose text contains query words, most words first, then most similar. Each word comes in the
// spellings to look for ($term_forms: word, Word, WORD): FalkorDB's toLower() on every text cost
// 4x the whole scan. (FalkorDB rebuilds a full-text index at every start and its index is not
// tenant-aware: at 100k memories it cost 3-4 s of start and 25 ms per query even for a tenant of
// 95 memories, so none is kept.)
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND {{> retrieval/_hard_filters}}
WITH m, size([forms IN $term_forms WHERE any(f IN forms WHERE m.text CONTAINS f)]) AS lexical
WHERE lexical > 0
WITH m, lexical, {{> retrieval/_cosine}} AS semantic
ORDER BY lexical DESC, semantic DESC
LIMIT $limit
RETURN m.memory_id AS memory_id, semantic, m.text AS text, m.subject_id AS subject_id, lexical
