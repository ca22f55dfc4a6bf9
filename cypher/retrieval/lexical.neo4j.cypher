// mode: read
// Lexical candidates for a scope larger than phase 1 hands back, from the full-text index (it is
// not tenant-aware: over-fetch 20 x $limit, then keep the caller's filtered scope). The index's
// analyzer lower-cases, so each word's first form ($term_forms: word, Word, WORD) is enough.
CALL db.index.fulltext.queryNodes(
  'memory_text_fulltext',
  reduce(q = '', forms IN $term_forms | q + CASE WHEN q = '' THEN '' ELSE ' OR ' END + forms[0]),
  {limit: $limit * 20}
) YIELD node, score
WITH node AS m, score AS lexical
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND {{> retrieval/_hard_filters}}
WITH m, lexical
ORDER BY lexical DESC
LIMIT $limit
RETURN m.memory_id AS memory_id, {{> retrieval/_cosine}} AS semantic, m.text AS text, m.subject_id AS subject_id, lexical
