// mode: read
// timeout: long
// The (tenant, subject) pairs with ACTIVE episodes recorded at or after $since: what the scheduled
// consolidation revisits (every tenant: the schedule runs inside the service, as the sweep does).
MATCH (m:Memory)
WHERE m.type = 'EPISODIC' AND m.status = 'ACTIVE' AND m.recorded_at >= $since
RETURN DISTINCT m.tenant_id AS tenant_id, m.subject_id AS subject_id
LIMIT 10000
