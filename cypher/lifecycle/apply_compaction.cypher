// mode: write
// timeout: long
// Roll groups of old episodes into one aggregate episode each: DERIVED_FROM lineage to each
// original (kept) or to its hash-only tombstone (removed), and a lifecycle receipt per group —
// a batch of groups in one statement (all of it lands or none), the forget epoch moved once.
// Flat UNWINDs over parameter lists, each link naming its aggregate (FalkorDB applied a
// subquery's writes for the first outer row only when the subquery imported per-group rows).
CALL () {
  UNWIND $groups AS g
  MATCH (s:Subject {subject_key: g.subject_key})
  CREATE (a:Memory:Episode:{{space_label}})
  SET a += g.aggregate, a.embedding = {{vector_fn}}(g.embedding)
  CREATE (a)-[:ABOUT {recorded_at: $now}]->(s)
  CREATE (:LifecycleReceipt {receipt_id: g.receipt_id, tenant_id: $tenant_id, kind: 'COMPACTION',
                             memory_ids: g.source_ids, aggregate_id: a.memory_id,
                             count: size(g.source_ids), recorded_at: $now, actor: $actor})
  RETURN collect(a.memory_id) AS aggregate_ids
}
CALL () {
  UNWIND $originals AS o
  MATCH (a:Memory {tenant_id: $tenant_id, memory_id: o.aggregate_id})
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: o.memory_id})
  SET m.compacted_into = a.memory_id
  CREATE (a)-[:DERIVED_FROM {method: 'compaction', policy_version: $policy_version,
                             content_hash: o.content_hash, recorded_at: $now}]->(m)
  RETURN count(*) AS linked
}
CALL () {
  UNWIND $removed AS o
  MATCH (a:Memory {tenant_id: $tenant_id, memory_id: o.aggregate_id})
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: o.memory_id})
  DETACH DELETE m
  CREATE (t:Tombstone {tenant_id: $tenant_id, ref: 'memory:' + o.memory_id,
                       content_hash: o.content_hash, erased_at: $now, receipt_id: o.receipt_id})
  CREATE (a)-[:DERIVED_FROM {method: 'compaction', policy_version: $policy_version,
                             content_hash: o.content_hash, recorded_at: $now}]->(t)
  RETURN count(*) AS removed
}
{{> schema/_forget_epoch}}
RETURN aggregate_ids, linked, removed
