// mode: read
// The version a stable release rolls back to: the key's highest DEPRECATED version (the
// stable one it replaced, by semantic version: version_sort sorts like the version), with its
// author as learn/procedure_release_view gives it. One row or none.
MATCH (m:Memory {procedure_key: $procedure_key})
WHERE m.tenant_id = $tenant_id AND m.type = 'PROCEDURAL' AND m.tx_to IS NULL
  AND m.lifecycle = $deprecated
WITH m
ORDER BY m.version_sort DESC, m.memory_id DESC
LIMIT 1
OPTIONAL MATCH (r:WriteReceipt)-[:WROTE]->(m)
WITH m, min(r.actor) AS author
RETURN m {.*, embedding: null} AS m, author
