// mode: read
// The lifecycle receipt of a run's end (its purpose expiry).
MATCH (r:LifecycleReceipt {receipt_id: $receipt_id})
WHERE r.tenant_id = $tenant_id
RETURN r.receipt_id AS receipt_id, r.purpose AS purpose, r.run_id AS run_id,
       r.memory_ids AS expired, r.narrowed_ids AS narrowed, r.recorded_at AS recorded_at
