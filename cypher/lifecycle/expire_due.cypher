// mode: write
// timeout: long
// Expiry sweep: memories past expires_at become EXPIRED (retention, not validity), optionally for
// one tenant; a receipt per tenant records the ids.
MATCH (m:Memory)
WHERE m.status IN ['ACTIVE', 'NEEDS_REVIEW', 'SUPERSEDED'] AND m.expires_at IS NOT NULL
  AND toString(m.expires_at) <= $now AND ($tenant_id IS NULL OR m.tenant_id = $tenant_id)
SET m.status = 'EXPIRED'
WITH m.tenant_id AS tenant, collect(m.memory_id) AS ids
CREATE (r:LifecycleReceipt {receipt_id: $receipt_prefix + '_' + tenant, tenant_id: tenant,
                            kind: 'EXPIRY', memory_ids: ids, count: size(ids), recorded_at: $now,
                            actor: $actor})
RETURN tenant, ids
