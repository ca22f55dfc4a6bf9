// mode: read
// The sources a memory cites (ids, kinds, hashes, spans; not source content), one page.
// Keyset paging (graphmem/paging.py, paging/_page): key = [source_id, role, the span's
// content hash] (not the span: it may be long, or sealed).
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})-[p:PROVENANCE]->(s:Source)
WITH {source_id: s.source_id, kind: s.kind, revision: s.revision,
      content_hash: s.content_hash, span: p.span, role: p.role,
      key: [coalesce(s.source_id, ''), coalesce(p.role, ''), coalesce(p.content_hash, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2]
{{> paging/_page}}
