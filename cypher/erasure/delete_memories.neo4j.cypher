// mode: write
// timeout: long
// One batch of an erasure (erasure/delete_memories, Neo4j's form): delete these memory nodes
// (their vector-index entries go with them) and their write receipts, each memory leaving a
// hash-only tombstone. Idempotent: a memory already gone matches nothing and leaves no second
// tombstone, so a re-run after a crash finishes the batch. The receipt counts what this batch
// did. Every index lookup comes before the first delete: in a transaction that has deleted
// nodes, Neo4j 5 copies the set of all of them into each index lookup that follows
// (DefaultNodeValueIndexCursor.removed), so the shared form — the memories looked up after the
// receipts were deleted — cost a batch of n ids n x n set insertions.
CALL () {
  UNWIND $memory_ids AS id
  MATCH (r:WriteReceipt {tenant_id: $tenant_id, memory_id: id})
  RETURN collect(r) AS receipts
}
CALL () {
  UNWIND $memory_ids AS id
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
  RETURN collect(m) AS memories
}
OPTIONAL MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
CALL () {
  MATCH (v:SchemaVersion {key: 'graphmem'})
  RETURN collect(v) AS versions
}
CALL (receipts) {
  UNWIND receipts AS r
  DETACH DELETE r
}
CALL (memories) {
  UNWIND memories AS m
  CREATE (:Tombstone {tenant_id: $tenant_id, ref: 'memory:' + m.memory_id,
                      content_hash: m.content_hash, erased_at: $now, receipt_id: $receipt_id})
  DETACH DELETE m
}
// the forget epoch (schema/_forget_epoch), on the node looked up above
CALL (versions) {
  UNWIND versions AS v
  SET v.forget_epoch = coalesce(v.forget_epoch, 0) + 1
}
SET d.progress_memories = coalesce(d.progress_memories, 0) + size(memories),
    d.progress_receipts = coalesce(d.progress_receipts, 0) + size(receipts),
    d.progress_tombstones = coalesce(d.progress_tombstones, 0) + size(memories)
RETURN size(memories) AS memories, size(receipts) AS receipts
