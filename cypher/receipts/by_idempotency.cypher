// mode: read
// The receipts idempotency keys already produced in this tenant, for a batch of proposals.
UNWIND $idempotency_scopes AS scope
MATCH (r:WriteReceipt {idempotency_scope: scope})
RETURN scope, r
