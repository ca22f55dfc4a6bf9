// mode: read
// What a write receipt says was written, as the graph holds it now: the receipt, the memory it
// names (any status, any version) with its subject and type, and how many PROVENANCE edges
// that memory still has. An erased memory's receipts are erased with it
// (erasure/delete_memories), so a receipt found here names a memory that should still be there.
MATCH (r:WriteReceipt {tenant_id: $tenant_id, receipt_id: $receipt_id})
OPTIONAL MATCH (m:Memory {tenant_id: $tenant_id, memory_id: r.memory_id})
WITH r, m
OPTIONAL MATCH (m)-[p:PROVENANCE]->(:Source)
RETURN r, m.memory_id AS memory_id, m.subject_id AS subject_id, m.type AS memory_type,
       m.status AS status, count(p) AS provenance
