// mode: read
// How many memories a tenant holds, by type and status.
// Paged (graphmem/paging.py): key = [type, status].
MATCH (m:Memory {tenant_id: $tenant_id})
WITH m.type AS type, m.status AS status, count(m) AS memories
WITH {type: type, status: status, memories: memories,
      key: [coalesce(type, ''), coalesce(status, '')]} AS row
ORDER BY row.key[0], row.key[1]
{{> paging/_page}}
