// mode: read
// timeout: long
// The tombstones an erasure left, as [ref, content_hash] pairs: verify recomputes the receipt's
// tombstones_digest from them (graphmem/lifecycle/tombstones). By the receipt_id index; one row.
MATCH (t:Tombstone {receipt_id: $receipt_id})
WHERE t.tenant_id = $tenant_id
RETURN collect([t.ref, t.content_hash]) AS tombstones
