// mode: read
// Approved, live insights of one subject or one namespace (null: any), with the episodes already
// linked to them: what a new counterexample can reopen.
MATCH (i:Memory {tenant_id: $tenant_id})
WHERE i.type = 'INSIGHT' AND i.review_status = 'APPROVED' AND i.status = 'ACTIVE'
  AND ($subject_id IS NULL OR i.subject_id = $subject_id)
  AND ($namespace IS NULL OR i.namespace = $namespace)
OPTIONAL MATCH (i)-[:DERIVED_FROM]->(e:Episode)
WITH i, collect(e.memory_id) AS sources
OPTIONAL MATCH (c:Episode)-[:COUNTEREXAMPLE_OF]->(i)
RETURN i, sources, collect(c.memory_id) AS counters
LIMIT 1000
