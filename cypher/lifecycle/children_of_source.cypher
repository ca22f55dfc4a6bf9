// mode: read
// timeout: long
// Memories that cite or derive from one source (one step of a revocation's lineage walk).
MATCH (s:Source {tenant_id: $tenant_id, source_id: $source_id})<-[:PROVENANCE|DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = s.tenant_id
RETURN DISTINCT m.memory_id AS child
