// mode: write
// Record a review decision on an insight, only if it is still in the review state it was read
// in ($expected: a concurrent review changes nothing), with a receipt.
MATCH (i:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE i.type = 'INSIGHT' AND i.review_status = $expected AND NOT i.status IN ['REVOKED', 'ERASED']
SET i += $changes
CREATE (r:InsightReview)
SET r += $receipt
RETURN i.memory_id AS memory_id, r.review_id AS review_id
