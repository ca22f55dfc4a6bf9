// mode: write
// timeout: long
// Roll a group of old episodes into one aggregate episode: DERIVED_FROM lineage to each original
// (kept) or to its hash-only tombstone (removed), and a lifecycle receipt — in one statement.
MATCH (s:Subject {subject_key: $subject_key})
CREATE (a:Memory:Episode:{{space_label}})
SET a += $aggregate, a.embedding = {{vector_fn}}($embedding)
CREATE (a)-[:ABOUT {recorded_at: $now}]->(s)
WITH a
CALL (a) {
  UNWIND $originals AS o
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: o.memory_id})
  SET m.compacted_into = a.memory_id
  CREATE (a)-[:DERIVED_FROM {method: 'compaction', policy_version: $policy_version,
                             content_hash: o.content_hash, recorded_at: $now}]->(m)
  RETURN count(*) AS linked
}
CALL (a) {
  UNWIND $removed AS o
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: o.memory_id})
  DETACH DELETE m
  CREATE (t:Tombstone {tenant_id: $tenant_id, ref: 'memory:' + o.memory_id,
                       content_hash: o.content_hash, erased_at: $now, receipt_id: $receipt_id})
  CREATE (a)-[:DERIVED_FROM {method: 'compaction', policy_version: $policy_version,
                             content_hash: o.content_hash, recorded_at: $now}]->(t)
  RETURN count(*) AS removed
}
{{> schema/_forget_epoch}}
CREATE (r:LifecycleReceipt {receipt_id: $receipt_id, tenant_id: $tenant_id, kind: 'COMPACTION',
                            memory_ids: $source_ids, aggregate_id: a.memory_id,
                            count: size($source_ids), recorded_at: $now, actor: $actor})
RETURN a.memory_id AS aggregate_id, linked, removed
