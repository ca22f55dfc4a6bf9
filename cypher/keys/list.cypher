// mode: read
// API keys of a tenant (never the hash), oldest first, with the tenant's total. Keyset paging
// (graphmem/paging.py): key = [created_at, key_id]; $after is the key of the last row handed out
// (null: the first page) and the page is the next $take rows after it.
MATCH (k:ApiKey {tenant_id: $tenant_id})
WITH k, [coalesce(toString(k.created_at), ''), coalesce(k.key_id, '')] AS key
ORDER BY key[0], key[1]
WITH collect({key_id: k.key_id, principal_id: k.principal_id, roles: k.roles,
              subject_id: k.subject_id, grants: k.grants, created_at: k.created_at,
              revoked_at: k.revoked_at, key: key}) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL OR r.key[0] > $after[0]
          OR (r.key[0] = $after[0] AND r.key[1] > $after[1])][0..$take] AS page
