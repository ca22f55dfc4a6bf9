// mode: read
// timeout: long
// The tombstones an erasure left, one line each (graphmem/lifecycle/tombstones.line: the ref, a
// space, the content hash): verify recomputes the receipt's tombstones_digest from them. By the
// receipt_id index; one row (lines built in the engine: a third of the time of pairs).
MATCH (t:Tombstone {receipt_id: $receipt_id})
WHERE t.tenant_id = $tenant_id
RETURN collect(t.ref + ' ' + coalesce(t.content_hash, '')) AS lines
