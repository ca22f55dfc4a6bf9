// mode: read
// The release receipts of one procedure key, newest first.
MATCH (r:ReleaseReceipt {tenant_id: $tenant_id, procedure_key: $procedure_key})
RETURN r
ORDER BY r.recorded_at DESC, r.receipt_id DESC
LIMIT $limit
