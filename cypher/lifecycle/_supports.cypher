// What the memory `m` rests on, as `[ref, live]` pairs: its PROVENANCE sources and DERIVED_FROM
// origins, each live unless revoked (a source) or revoked or erased (a memory). One expression,
// read per memory, so a lineage walk gets every reached memory's supports with the memory.
[(m)-[:PROVENANCE|DERIVED_FROM]->(x) |
  [CASE WHEN x.source_id IS NOT NULL THEN 'source:' + x.source_id
        ELSE 'memory:' + x.memory_id END,
   CASE WHEN x.source_id IS NOT NULL THEN x.revoked_at IS NULL
        ELSE NOT coalesce(x.status, '') IN ['REVOKED', 'ERASED'] END]]
