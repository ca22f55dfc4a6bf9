// mode: read
// One write receipt of a tenant.
MATCH (r:WriteReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
RETURN r
