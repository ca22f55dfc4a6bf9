// mode: read
// Phase 2: the rows of the memories the ranker kept, with their open conflicts and the citations
// of superseded document revisions. The hard filters are applied again, so a memory superseded
// or erased between the two phases is not returned. (FalkorDB 4.16 miscounts a middle node of an
// OPTIONAL MATCH path: count the last one.) Rows come in the order of $ids: Neo4j's aggregation
// does not keep the order rows arrive in. An open conflict is counted by a CASE in the
// aggregation, not by a WHERE on the OPTIONAL MATCH: FalkorDB 4.16 plans the WHERE form ~0.7 ms
// slower for 40 rows even when no conflict edge exists (bench/history/2026-12-04-retrieve.md).
//
// What can change once a memory is written (status, tx_to, confidence, purposes, the two counts)
// is returned for every row; `fixed` holds everything else (read/hydrate.FIXED, in that order:
// retrieval/_fixed_columns),
// or null for an id in $known: the caller keeps those columns already (a claim's or episode's
// never change; a procedure's release fields do, so its ids are never in $known).
UNWIND range(0, size($ids) - 1) AS rank
WITH rank, $ids[rank] AS id
MATCH (m:Memory {memory_id: id})
WHERE m.tenant_id = $tenant_id
  AND ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND {{> retrieval/_hard_filters}}
OPTIONAL MATCH (m)-[c:CONFLICTS_WITH]-(:Memory)
WITH m, rank, count(CASE WHEN c.status = 'OPEN' THEN 1 END) AS open_conflicts
OPTIONAL MATCH (m)-[:PROVENANCE]->(:Source)<-[:PREVIOUS_REVISION]-(newer:Source)
WITH m, rank, open_conflicts, count(newer) AS stale_sources
ORDER BY rank
RETURN m.memory_id AS memory_id, m.status AS status, m.tx_to AS tx_to,
       m.confidence AS confidence, m.purposes AS purposes, open_conflicts, stale_sources,
       CASE WHEN m.memory_id IN $known THEN null
            ELSE {{> retrieval/_fixed_columns}}
       END AS fixed
