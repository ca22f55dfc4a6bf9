// mode: read
// timeout: long
// Ids, hashes and texts of memories about to be erased (the texts only to evict cache entries).
UNWIND $memory_ids AS id
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
RETURN m.memory_id AS memory_id, m.content_hash AS content_hash, m.text AS text,
       m.subject_id AS subject_id
