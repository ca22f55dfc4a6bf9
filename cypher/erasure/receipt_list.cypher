// mode: read
// timeout: long
// Deletion receipts of a tenant, newest first, with the tenant's total. Keyset paging
// (graphmem/paging.py): key = [requested_at, receipt_id] descending; $after is the key of the
// last row handed out (null: the first page) and the page is the next $take rows after it.
MATCH (d:DeletionReceipt {tenant_id: $tenant_id})
WITH d, [coalesce(toString(d.requested_at), ''), coalesce(d.receipt_id, '')] AS key
ORDER BY key[0] DESC, key[1] DESC
WITH collect({d: d, key: key}) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL OR r.key[0] < $after[0]
          OR (r.key[0] = $after[0] AND r.key[1] < $after[1])][0..$take] AS page
