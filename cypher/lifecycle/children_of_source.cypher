// mode: read
// Memories that cite or derive from one source (one step of a revocation's lineage walk).
MATCH (:Source {tenant_id: $tenant_id, source_id: $source_id})<-[:PROVENANCE|DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = $tenant_id
RETURN DISTINCT m.memory_id AS child
