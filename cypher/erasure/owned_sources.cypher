// mode: read
// timeout: long
// Candidate sources to erase with a set of memories: the subject's own sources (recorded about or
// spoken by the subject) and the sources the erased memories cite, each with every memory citing
// it (the caller keeps those cited by nobody else). Looked up by index, id by id.
CALL () {
  MATCH (s:Source {tenant_id: $tenant_id})
  WHERE $subject_id IS NOT NULL AND (s.subject_id = $subject_id OR s.speaker = $subject_id)
  RETURN s
  UNION
  UNWIND $cited_ids AS id
  MATCH (s:Source {tenant_id: $tenant_id, source_id: id})
  RETURN s
}
WITH DISTINCT s
RETURN s.source_id AS source_id, s.content_hash AS content_hash,
       ($subject_id IS NOT NULL AND (s.subject_id = $subject_id OR s.speaker = $subject_id)) AS owned,
       [(s)<-[:PROVENANCE|DERIVED_FROM]-(c:Memory) | c.memory_id] AS citers
