// mode: read
// The versions of one procedure key, lowest version first, each with the principal whose
// proposal wrote it (the author: a reviewer may not review their own version).
MATCH (m:Procedure {tenant_id: $tenant_id, procedure_key: $procedure_key})
WHERE m.tx_to IS NULL
OPTIONAL MATCH (r:WriteReceipt)-[:WROTE]->(m)
WITH m, min(r.actor) AS author
RETURN m, author
ORDER BY m.version_sort
LIMIT $limit
