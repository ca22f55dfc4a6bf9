// mode: read
// param from: timestamp
// param to: timestamp
// Deletion receipts recorded in [from, to): what was erased (ids, and the digest of the hash-only
// tombstones it left), by whom, and whether a later verification confirmed it.
// Paged (graphmem/paging.py): key = [recorded_at, receipt_id].
WITH CASE WHEN size($from) = 20 THEN substring($from, 0, 19) + '.000000Z' ELSE $from END AS t0,
     CASE WHEN size($to) = 20 THEN substring($to, 0, 19) + '.000000Z' ELSE $to END AS t1
MATCH (d:DeletionReceipt {tenant_id: $tenant_id})
// (coalesce() also keeps FalkorDB off its range index, which drops `<` on indexed strings.)
WITH d, t0, t1, coalesce(d.recorded_at, d.requested_at) AS at
WHERE at >= t0 AND at < t1
WITH {receipt_id: d.receipt_id, scope: d.scope, target_id: d.target_id,
      subject_id: d.subject_id, actor: d.actor, reason: d.reason,
      memory_ids: d.memory_ids, source_ids: d.source_ids,
      tombstones_digest: d.tombstones_digest, tombstones_planned: d.tombstones_planned,
      counts_json: d.counts_json,
      policy_version: d.policy_version, requested_at: d.requested_at,
      completed_at: d.completed_at, verification: d.verification,
      verified_at: d.verified_at, verification_failures: d.verification_failures,
      recorded_at: at, key: [coalesce(at, ''), coalesce(d.receipt_id, '')]} AS row
ORDER BY row.key[0], row.key[1]
{{> paging/_page}}
