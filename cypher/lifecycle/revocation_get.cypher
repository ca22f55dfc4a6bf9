// mode: read
// timeout: long
// One revocation receipt of a tenant.
MATCH (r:RevocationReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
RETURN r
