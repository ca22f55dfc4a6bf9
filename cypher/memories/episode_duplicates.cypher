// mode: read
// The duplicate read of a batch of episode proposals, in one read: row ``i`` of
// $keys (subject, content hash) gets back the memories already recorded with that content.
UNWIND $keys AS k
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: k.subject_id, content_hash: k.content_hash})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
RETURN k.i AS i, m.memory_id AS memory_id, m.authority AS authority,
       m.valid_from AS valid_from, m.valid_to AS valid_to, m.content_hash AS content_hash
ORDER BY i, valid_from
