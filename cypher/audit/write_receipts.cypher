// mode: read
// param subject_id: subject?
// param from: timestamp
// param to: timestamp
// Write receipts recorded in [from, to), newest first (for one subject, or null for all):
// decision, memory, actor, reason codes and policy version — ids and codes, never content.
WITH CASE WHEN size($from) = 20 THEN substring($from, 0, 19) + '.000000Z' ELSE $from END AS t0,
     CASE WHEN size($to) = 20 THEN substring($to, 0, 19) + '.000000Z' ELSE $to END AS t1
MATCH (r:WriteReceipt {tenant_id: $tenant_id})
// (coalesce() keeps FalkorDB off its range index, which drops `<` on indexed strings.)
WITH r, t0, t1, coalesce(r.recorded_at, '') AS at
WHERE at >= t0 AND at < t1 AND ($subject_id IS NULL OR r.subject_id = $subject_id)
RETURN r.receipt_id AS receipt_id, r.decision AS decision, r.memory_id AS memory_id,
       r.memory_type AS memory_type, r.subject_id AS subject_id, r.actor AS actor,
       r.superseded AS superseded, r.conflicts AS conflicts, r.reasons_json AS reasons_json,
       r.policy_version AS policy_version, at AS recorded_at
ORDER BY recorded_at DESC, receipt_id
LIMIT 200
