// mode: read
// timeout: long
// A memory and every version linked to it by SUPERSEDES of any kind (the whole history of the
// claim: the statements it replaced and that replaced it), for an erasure that takes all of it.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH (m)-[:SUPERSEDES*1..50]-(h:Memory)
WITH m, collect(DISTINCT h) AS others
UNWIND [m] + others AS v
WITH DISTINCT v
WHERE v.tenant_id = $tenant_id
RETURN v.memory_id AS memory_id, v.content_hash AS content_hash, v.text AS text,
       v.subject_id AS subject_id
