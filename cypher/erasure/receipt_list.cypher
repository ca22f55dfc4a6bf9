// mode: read
// timeout: long
// Deletion receipts of a tenant, newest first.
MATCH (d:DeletionReceipt {tenant_id: $tenant_id})
RETURN d
ORDER BY d.requested_at DESC
LIMIT $limit
