// mode: read
// timeout: long
// One deletion receipt of a tenant.
MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
RETURN properties(d) AS d
