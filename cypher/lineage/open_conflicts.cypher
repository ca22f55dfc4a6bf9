// mode: read
// param subject_id: subject?
// Unresolved contradictions: CONFLICTS_WITH edges with status OPEN, both ends in the tenant;
// pass subject_id=null for every subject.
MATCH (a:Memory {tenant_id: $tenant_id})-[c:CONFLICTS_WITH]->(b:Memory {tenant_id: $tenant_id})
WHERE c.status = 'OPEN'
  AND ($subject_id IS NULL OR a.subject_id = $subject_id OR b.subject_id = $subject_id)
RETURN DISTINCT a.memory_id AS memory_id, b.memory_id AS conflicts_with,
       a.subject_id AS subject_id, a.predicate AS predicate, a.object AS object,
       b.object AS other_object, a.status AS status, b.status AS other_status,
       a.valid_from AS valid_from, b.valid_from AS other_valid_from,
       c.recorded_at AS detected_at
ORDER BY detected_at, memory_id, conflicts_with
