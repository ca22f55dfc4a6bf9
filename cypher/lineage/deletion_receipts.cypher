// mode: read
// param from: timestamp
// param to: timestamp
// Deletion receipts recorded in [from, to): what was erased (ids, and the digest of the hash-only
// tombstones it left), by whom, and whether a later verification confirmed it.
WITH CASE WHEN size($from) = 20 THEN substring($from, 0, 19) + '.000000Z' ELSE $from END AS t0,
     CASE WHEN size($to) = 20 THEN substring($to, 0, 19) + '.000000Z' ELSE $to END AS t1
MATCH (d:DeletionReceipt {tenant_id: $tenant_id})
// (coalesce() also keeps FalkorDB off its range index, which drops `<` on indexed strings.)
WITH d, t0, t1, coalesce(d.recorded_at, d.requested_at) AS at
WHERE at >= t0 AND at < t1
RETURN d.receipt_id AS receipt_id, d.scope AS scope, d.target_id AS target_id,
       d.subject_id AS subject_id, d.actor AS actor, d.reason AS reason,
       d.memory_ids AS memory_ids, d.source_ids AS source_ids,
       d.tombstones_digest AS tombstones_digest,
       d.tombstones_planned AS tombstones_planned, d.counts_json AS counts_json,
       d.policy_version AS policy_version, d.requested_at AS requested_at,
       d.completed_at AS completed_at, d.verification AS verification,
       d.verified_at AS verified_at, d.verification_failures AS verification_failures,
       at AS recorded_at
ORDER BY recorded_at, receipt_id
LIMIT 1000
