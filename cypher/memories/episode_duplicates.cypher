// mode: read
// An episode already recorded with the same content for this subject.
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id, content_hash: $content_hash})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
RETURN m.memory_id AS memory_id, m.authority AS authority, m.valid_from AS valid_from,
       m.valid_to AS valid_to, m.content_hash AS content_hash
LIMIT 1
