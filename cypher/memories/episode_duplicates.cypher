// mode: read
// An episode already recorded with the same content for this subject.
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id, content_hash: $content_hash})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
RETURN m
LIMIT 1
