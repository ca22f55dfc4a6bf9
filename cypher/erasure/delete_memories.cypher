// mode: write
// timeout: long
// One batch of an erasure: delete these memory nodes (their vector-index entries go with them)
// and their write receipts, each memory leaving a hash-only tombstone. Idempotent: a memory
// already gone matches nothing and leaves no second tombstone, so a re-run after a crash
// finishes the batch. The receipt counts what this batch did.
CALL () {
  UNWIND $memory_ids AS id
  MATCH (r:WriteReceipt {tenant_id: $tenant_id, memory_id: id})
  DETACH DELETE r
  RETURN count(*) AS receipts
}
CALL () {
  UNWIND $memory_ids AS id
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
  CREATE (:Tombstone {tenant_id: $tenant_id, ref: 'memory:' + id, content_hash: m.content_hash,
                      erased_at: $now, receipt_id: $receipt_id})
  DETACH DELETE m
  RETURN count(*) AS memories
}
{{> schema/_forget_epoch}}
MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
SET d.progress_memories = coalesce(d.progress_memories, 0) + memories,
    d.progress_receipts = coalesce(d.progress_receipts, 0) + receipts,
    d.progress_tombstones = coalesce(d.progress_tombstones, 0) + memories
RETURN memories, receipts
