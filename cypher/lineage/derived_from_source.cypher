// mode: read
// param source_id: id
// What depends on a source: every memory that cites it (PROVENANCE) or derives from it
// (DERIVED_FROM), transitively up to 20 hops, cycles cut; with the shortest chain to the source.
// Paged (graphmem/paging.py): key = [depth, memory_id].
MATCH (s:Source {tenant_id: $tenant_id, source_id: $source_id})
MATCH p = (d:Memory {tenant_id: $tenant_id})-[:PROVENANCE|DERIVED_FROM*1..20]->(s)
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH d, p
ORDER BY length(p)
WITH d, min(length(p)) AS depth,
     collect([n IN nodes(p) | coalesce(n.memory_id, n.source_id)]) AS chains,
     collect([r IN relationships(p) | type(r)]) AS relations
WITH {memory_id: d.memory_id, type: d.type, subject_id: d.subject_id,
      status: d.status, recorded_at: d.recorded_at, tx_to: d.tx_to, depth: depth,
      relation: relations[0][0], chain: chains[0],
      key: [depth, coalesce(d.memory_id, '')]} AS row
ORDER BY row.key[0], row.key[1]
{{> paging/_page}}
