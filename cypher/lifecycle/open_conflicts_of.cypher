// mode: read
// timeout: long
// The OPEN conflicts of the given memories, each with whether the other side is still believed
// (tx_to open; not revoked, erased or expired), for carrying them to a reinstated version.
UNWIND $memory_ids AS mid
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: mid})-[c:CONFLICTS_WITH]-(o:Memory)
WHERE o.tenant_id = m.tenant_id AND c.status = 'OPEN'
RETURN DISTINCT mid AS memory_id, o.memory_id AS other_id,
       (o.tx_to IS NULL AND NOT o.status IN ['REVOKED', 'ERASED', 'EXPIRED']) AS other_believed
