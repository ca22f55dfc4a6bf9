// mode: read
// One insight of a tenant with its source episodes and counterexamples.
MATCH (i:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE i.type = 'INSIGHT'
OPTIONAL MATCH (i)-[:DERIVED_FROM]->(e:Episode)
WITH i, collect(e.memory_id) AS sources
OPTIONAL MATCH (c:Episode)-[x:COUNTEREXAMPLE_OF]->(i)
WITH i, sources, collect(CASE WHEN c IS NULL THEN null ELSE
  {episode_id: c.memory_id, outcome: c.outcome, within_condition: x.within_condition,
   root_cause: x.root_cause} END) AS counterexamples
RETURN i, sources, counterexamples
