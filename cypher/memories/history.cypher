// mode: read
// A memory's supersession history, one page: every version linked to it through SUPERSEDES
// (either direction, up to 50 hops; the memory itself included), each with the first
// $supersedes_take versions it supersedes (in memories/supersedes' order and key, whose
// listing pages the rest) and how many it supersedes. Keyset paging (graphmem/paging.py,
// paging/_page): key = [recorded_at, valid_from, memory_id], oldest first.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH (m)-[:SUPERSEDES*1..50]-(h:Memory)
WITH m, collect(DISTINCT h) AS others
UNWIND [m] + others AS v
WITH DISTINCT v
OPTIONAL MATCH (v)-[e:SUPERSEDES]->(t:Memory)
WITH v, e, t
ORDER BY coalesce(toString(e.recorded_at), ''), coalesce(t.memory_id, ''), coalesce(e.kind, '')
WITH v, collect(CASE WHEN t IS NULL THEN null ELSE
       {memory_id: t.memory_id, kind: e.kind, reason: e.reason,
        key: [coalesce(toString(e.recorded_at), ''), coalesce(t.memory_id, ''),
              coalesce(e.kind, '')]} END) AS supersedes
WITH {v: v, supersedes: supersedes[0..$supersedes_take], supersedes_total: size(supersedes),
      key: [coalesce(toString(v.recorded_at), ''), coalesce(toString(v.valid_from), ''),
            coalesce(v.memory_id, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2]
{{> paging/_page}}
