// mode: read
// The other side of every OPEN conflict of the given memories (ids only), for the context
// builder's conflict markers. Both ends are bound to the caller's tenant.
MATCH (m:Memory {tenant_id: $tenant_id})-[c:CONFLICTS_WITH]-(o:Memory {tenant_id: $tenant_id})
WHERE m.memory_id IN $memory_ids AND c.status = 'OPEN'
RETURN DISTINCT m.memory_id AS memory_id, o.memory_id AS other_id
ORDER BY memory_id, other_id
