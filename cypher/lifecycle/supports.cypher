// mode: read
// timeout: long
// What each memory rests on: its PROVENANCE sources and DERIVED_FROM origins, and whether each
// support is still live (source not revoked; memory not revoked or erased).
UNWIND $memory_ids AS mid
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: mid})
OPTIONAL MATCH (m)-[:PROVENANCE|DERIVED_FROM]->(x)
WITH m, x
RETURN m.memory_id AS memory_id, m.status AS status, m.confidence AS confidence,
       collect(CASE WHEN x IS NULL THEN null
                    WHEN x.source_id IS NOT NULL THEN 'source:' + x.source_id
                    ELSE 'memory:' + x.memory_id END) AS supports,
       collect(CASE WHEN x IS NULL THEN null
                    WHEN x.source_id IS NOT NULL THEN x.revoked_at IS NULL
                    ELSE NOT x.status IN ['REVOKED', 'ERASED'] END) AS live
