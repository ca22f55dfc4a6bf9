// mode: read
// param memory_id: id
// All versions of a claim: every memory linked to the given one through SUPERSEDES (either
// direction, up to 50 hops), each with the kinds and reasons of what it supersedes.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH p = (m)-[:SUPERSEDES*1..50]-(h:Memory {tenant_id: $tenant_id})
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH m, collect(DISTINCT h) AS others
UNWIND [m] + others AS v
WITH DISTINCT v
OPTIONAL MATCH (v)-[e:SUPERSEDES]->(t:Memory {tenant_id: $tenant_id})
WITH v, e, t
ORDER BY t.recorded_at, t.memory_id
RETURN v.memory_id AS memory_id, v.predicate AS predicate, v.object AS object,
       v.status AS status, v.valid_from AS valid_from, v.valid_to AS valid_to,
       v.recorded_at AS recorded_at, v.tx_to AS tx_to,
       collect(CASE WHEN t IS NULL THEN null
                    ELSE {memory_id: t.memory_id, kind: e.kind, reason: e.reason} END) AS supersedes
ORDER BY recorded_at, valid_from, memory_id
