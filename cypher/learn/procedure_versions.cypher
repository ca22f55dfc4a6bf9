// mode: read
// The versions of one procedure key, lowest version first, each with the principal whose
// proposal wrote it (the author: a reviewer may not review their own version). Without the
// embedding: release steps never need it.
MATCH (m:Memory {procedure_key: $procedure_key})
WHERE m.tenant_id = $tenant_id AND m.type = 'PROCEDURAL' AND m.tx_to IS NULL
OPTIONAL MATCH (r:WriteReceipt)-[:WROTE]->(m)
WITH m, min(r.actor) AS author
RETURN m {.*, embedding: null} AS m, author
ORDER BY m.version_sort
LIMIT $limit
