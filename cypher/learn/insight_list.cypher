// mode: read
// Insights of a tenant, newest first, with their source episodes and counterexamples. $status is
// the public status (learn/insight.py public_status): REVOKED by lineage, REOPENED when lineage
// flagged an approved one, else the review status. $subject_ids: the subjects the key may read
// (null: the whole tenant).
MATCH (i:Memory {tenant_id: $tenant_id})
WHERE i.type = 'INSIGHT' AND ($subject_ids IS NULL OR i.subject_id IN $subject_ids)
  AND ($subject_id IS NULL OR i.subject_id = $subject_id)
  AND ($namespace IS NULL OR i.namespace = $namespace)
WITH i, CASE
    WHEN i.status IN ['REVOKED', 'ERASED'] THEN 'REVOKED'
    WHEN i.status = 'NEEDS_REVIEW' AND i.review_status = 'APPROVED' THEN 'REOPENED'
    ELSE i.review_status END AS public_status
WHERE $status IS NULL OR public_status = $status
WITH i ORDER BY i.recorded_at DESC, i.memory_id SKIP $offset LIMIT $limit
OPTIONAL MATCH (i)-[:DERIVED_FROM]->(e:Episode)
WITH i, collect(e.memory_id) AS sources
OPTIONAL MATCH (c:Episode)-[x:COUNTEREXAMPLE_OF]->(i)
WITH i, sources, collect(CASE WHEN c IS NULL THEN null ELSE
  {episode_id: c.memory_id, outcome: c.outcome, within_condition: x.within_condition,
   root_cause: x.root_cause} END) AS counterexamples
RETURN i, sources, counterexamples
ORDER BY i.recorded_at DESC, i.memory_id
