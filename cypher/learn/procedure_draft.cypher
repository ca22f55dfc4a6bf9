// mode: write
// The DRAFT step of a procedure version that the write gate committed (with its DERIVED_FROM
// lineage, in the commit statement): the release document it was authored with and the
// release receipt. Idempotent: a retried draft (a DUPLICATE at the gate) finds the same receipt.
MATCH (m:Procedure {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE m.lifecycle = 'DRAFT'
SET m.release_source_id = coalesce(m.release_source_id, $release_source_id)
MERGE (r:ReleaseReceipt {tenant_id: $tenant_id, memory_id: $memory_id, action: 'DRAFT'})
ON CREATE SET r += $receipt
MERGE (r)-[:RELEASED]->(m)
RETURN r
