// mode: read
// The receipt an idempotency key already produced in this tenant.
MATCH (r:WriteReceipt {idempotency_scope: $idempotency_scope})
RETURN r
