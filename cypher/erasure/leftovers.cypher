// mode: read
// timeout: long
// Verification: what of an erasure is still in the graph (ids only), by index lookups. All 0.
CALL () {
  UNWIND $memory_ids AS id
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
  RETURN count(m) AS memories
}
CALL () {
  UNWIND $source_ids AS id
  MATCH (s:Source {tenant_id: $tenant_id, source_id: id})
  RETURN count(s) AS sources
}
CALL () {
  MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
  RETURN count(m) AS subject_memories
}
CALL () {
  MATCH (s:Subject {subject_key: $subject_key})
  RETURN count(s) AS subject_nodes
}
CALL () {
  MATCH (r:WriteReceipt {tenant_id: $tenant_id, subject_id: $subject_id})
  RETURN count(r) AS subject_receipts
}
CALL () {
  MATCH (r:Run {tenant_id: $tenant_id, subject_id: $subject_id})
  RETURN count(r) AS subject_runs
}
RETURN memories, sources, subject_memories, subject_nodes, subject_receipts, subject_runs
