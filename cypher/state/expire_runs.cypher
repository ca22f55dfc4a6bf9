// mode: write
// timeout: long
// The retention sweep for one tenant: delete the run state of runs whose retention has ended (the
// check is repeated here, so a run written to since it was listed stays), with a receipt.
{{> state/_delete_runs}}
CREATE (rc:LifecycleReceipt {receipt_id: $receipt_id, tenant_id: $tenant_id,
                             kind: 'RUN_STATE_EXPIRY', run_ids: $run_ids, count: runs,
                             recorded_at: $now, actor: $actor})
RETURN runs, checkpoints, tool_receipts
