// mode: write
// timeout: long
// One batch of an erasure: delete these sources, each leaving a hash-only tombstone.
// Idempotent like erasure/delete_memories.
CALL () {
  UNWIND $source_ids AS id
  MATCH (s:Source {tenant_id: $tenant_id, source_id: id})
  CREATE (:Tombstone {tenant_id: $tenant_id, ref: 'source:' + id, content_hash: s.content_hash,
                      erased_at: $now, receipt_id: $receipt_id})
  DETACH DELETE s
  RETURN count(*) AS sources
}
{{> schema/_forget_epoch}}
MATCH (d:DeletionReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
SET d.progress_sources = coalesce(d.progress_sources, 0) + sources,
    d.progress_tombstones = coalesce(d.progress_tombstones, 0) + sources
RETURN sources
