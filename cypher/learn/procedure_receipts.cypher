// mode: read
// The release receipts of one procedure key, newest first.
MATCH (r:ReleaseReceipt {procedure_key: $procedure_key})
WHERE r.tenant_id = $tenant_id
RETURN r
ORDER BY r.recorded_at DESC, r.receipt_id DESC
LIMIT $limit
