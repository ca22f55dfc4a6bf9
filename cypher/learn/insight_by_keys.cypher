// mode: read
// The live (not revoked or erased) insights of a tenant with the given identity keys, with the
// episodes already linked to them as support or as counterexamples.
UNWIND $insight_keys AS k
MATCH (i:Memory {tenant_id: $tenant_id, insight_key: k})
WHERE i.type = 'INSIGHT' AND NOT i.status IN ['REVOKED', 'ERASED']
OPTIONAL MATCH (i)-[:DERIVED_FROM]->(e:Episode)
WITH i, collect(e.memory_id) AS sources
OPTIONAL MATCH (c:Episode)-[:COUNTEREXAMPLE_OF]->(i)
RETURN i, sources, collect(c.memory_id) AS counters
