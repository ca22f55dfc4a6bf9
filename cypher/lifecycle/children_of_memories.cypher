// mode: read
// timeout: long
// Memories derived from any of the given memories (one level of a lineage walk). Anchored on the
// parent by index; the child's tenant is compared to the parent's (not looked up by tenant, which
// would scan the whole tenant per id).
UNWIND $memory_ids AS pid
MATCH (p:Memory {tenant_id: $tenant_id, memory_id: pid})<-[:DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = p.tenant_id
RETURN DISTINCT pid AS parent, m.memory_id AS child
