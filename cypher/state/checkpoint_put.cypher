// mode: write
// Store one checkpoint of a run, compare-and-set on the run's version: written only if the run is
// at $expected_version (0: it does not exist yet) and has not ended, else nothing (no row). The
// run node is created with the first checkpoint; each write moves its version, latest checkpoint,
// status and retention. Tool receipts new to the run are recorded (MERGE on the run's key); a
// STARTED one may take its outcome, once.
OPTIONAL MATCH (r:Run {run_key: $run_key})
WITH r
WHERE coalesce(r.version, 0) = $expected_version AND r.ended_at IS NULL
MERGE (run:Run {run_key: $run_key})
  ON CREATE SET run += $run
SET run.version = $checkpoint.version, run.latest_checkpoint_id = $checkpoint.checkpoint_id,
    run.status = $checkpoint.status, run.updated_at = $now, run.expires_at = $expires_at
CREATE (c:Checkpoint)
SET c += $checkpoint
WITH run, c
CALL () {
  UNWIND $new_receipts AS t
  MERGE (x:ToolReceipt {receipt_key: t.receipt_key})
    ON CREATE SET x += t
  RETURN count(x) AS receipts
}
CALL () {
  UNWIND $finished_receipts AS t
  MATCH (x:ToolReceipt {receipt_key: t.receipt_key})
  WHERE x.status = 'STARTED'
  SET x += t
  RETURN count(x) AS finished
}
RETURN c.checkpoint_id AS checkpoint_id, run.version AS version, receipts, finished
