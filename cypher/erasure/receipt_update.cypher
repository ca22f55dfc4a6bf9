// mode: write
// timeout: long
// Record a deletion receipt's completion or verification outcome.
MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
SET d += $changes
RETURN d.receipt_id AS receipt_id
