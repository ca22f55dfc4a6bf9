// mode: read
// What a release step on one procedure key reads, and no more, however many versions the key
// has: the version it acts on ($version; '' for none) and the versions serving — PUBLISHED
// with a release role, the stable one and a running canary — each with the principal whose
// proposal wrote it (the author: a reviewer may not review their own version). By
// construction at most three rows; $limit guards a graph where the roles were broken.
// Without the embedding: release steps never need it.
MATCH (m:Memory {procedure_key: $procedure_key})
WHERE m.tenant_id = $tenant_id AND m.type = 'PROCEDURAL' AND m.tx_to IS NULL
  AND (m.version = $version OR (m.lifecycle = $published AND m.release_role IS NOT NULL))
OPTIONAL MATCH (r:WriteReceipt)-[:WROTE]->(m)
WITH m, min(r.actor) AS author
RETURN m {.*, embedding: null} AS m, author
ORDER BY m.version_sort, m.memory_id
LIMIT $limit
