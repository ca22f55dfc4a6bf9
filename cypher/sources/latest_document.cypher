// mode: read
// The latest recorded revision of a corpus document, by uri.
MATCH (s:Source {tenant_id: $tenant_id, kind: 'DOCUMENT', uri: $uri})
WHERE NOT (s)<-[:PREVIOUS_REVISION]-(:Source)
RETURN s.source_id AS source_id, s.revision AS revision, s.content_hash AS content_hash
ORDER BY s.recorded_at DESC
LIMIT 1
