// mode: read
// param memory_id: id
// All versions of a claim: every memory linked to the given one through SUPERSEDES (either
// direction, up to 50 hops), each with the kinds and reasons of what it supersedes.
// Paged (graphmem/paging.py): key = [recorded_at, valid_from, memory_id].
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH p = (m)-[:SUPERSEDES*1..50]-(h:Memory {tenant_id: $tenant_id})
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH m, collect(DISTINCT h) AS others
UNWIND [m] + others AS v
WITH DISTINCT v
OPTIONAL MATCH (v)-[e:SUPERSEDES]->(t:Memory {tenant_id: $tenant_id})
WITH v, e, t
ORDER BY t.recorded_at, t.memory_id
WITH v, collect(CASE WHEN t IS NULL THEN null
                     ELSE {memory_id: t.memory_id, kind: e.kind, reason: e.reason} END) AS supersedes
WITH {memory_id: v.memory_id, predicate: v.predicate, object: v.object,
      status: v.status, valid_from: v.valid_from, valid_to: v.valid_to,
      recorded_at: v.recorded_at, tx_to: v.tx_to, supersedes: supersedes,
      key: [coalesce(toString(v.recorded_at), ''), coalesce(toString(v.valid_from), ''),
            coalesce(v.memory_id, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2]
{{> paging/_page}}
