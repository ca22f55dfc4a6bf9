// mode: read
// Every ACTIVE, currently believed memory a new one competes with: same tenant, subject,
// namespace and conflict key (predicate or procedure key). Valid-time overlap is decided after.
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id, conflict_key: $conflict_key})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
  AND coalesce(m.namespace, '') = coalesce($namespace, '')
RETURN m
ORDER BY m.valid_from
