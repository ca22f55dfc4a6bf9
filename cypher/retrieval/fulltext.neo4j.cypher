// mode: read
// Full-text candidates from the engine's index, then the same hard filters (the index itself is
// not tenant-aware; over-fetch $fetch rows, keep the caller's scope). Used only when the scope is
// larger than phase 1 hands back; returns the same light columns.
CALL db.index.fulltext.queryNodes('memory_text_fulltext', $text, {limit: $fetch}) YIELD node, score
WITH node AS m, score AS lexical
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND {{> retrieval/_hard_filters}}
WITH m, lexical
ORDER BY lexical DESC
LIMIT $limit
RETURN m.memory_id AS memory_id, {{> retrieval/_cosine}} AS semantic, m.text AS text, m.subject_id AS subject_id, lexical
