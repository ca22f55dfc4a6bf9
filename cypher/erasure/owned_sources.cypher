// mode: read
// Sources to erase with a set of memories: the subject's own sources (recorded about or spoken by
// the subject), and cited sources that no other memory cites. Also which other memories cite them.
MATCH (s:Source {tenant_id: $tenant_id})
WHERE ($subject_id IS NOT NULL AND (s.subject_id = $subject_id OR s.speaker = $subject_id))
   OR s.source_id IN $cited_ids
WITH s, [(s)<-[:PROVENANCE|DERIVED_FROM]-(c:Memory) | c.memory_id] AS citers
WITH s, [c IN citers WHERE NOT c IN $memory_ids] AS others
WHERE ($subject_id IS NOT NULL AND (s.subject_id = $subject_id OR s.speaker = $subject_id))
   OR size(others) = 0
RETURN s.source_id AS source_id, s.content_hash AS content_hash, others AS other_citers
