// mode: read
// The sources a memory cites (ids, kinds, hashes, spans; not source content).
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})-[p:PROVENANCE]->(s:Source)
RETURN s.source_id AS source_id, s.kind AS kind, s.revision AS revision,
       s.content_hash AS content_hash, p.span AS span, p.role AS role
ORDER BY s.source_id
