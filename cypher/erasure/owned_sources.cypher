// mode: read
// timeout: long
// Candidate sources to erase with a set of memories: the subject's own sources (recorded about or
// spoken by the subject) and the sources the erased memories cite, each with whether the subject
// owns it and the memories that cite it and are not erased (the caller keeps those cited by
// nobody else). A subject's erasure erases every memory of the subject, so the engine finds
// them itself (no ids shipped) and a citer is "not erased" when it is another subject's; one
// memory's erasure gives its copies in $memory_ids ($subject_id null). Every branch is an index
// lookup: the two ownership properties each by their own index (an OR of the two would scan
// the tenant's sources), the cited ones through the memories.
CALL () {
  MATCH (s:Source {subject_id: $subject_id})
  WHERE s.tenant_id = $tenant_id
  RETURN s
  UNION
  MATCH (s:Source {speaker: $subject_id})
  WHERE s.tenant_id = $tenant_id
  RETURN s
  UNION
  MATCH (m:Memory {subject_id: $subject_id})-[:PROVENANCE|DERIVED_FROM]->(s:Source)
  WHERE m.tenant_id = $tenant_id
  RETURN s
  UNION
  UNWIND $memory_ids AS id
  MATCH (:Memory {tenant_id: $tenant_id, memory_id: id})-[:PROVENANCE|DERIVED_FROM]->(s:Source)
  RETURN s
}
WITH DISTINCT s
RETURN s.source_id AS source_id, s.content_hash AS content_hash,
       ($subject_id IS NOT NULL AND (s.subject_id = $subject_id OR s.speaker = $subject_id)) AS owned,
       [(s)<-[:PROVENANCE|DERIVED_FROM]-(c:Memory)
          WHERE NOT coalesce(c.tenant_id = $tenant_id AND c.subject_id = $subject_id, false)
            AND NOT c.memory_id IN $memory_ids | c.memory_id] AS other_citers
