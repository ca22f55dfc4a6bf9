// mode: read
// One memory of a tenant, by id (an insight candidate is read at /v1/insights/{id}).
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE m.type <> 'INSIGHT'
RETURN m
