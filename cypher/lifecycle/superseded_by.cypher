// mode: read
// timeout: long
// What the given memories superseded directly — one statement replacing another, not the
// VERSION / REINSTATED links between copies of one statement — with each one's status (one level
// of reinstatement's walk back).
UNWIND $memory_ids AS nid
MATCH (n:Memory {tenant_id: $tenant_id, memory_id: nid})-[e:SUPERSEDES]->(o:Memory)
WHERE o.tenant_id = n.tenant_id AND NOT e.kind IN ['VERSION', 'REINSTATED']
RETURN DISTINCT nid AS newer_id, o.memory_id AS memory_id, o.status AS status
