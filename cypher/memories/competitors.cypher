// mode: read
// Every ACTIVE, currently believed memory a new one competes with: same tenant, subject,
// namespace and conflict key (predicate or procedure key). Only what conflict resolution needs:
// a subject may hold thousands of competitors, and their vectors would dominate the cost.
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id, conflict_key: $conflict_key})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
  AND coalesce(m.namespace, '') = coalesce($namespace, '')
RETURN m.memory_id AS memory_id, m.authority AS authority, m.valid_from AS valid_from,
       m.valid_to AS valid_to, m.content_hash AS content_hash
ORDER BY valid_from
