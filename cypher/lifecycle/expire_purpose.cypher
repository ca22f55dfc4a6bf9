// mode: write
// timeout: long
// Purpose expiry: a tenant's memories kept only for this purpose become EXPIRED; memories that also
// serve other purposes lose this one and stay usable for the rest.
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE $purpose IN coalesce(m.purposes, []) AND NOT m.status IN ['EXPIRED', 'ERASED']
{{> lifecycle/_drop_purpose}}
CREATE (r:LifecycleReceipt {receipt_id: $receipt_id, tenant_id: $tenant_id, kind: 'PURPOSE_EXPIRY',
                            purpose: $purpose, memory_ids: expired, narrowed_ids: narrowed,
                            count: size(expired), recorded_at: $now, actor: $actor})
RETURN expired, narrowed
