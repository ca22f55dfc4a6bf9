// mode: read
// param subject_id: subject?
// Unresolved contradictions: CONFLICTS_WITH edges with status OPEN, both ends in the tenant;
// pass subject_id=null for every subject.
// Paged (graphmem/paging.py): key = [detected_at, memory_id, conflicts_with].
MATCH (a:Memory {tenant_id: $tenant_id})-[c:CONFLICTS_WITH]->(b:Memory {tenant_id: $tenant_id})
WHERE c.status = 'OPEN'
  AND ($subject_id IS NULL OR a.subject_id = $subject_id OR b.subject_id = $subject_id)
WITH DISTINCT {memory_id: a.memory_id, conflicts_with: b.memory_id,
      subject_id: a.subject_id, predicate: a.predicate, object: a.object,
      other_object: b.object, status: a.status, other_status: b.status,
      valid_from: a.valid_from, other_valid_from: b.valid_from,
      detected_at: c.recorded_at,
      key: [coalesce(toString(c.recorded_at), ''), coalesce(a.memory_id, ''),
            coalesce(b.memory_id, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2]
{{> paging/_page}}
