// Delete run state — the runs of $run_keys, their checkpoints and tool receipts — where the run's
// retention ended by $run_deadline (null: whatever its retention, as an erasure does).
CALL () {
  UNWIND $run_keys AS k
  MATCH (r:Run {run_key: k})
  WHERE $run_deadline IS NULL OR toString(r.expires_at) <= $run_deadline
  CALL (k) {
    MATCH (c:Checkpoint {run_key: k})
    DETACH DELETE c
    RETURN count(*) AS checkpoints
  }
  CALL (k) {
    MATCH (t:ToolReceipt {run_key: k})
    DETACH DELETE t
    RETURN count(*) AS tool_receipts
  }
  DETACH DELETE r
  RETURN count(*) AS runs, sum(checkpoints) AS checkpoints, sum(tool_receipts) AS tool_receipts
}
