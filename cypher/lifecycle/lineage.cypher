// mode: read
// timeout: long
// A lineage walk in one statement (graphmem/lifecycle/lineage): every memory DERIVED_FROM the
// given ones, transitively (a bounded variable-length traversal, each memory once), with what
// each rests on — one row per support: its PROVENANCE sources and
// DERIVED_FROM origins, each live unless revoked (a source) or revoked or erased (a memory),
// `derived` for a DERIVED_FROM edge (the walk's own edges, from which the caller takes the paths).
// A memory with no support has one row with a null support. Measured on FalkorDB at an 11k
// fan-out: one traversal from the start costs a fraction of one index lookup per reached memory
// per level and a second one per memory for its supports.
// $erased_subject_id (a subject's erasure; null otherwise): the subject's memories start the
// walk too (by their subject index, no ids shipped), and neither they nor the supports that
// erasure removes whatever else holds — the subject's memories and the sources it owns (recorded
// about or spoken by it) — are returned.
CALL () {
  UNWIND $memory_ids AS id
  MATCH (p:Memory {tenant_id: $tenant_id, memory_id: id})
  RETURN p
  UNION
  MATCH (p:Memory {subject_id: $erased_subject_id})
  WHERE p.tenant_id = $tenant_id
  RETURN p
}
// the WITH is needed: FalkorDB 4.16 starts a variable-length traversal from a node a CALL { UNION }
// returns as if it were unbound (every memory of the tenant reached at depth 0)
WITH DISTINCT p
MATCH (p)<-[:DERIVED_FROM*0..50]-(m:Memory)
WHERE m.tenant_id = $tenant_id
WITH DISTINCT m
WHERE $erased_subject_id IS NULL OR coalesce(m.subject_id <> $erased_subject_id, true)
OPTIONAL MATCH (m)-[e:PROVENANCE|DERIVED_FROM]->(x)
WHERE $erased_subject_id IS NULL
   OR NOT coalesce(x.tenant_id = $tenant_id
                   AND (x.subject_id = $erased_subject_id OR x.speaker = $erased_subject_id), false)
RETURN m.memory_id AS memory_id, m.confidence AS confidence,
       coalesce('source:' + x.source_id, 'memory:' + x.memory_id) AS support,
       type(e) = 'DERIVED_FROM' AS derived,
       CASE WHEN x IS NULL THEN null
            WHEN x.source_id IS NOT NULL THEN x.revoked_at IS NULL
            ELSE NOT coalesce(x.status, '') IN ['REVOKED', 'ERASED'] END AS live
