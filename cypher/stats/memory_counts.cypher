// mode: read
// How many memories a tenant holds, by type and status.
MATCH (m:Memory {tenant_id: $tenant_id})
RETURN m.type AS type, m.status AS status, count(m) AS memories
ORDER BY type, status
