// mode: read
// The versions of one procedure key, one page, lowest version first, each with the principal
// whose proposal wrote it (as learn/procedure_release_view). Keyset paging (graphmem/paging.py,
// paging/_page): key = [version_sort, memory_id].
MATCH (m:Memory {procedure_key: $procedure_key})
WHERE m.tenant_id = $tenant_id AND m.type = 'PROCEDURAL' AND m.tx_to IS NULL
OPTIONAL MATCH (r:WriteReceipt)-[:WROTE]->(m)
WITH m, min(r.actor) AS author
WITH {m: m {.*, embedding: null}, author: author,
      key: [coalesce(m.version_sort, ''), coalesce(m.memory_id, '')]} AS row
ORDER BY row.key[0], row.key[1]
{{> paging/_page}}
