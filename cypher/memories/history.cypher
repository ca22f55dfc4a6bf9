// mode: read
// A memory's supersession history: every version linked to it through SUPERSEDES (either
// direction), each with the versions it supersedes.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH (m)-[:SUPERSEDES*1..50]-(h:Memory)
WITH m, collect(DISTINCT h) AS others
UNWIND [m] + others AS v
WITH DISTINCT v
OPTIONAL MATCH (v)-[e:SUPERSEDES]->(t:Memory)
RETURN v, collect({memory_id: t.memory_id, kind: e.kind, reason: e.reason}) AS supersedes
ORDER BY v.recorded_at, v.valid_from
