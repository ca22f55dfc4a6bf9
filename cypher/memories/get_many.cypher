// mode: read
// Memories of a tenant by id (full nodes: for the few a write supersedes).
UNWIND $memory_ids AS id
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
RETURN m
