// mode: read
// timeout: long
// A memory and every copy of the same statement: the version nodes and reinstated versions linked
// to it by SUPERSEDES of kind VERSION or REINSTATED, either way (not the statements it replaced or
// that replaced it), for revoking or erasing one statement.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH p = (m)-[:SUPERSEDES*1..50]-(h:Memory)
WHERE all(e IN relationships(p) WHERE e.kind IN ['VERSION', 'REINSTATED'])
WITH m, collect(DISTINCT h) AS others
UNWIND [m] + others AS v
WITH DISTINCT v
WHERE v.tenant_id = $tenant_id
RETURN v.memory_id AS memory_id, v.content_hash AS content_hash, v.text AS text,
       v.subject_id AS subject_id
