// mode: write
// timeout: long
// Roll groups of old episodes into one aggregate episode each: DERIVED_FROM lineage to each
// original (kept) or to its hash-only tombstone (removed), and a lifecycle receipt per group —
// a batch of groups in one statement (all of it lands or none), the forget epoch moved once.
UNWIND $groups AS g
MATCH (s:Subject {subject_key: g.subject_key})
CREATE (a:Memory:Episode:{{space_label}})
SET a += g.aggregate, a.embedding = {{vector_fn}}(g.embedding)
CREATE (a)-[:ABOUT {recorded_at: $now}]->(s)
WITH a, g
CALL (a, g) {
  UNWIND g.originals AS o
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: o.memory_id})
  SET m.compacted_into = a.memory_id
  CREATE (a)-[:DERIVED_FROM {method: 'compaction', policy_version: $policy_version,
                             content_hash: o.content_hash, recorded_at: $now}]->(m)
  RETURN count(*) AS linked
}
CALL (a, g) {
  UNWIND g.removed AS o
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: o.memory_id})
  DETACH DELETE m
  CREATE (t:Tombstone {tenant_id: $tenant_id, ref: 'memory:' + o.memory_id,
                       content_hash: o.content_hash, erased_at: $now, receipt_id: g.receipt_id})
  CREATE (a)-[:DERIVED_FROM {method: 'compaction', policy_version: $policy_version,
                             content_hash: o.content_hash, recorded_at: $now}]->(t)
  RETURN count(*) AS removed
}
CREATE (r:LifecycleReceipt {receipt_id: g.receipt_id, tenant_id: $tenant_id, kind: 'COMPACTION',
                            memory_ids: g.source_ids, aggregate_id: a.memory_id,
                            count: size(g.source_ids), recorded_at: $now, actor: $actor})
WITH collect({receipt_id: g.receipt_id, aggregate_id: a.memory_id, linked: linked,
              removed: removed}) AS done
{{> schema/_forget_epoch}}
RETURN done
