// mode: read
// timeout: long
// Memories derived from any of the given memories, each once (one level of a lineage walk that
// needs no paths: an erasure), as one row: `children`, a list of ids.
// lifecycle/children_of_memories without the parent.
UNWIND $memory_ids AS pid
MATCH (p:Memory {tenant_id: $tenant_id, memory_id: pid})<-[:DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = p.tenant_id
RETURN collect(DISTINCT m.memory_id) AS children
