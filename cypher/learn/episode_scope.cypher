// mode: read
// timeout: long
// The ACTIVE, current episodes one consolidation reads: of one subject or of one namespace (any
// subject of the tenant), recorded at or after $since, oldest first, at most $limit. Only the
// fields the similarity graph and the generator use.
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE m.type = 'EPISODIC'
  AND ($subject_id IS NULL OR m.subject_id = $subject_id)
  AND ($namespace IS NULL OR m.namespace = $namespace)
  AND ($since IS NULL OR m.recorded_at >= $since)
  AND m.status = 'ACTIVE' AND m.tx_to IS NULL
  AND (m.expires_at IS NULL OR m.expires_at > $now)
RETURN m.memory_id AS memory_id, m.subject_id AS subject_id, m.goal AS goal,
       m.actions_json AS actions_json, m.outcome AS outcome,
       m.environment_json AS environment_json, m.failure_code AS failure_code,
       m.procedure AS procedure, m.root_cause AS root_cause, m.run_id AS run_id,
       m.sensitivity AS sensitivity
ORDER BY m.recorded_at, m.memory_id
LIMIT $limit
