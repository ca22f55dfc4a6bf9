// mode: read
// timeout: long
// Every memory node of a subject (all versions and statuses), with what erasure must account for.
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
RETURN m.memory_id AS memory_id, m.content_hash AS content_hash, m.text AS text,
       m.subject_id AS subject_id
