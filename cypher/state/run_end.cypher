// mode: write
// timeout: long
// End a run at $version (nothing if it moved on or already ended): its final checkpoint, its
// retention from now, and its purpose's expiry — memories kept for this run whose only purpose
// was the run's expire, those kept for other purposes too lose it — with the lifecycle receipt,
// in one statement.
MATCH (r:Run {run_key: $run_key})
WHERE r.version = $version AND r.ended_at IS NULL
SET r.status = $checkpoint.status, r.version = $checkpoint.version,
    r.latest_checkpoint_id = $checkpoint.checkpoint_id, r.updated_at = $now, r.ended_at = $now,
    r.ended_by = $actor, r.expires_at = $expires_at, r.end_receipt_id = $receipt_id
CREATE (c:Checkpoint)
SET c += $checkpoint
WITH r
CALL () {
  MATCH (m:Memory {tenant_id: $tenant_id, run_id: $run_id})
  WHERE $purpose IS NOT NULL AND $purpose IN coalesce(m.purposes, [])
    AND NOT m.status IN ['EXPIRED', 'ERASED']
  {{> lifecycle/_drop_purpose}}
  RETURN expired, narrowed
}
CREATE (rc:LifecycleReceipt {receipt_id: $receipt_id, tenant_id: $tenant_id, kind: 'RUN_END',
                             run_id: $run_id, purpose: $purpose, status: $checkpoint.status,
                             memory_ids: expired, narrowed_ids: narrowed, count: size(expired),
                             recorded_at: $now, actor: $actor})
RETURN expired, narrowed
