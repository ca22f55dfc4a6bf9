// mode: write
// A DUPLICATE proposal: its evidence becomes more PROVENANCE on the existing memory, and its
// receipt points there. No new memory node.
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
CALL (m) {
  UNWIND $provenance AS p
  MATCH (src:Source {tenant_id: $tenant_id, source_id: p.source_id})
  MERGE (m)-[e:PROVENANCE]->(src)
    ON CREATE SET e.span = p.span, e.content_hash = p.content_hash, e.role = p.role,
                  e.recorded_at = $now
  RETURN count(*) AS provenance
}
CREATE (r:WriteReceipt)
SET r += $receipt
CREATE (r)-[:WROTE {recorded_at: $now}]->(m)
RETURN m.memory_id AS memory_id, r.receipt_id AS receipt_id, provenance
