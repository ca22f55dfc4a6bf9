// mode: write
// Record a source (evidence). A new DOCUMENT revision links to the previous revision of its uri.
CREATE (s:Source)
SET s += $props
WITH s
CALL (s) {
  OPTIONAL MATCH (prev:Source {tenant_id: $tenant_id, source_id: $previous_source_id})
  WITH s, prev WHERE prev IS NOT NULL
  CREATE (s)-[:PREVIOUS_REVISION {recorded_at: s.recorded_at}]->(prev)
  RETURN count(*) AS linked
}
RETURN s.source_id AS source_id, s.content_hash AS content_hash, linked
