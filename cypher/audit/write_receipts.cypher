// mode: read
// param subject_id: subject?
// param from: timestamp
// param to: timestamp
// Write receipts recorded in [from, to), newest first (for one subject, or null for all):
// decision, memory, actor, reason codes and policy version — ids and codes, never content.
// Paged (graphmem/paging.py): key = [recorded_at, receipt_id] descending.
WITH CASE WHEN size($from) = 20 THEN substring($from, 0, 19) + '.000000Z' ELSE $from END AS t0,
     CASE WHEN size($to) = 20 THEN substring($to, 0, 19) + '.000000Z' ELSE $to END AS t1
MATCH (r:WriteReceipt {tenant_id: $tenant_id})
// (coalesce() keeps FalkorDB off its range index, which drops `<` on indexed strings.)
WITH r, t0, t1, coalesce(r.recorded_at, '') AS at
WHERE at >= t0 AND at < t1 AND ($subject_id IS NULL OR r.subject_id = $subject_id)
WITH {receipt_id: r.receipt_id, decision: r.decision, memory_id: r.memory_id,
      memory_type: r.memory_type, subject_id: r.subject_id, actor: r.actor,
      superseded: r.superseded, conflicts: r.conflicts, reasons_json: r.reasons_json,
      policy_version: r.policy_version, recorded_at: at,
      key: [at, coalesce(r.receipt_id, '')]} AS row
ORDER BY row.key[0] DESC, row.key[1] DESC
{{> paging/_page_desc}}
