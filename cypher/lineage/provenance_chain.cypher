// mode: read
// param memory_id: id
// Where a memory came from: every source it rests on, directly or through DERIVED_FROM origins
// (transitively, up to 20 hops, cycles cut), with citing memory, spans, hashes and the chain.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
MATCH p = (m)-[:DERIVED_FROM*0..20]->(o:Memory {tenant_id: $tenant_id})
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH o, p
ORDER BY length(p)
WITH o, min(length(p)) AS depth,
     collect([n IN nodes(p) | n.memory_id]) AS chains,
     collect([r IN relationships(p) | r.method]) AS methods
MATCH (o)-[e:PROVENANCE|DERIVED_FROM]->(s:Source {tenant_id: $tenant_id})
RETURN DISTINCT s.source_id AS source_id, s.kind AS source_kind, s.revision AS revision,
       s.content_hash AS source_hash, s.uri AS uri, o.memory_id AS cited_by,
       type(e) AS relation, e.span AS span, e.content_hash AS content_hash, e.role AS role,
       e.method AS method, e.policy_version AS policy_version, depth + 1 AS depth,
       chains[0] AS chain, methods[0] AS chain_methods
ORDER BY depth, source_id, cited_by
