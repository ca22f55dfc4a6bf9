// mode: write
// timeout: long
// Apply a revocation atomically: revoke the target, close what lost all support, flag what kept
// some (NEEDS_REVIEW, reduced confidence), resolve the revoked memories' open conflicts, believe
// again what they had superseded (lifecycle/_reinstate), and store the receipt (its id lists are
// this statement's own $revoked and $review, not shipped a second time inside $receipt).
CALL () {
  MATCH (s:Source {tenant_id: $tenant_id, source_id: $source_id})
  SET s.revoked_at = coalesce(s.revoked_at, $now), s.revocation_reason = $reason
  RETURN count(s) AS sources
}
CALL () {
  UNWIND $revoked AS r
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: r})
  SET m.status = 'REVOKED', m.tx_to = coalesce(m.tx_to, $now)
  RETURN count(m) AS revoked
}
CALL () {
  UNWIND $review AS r
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: r.memory_id})
  SET m.status = 'NEEDS_REVIEW', m.confidence = r.confidence
  RETURN count(m) AS flagged
}
CALL () {
  UNWIND $revoked AS r
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: r})-[c:CONFLICTS_WITH]-(:Memory)
  WHERE c.status = 'OPEN'
  WITH DISTINCT c
  SET c.status = 'RESOLVED', c.resolution = 'REVOKED', c.resolved_at = $now
  RETURN count(c) AS conflicts_resolved
}
{{> lifecycle/_reinstate}}
CREATE (rc:RevocationReceipt)
SET rc += $receipt, rc.revoked_ids = $revoked, rc.review_ids = [r IN $review | r.memory_id]
RETURN rc.receipt_id AS receipt_id, sources, revoked, flagged, conflicts_resolved, reinstated
