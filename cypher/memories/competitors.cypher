// mode: read
// The conflict read of a batch of proposals, in one read: row ``i`` of $keys
// (subject, conflict key, namespace) gets back every ACTIVE, currently believed memory it
// competes with, only what conflict resolution needs (no vectors).
UNWIND $keys AS k
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: k.subject_id, conflict_key: k.conflict_key})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
  AND coalesce(m.namespace, '') = coalesce(k.namespace, '')
RETURN k.i AS i, m.memory_id AS memory_id, m.authority AS authority,
       m.valid_from AS valid_from, m.valid_to AS valid_to, m.content_hash AS content_hash
ORDER BY i, valid_from
