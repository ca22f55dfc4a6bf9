// mode: read
// param memory_id: id
// Where a memory came from: every source it rests on, directly or through DERIVED_FROM origins
// (transitively, up to 20 hops, cycles cut), with citing memory, spans, hashes and the chain.
// Paged (graphmem/paging.py): key = [depth, source_id, cited_by, relation, role, span hash].
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
MATCH p = (m)-[:DERIVED_FROM*0..20]->(o:Memory {tenant_id: $tenant_id})
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH o, p
ORDER BY length(p)
WITH o, min(length(p)) AS depth,
     collect([n IN nodes(p) | n.memory_id]) AS chains,
     collect([r IN relationships(p) | r.method]) AS methods
MATCH (o)-[e:PROVENANCE|DERIVED_FROM]->(s:Source {tenant_id: $tenant_id})
WITH DISTINCT {source_id: s.source_id, source_kind: s.kind, revision: s.revision,
      source_hash: s.content_hash, uri: s.uri, cited_by: o.memory_id,
      relation: type(e), span: e.span, content_hash: e.content_hash, role: e.role,
      method: e.method, policy_version: e.policy_version, depth: depth + 1,
      chain: chains[0], chain_methods: methods[0],
      key: [depth + 1, coalesce(s.source_id, ''), coalesce(o.memory_id, ''), type(e),
            coalesce(e.role, ''), coalesce(e.content_hash, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2], row.key[3], row.key[4], row.key[5]
{{> paging/_page}}
