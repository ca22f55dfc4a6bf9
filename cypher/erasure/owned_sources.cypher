// mode: read
// timeout: long
// Candidate sources to erase with a set of memories: the subject's own sources (recorded about or
// spoken by the subject) and the sources the erased memories cite, each with every memory citing
// it (the caller keeps those cited by nobody else). Every branch is an index lookup: the two
// ownership properties each by their own index (an OR of the two would scan the tenant's
// sources), the cited ones id by id.
CALL () {
  MATCH (s:Source {subject_id: $subject_id})
  WHERE s.tenant_id = $tenant_id
  RETURN s
  UNION
  MATCH (s:Source {speaker: $subject_id})
  WHERE s.tenant_id = $tenant_id
  RETURN s
  UNION
  UNWIND $cited_ids AS id
  MATCH (s:Source {source_id: id})
  WHERE s.tenant_id = $tenant_id
  RETURN s
}
WITH DISTINCT s
RETURN s.source_id AS source_id, s.content_hash AS content_hash,
       ($subject_id IS NOT NULL AND (s.subject_id = $subject_id OR s.speaker = $subject_id)) AS owned,
       [(s)<-[:PROVENANCE|DERIVED_FROM]-(c:Memory) | c.memory_id] AS citers
