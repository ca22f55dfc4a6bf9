// mode: read
// The release receipts of one procedure key, one page, newest first. Keyset paging
// (graphmem/paging.py, paging/_page_desc): key = [recorded_at, receipt_id] descending.
MATCH (r:ReleaseReceipt {procedure_key: $procedure_key})
WHERE r.tenant_id = $tenant_id
WITH {r: r, key: [coalesce(toString(r.recorded_at), ''), coalesce(r.receipt_id, '')]} AS row
ORDER BY row.key[0] DESC, row.key[1] DESC
{{> paging/_page_desc}}
