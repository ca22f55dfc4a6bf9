// mode: read
// Phase 2: the full rows of the memories the ranker kept, with their open conflicts and the
// citations of superseded document revisions. The hard filters are applied again, so a memory
// superseded or erased between the two phases is not returned. (FalkorDB 4.16 miscounts a middle
// node of an OPTIONAL MATCH path: count the last one.) Rows come in the order of $ids: Neo4j's
// aggregation does not keep the order rows arrive in.
UNWIND range(0, size($ids) - 1) AS rank
WITH rank, $ids[rank] AS id
MATCH (m:Memory {memory_id: id})
WHERE m.tenant_id = $tenant_id
  AND ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND {{> retrieval/_hard_filters}}
OPTIONAL MATCH (m)-[c:CONFLICTS_WITH]-(:Memory)
WHERE c.status = 'OPEN'
WITH m, rank, count(c) AS open_conflicts
OPTIONAL MATCH (m)-[:PROVENANCE]->(:Source)<-[:PREVIOUS_REVISION]-(newer:Source)
WITH m, rank, open_conflicts, count(newer) AS stale_sources
ORDER BY rank
RETURN m.memory_id AS memory_id, m.type AS type, m.subject_id AS subject_id, m.namespace AS namespace,
       m.predicate AS predicate, m.object AS object, m.text AS text, m.authority AS authority,
       m.sensitivity AS sensitivity, m.purposes AS purposes, m.importance AS importance,
       m.confidence AS confidence, m.recorded_at AS recorded_at, m.valid_from AS valid_from,
       m.valid_to AS valid_to, m.expires_at AS expires_at, m.status AS status, m.tx_to AS tx_to,
       m.outcome AS outcome, m.goal AS goal, m.environment_json AS environment_json,
       m.tool_version AS tool_version, m.failure_code AS failure_code, m.lifecycle AS lifecycle,
       m.preconditions AS preconditions, m.required_capabilities AS required_capabilities,
       m.procedure_key AS procedure_key, m.version AS version, m.version_sort AS version_sort,
       m.release_role AS release_role, m.canary_percent AS canary_percent,
       open_conflicts, stale_sources
