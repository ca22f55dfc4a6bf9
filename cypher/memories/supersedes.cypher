// mode: read
// The versions one memory supersedes (its SUPERSEDES edges out), one page, each as
// {memory_id, kind, reason}. Keyset paging (graphmem/paging.py, paging/_page): key =
// [recorded_at, memory_id, kind], the order memories/history gives each version's first page in.
MATCH (v:Memory {tenant_id: $tenant_id, memory_id: $memory_id})-[e:SUPERSEDES]->(t:Memory)
WITH {memory_id: t.memory_id, kind: e.kind, reason: e.reason,
      key: [coalesce(toString(e.recorded_at), ''), coalesce(t.memory_id, ''),
            coalesce(e.kind, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2]
{{> paging/_page}}
