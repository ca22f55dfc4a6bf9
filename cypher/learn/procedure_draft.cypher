// mode: write
// The DRAFT step of a procedure version that the write gate committed: the release document
// it was authored with, DERIVED_FROM edges to what it was promoted from, and the release
// receipt. Idempotent: a retried draft (a DUPLICATE at the gate) finds the same receipt.
MATCH (m:Procedure {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE m.lifecycle = 'DRAFT'
SET m.release_source_id = coalesce(m.release_source_id, $release_source_id)
WITH m
CALL (m) {
  UNWIND $derived_from AS origin_id
  MATCH (o:Memory {tenant_id: $tenant_id, memory_id: origin_id})
  MERGE (m)-[d:DERIVED_FROM]->(o)
  ON CREATE SET d.method = $method, d.policy_version = $policy_version, d.recorded_at = $now
  RETURN count(*) AS derived
}
MERGE (r:ReleaseReceipt {tenant_id: $tenant_id, memory_id: $memory_id, action: 'DRAFT'})
ON CREATE SET r += $receipt
MERGE (r)-[:RELEASED]->(m)
RETURN r, derived
