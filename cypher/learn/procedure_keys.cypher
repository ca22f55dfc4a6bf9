// mode: read
// The procedure keys of a tenant: how many versions each has, and which serve as stable and
// canary; with the number of keys. Keyset paging (graphmem/paging.py): key = [procedure_key];
// $after is the key of the last row handed out (null: the first page) and the page is the next
// $take keys after it.
MATCH (m:Procedure {tenant_id: $tenant_id})
WHERE m.tx_to IS NULL
WITH m.procedure_key AS procedure_key, count(m) AS versions,
     collect(CASE WHEN m.release_role = 'STABLE' THEN m.version END) AS stable,
     collect(CASE WHEN m.release_role = 'CANARY' THEN m.version END) AS canary
ORDER BY procedure_key
WITH collect({procedure_key: procedure_key, versions: versions, stable: head(stable),
              canary: head(canary), key: [coalesce(procedure_key, '')]}) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL OR r.key[0] > $after[0]][0..$take] AS page
