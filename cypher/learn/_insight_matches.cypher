// The insights of a listing (learn/insight_list, learn/insight_count): tenant, the subjects the
// key may read ($subject_ids, null: the whole tenant), $subject_id, $namespace, and $status, the
// public status (learn/insight.py public_status): REVOKED by lineage, REOPENED when lineage
// flagged an approved one, else the review status. Yields `i`.
MATCH (i:Memory {tenant_id: $tenant_id})
WHERE i.type = 'INSIGHT' AND ($subject_ids IS NULL OR i.subject_id IN $subject_ids)
  AND ($subject_id IS NULL OR i.subject_id = $subject_id)
  AND ($namespace IS NULL OR i.namespace = $namespace)
WITH i, CASE
    WHEN i.status IN ['REVOKED', 'ERASED'] THEN 'REVOKED'
    WHEN i.status = 'NEEDS_REVIEW' AND i.review_status = 'APPROVED' THEN 'REOPENED'
    ELSE i.review_status END AS public_status
WHERE $status IS NULL OR public_status = $status
