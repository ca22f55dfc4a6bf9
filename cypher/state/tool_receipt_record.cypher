// mode: write
// Record a tool call of an open run unless its idempotency key is already recorded (MERGE on the
// run's key): the receipt as stored, and whether this write created it ($write_id).
MATCH (r:Run {run_key: $run_key})
WHERE r.ended_at IS NULL
MERGE (t:ToolReceipt {receipt_key: $receipt_key})
  ON CREATE SET t += $receipt, t.write_id = $write_id
RETURN t, t.write_id = $write_id AS created
