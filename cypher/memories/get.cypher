// mode: read
// One memory of a tenant, by id.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
RETURN m
