// mode: read
// Full-text candidates from the engine's index, then the same hard filters (the index itself is
// not tenant-aware; over-fetch $fetch rows, keep the caller's scope).
CALL db.idx.fulltext.queryNodes('Memory', $text) YIELD node, score
WITH node AS m, score AS lexical
LIMIT $fetch
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND ($types IS NULL OR m.type IN $types)
  AND NOT m.status IN ['EXPIRED', 'ERASED', 'REVOKED']
  AND (CASE WHEN $valid_at IS NULL AND $known_at IS NULL THEN m.status = 'ACTIVE' ELSE true END)
  AND (CASE WHEN $known_at IS NULL THEN m.tx_to IS NULL
            ELSE toString(m.recorded_at) <= $known_at AND (m.tx_to IS NULL OR $known_at < toString(m.tx_to)) END)
  AND ($valid_at IS NULL OR (toString(m.valid_from) <= $valid_at AND (m.valid_to IS NULL OR $valid_at < toString(m.valid_to))))
  AND (m.expires_at IS NULL OR m.expires_at > $now)
  AND (size(coalesce(m.purposes, [])) = 0 OR $purpose IN m.purposes)
  AND (NOT m.sensitivity IN ['HIGH', 'RESTRICTED'] OR $purpose IN coalesce(m.purposes, []))
WITH m, lexical, 1.0 - vec.cosineDistance(m.embedding, vecf32($vector)) AS semantic
ORDER BY lexical DESC
LIMIT $limit
RETURN m.memory_id AS memory_id, m.type AS type, m.subject_id AS subject_id, m.namespace AS namespace,
       m.predicate AS predicate, m.object AS object, m.text AS text, m.authority AS authority,
       m.sensitivity AS sensitivity, m.purposes AS purposes, m.importance AS importance,
       m.confidence AS confidence, m.recorded_at AS recorded_at, m.valid_from AS valid_from,
       m.valid_to AS valid_to, m.expires_at AS expires_at, m.status AS status, m.tx_to AS tx_to,
       m.outcome AS outcome, m.goal AS goal, m.environment_json AS environment_json,
       m.tool_version AS tool_version, m.failure_code AS failure_code, m.lifecycle AS lifecycle,
       m.preconditions AS preconditions, m.required_capabilities AS required_capabilities,
       m.procedure_key AS procedure_key, m.version_sort AS version_sort,
       size([(m)-[c:CONFLICTS_WITH]-(:Memory) WHERE c.status = 'OPEN' | 1]) AS open_conflicts,
       size([(m)-[:PROVENANCE]->(:Source)<-[:PREVIOUS_REVISION]-(:Source) | 1]) AS stale_sources, semantic, lexical
