// mode: write
// timeout: long
// First statement of an erasure (graphmem/lifecycle/erase): record its DeletionReceipt, not yet
// completed (completed_at unset: the plan a re-run finishes), flag the dependants that keep other
// support (NEEDS_REVIEW) and believe again what the erased memories had superseded
// (lifecycle/_reinstate) — the only steps that are not idempotent, so they land together with
// the receipt or not at all. The deletions follow in batches (erasure/delete_*), erasure/finish
// last.
CALL () {
  UNWIND $review_ids AS id
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
  SET m.status = 'NEEDS_REVIEW'
  RETURN count(*) AS flagged
}
{{> lifecycle/_reinstate}}
{{> schema/_forget_epoch}}
CREATE (d:DeletionReceipt)
SET d += $receipt, d.progress_flagged = flagged, d.progress_reinstated = reinstated
RETURN flagged, reinstated
