// mode: read
// timeout: long
// Memories that cite or derive from one source (the first step of a revocation's lineage walk),
// each with what it rests on (lifecycle/_supports).
MATCH (s:Source {tenant_id: $tenant_id, source_id: $source_id})<-[:PROVENANCE|DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = s.tenant_id
WITH DISTINCT m
RETURN m.memory_id AS child, m.confidence AS confidence, {{> lifecycle/_supports}} AS supports
