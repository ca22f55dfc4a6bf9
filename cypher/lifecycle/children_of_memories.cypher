// mode: read
// timeout: long
// Memories derived from any of the given memories (one level of a lineage walk), as one row:
// `pairs`, one "<parent id> <child id>" string per distinct DERIVED_FROM link (ids are
// server-made, never with whitespace). Anchored on the parent by index; the child's tenant is
// compared to the parent's (not looked up by tenant, which would scan the whole tenant per id).
// One row of strings because a reply's cost is per value: rows of two cells cost ~2.8x as much
// on FalkorDB at 5,000 parents (measured: 487 against 173 ms under load ~10).
UNWIND $memory_ids AS pid
MATCH (p:Memory {tenant_id: $tenant_id, memory_id: pid})<-[:DERIVED_FROM]-(m:Memory)
WHERE m.tenant_id = p.tenant_id
WITH DISTINCT pid, m.memory_id AS child
RETURN collect(pid + ' ' + child) AS pairs
