// mode: read
// timeout: long
// What each memory rests on, one row per support: its PROVENANCE sources and DERIVED_FROM
// origins, each live unless revoked (a source) or revoked or erased (a memory), with the memory's
// confidence. Flat rows, no aggregation: measured on FalkorDB at 10k memories, collecting the
// supports per memory cost about as much again as finding them. A memory with no support has no
// row (nothing grounds it). $erased_subject_id (a subject's erasure; null otherwise) leaves out
// the supports that erasure removes whatever else holds — the subject's memories and the sources
// it owns (recorded about or spoken by it) — which were two thirds of the rows at a 10k subject.
UNWIND $memory_ids AS mid
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: mid})-[:PROVENANCE|DERIVED_FROM]->(x)
WHERE $erased_subject_id IS NULL
   OR NOT coalesce(x.tenant_id = $tenant_id
                   AND (x.subject_id = $erased_subject_id OR x.speaker = $erased_subject_id), false)
RETURN mid AS memory_id, m.confidence AS confidence,
       coalesce('source:' + x.source_id, 'memory:' + x.memory_id) AS support,
       CASE WHEN x.source_id IS NOT NULL THEN x.revoked_at IS NULL
            ELSE NOT coalesce(x.status, '') IN ['REVOKED', 'ERASED'] END AS live
