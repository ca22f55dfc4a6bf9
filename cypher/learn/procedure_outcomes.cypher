// mode: read
// Outcome episodes citing any of $refs (key@version) recorded since $since, newest first:
// what a release's health is computed from.
MATCH (e:Memory)
WHERE e.procedure IN $refs AND e.tenant_id = $tenant_id AND e.type = 'EPISODIC'
  AND e.status = 'ACTIVE' AND e.recorded_at >= $since
RETURN e.memory_id AS memory_id, e.procedure AS ref, e.outcome AS outcome,
       e.failure_code AS failure_code, e.environment_json AS environment_json
ORDER BY e.recorded_at DESC
LIMIT $limit
