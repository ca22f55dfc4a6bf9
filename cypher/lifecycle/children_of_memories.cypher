// mode: read
// Memories derived from any of the given memories (one level of a revocation's lineage walk).
UNWIND $memory_ids AS pid
MATCH (:Memory {tenant_id: $tenant_id, memory_id: pid})<-[:DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = $tenant_id
RETURN DISTINCT pid AS parent, m.memory_id AS child
