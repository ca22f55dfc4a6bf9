// mode: read
// param source_id: id
// What depends on a source: every memory that cites it (PROVENANCE) or derives from it
// (DERIVED_FROM), transitively up to 20 hops, cycles cut; with the shortest chain to the source.
MATCH (s:Source {tenant_id: $tenant_id, source_id: $source_id})
MATCH p = (d:Memory {tenant_id: $tenant_id})-[:PROVENANCE|DERIVED_FROM*1..20]->(s)
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH d, p
ORDER BY length(p)
WITH d, min(length(p)) AS depth,
     collect([n IN nodes(p) | coalesce(n.memory_id, n.source_id)]) AS chains,
     collect([r IN relationships(p) | type(r)]) AS relations
RETURN d.memory_id AS memory_id, d.type AS type, d.subject_id AS subject_id,
       d.status AS status, d.recorded_at AS recorded_at, d.tx_to AS tx_to, depth,
       relations[0][0] AS relation, chains[0] AS chain
ORDER BY depth, memory_id
