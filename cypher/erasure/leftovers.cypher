// mode: read
// Verification: what of an erasure is still in the graph (ids only). All counts must be 0.
OPTIONAL MATCH (m:Memory {tenant_id: $tenant_id}) WHERE m.memory_id IN $memory_ids
WITH count(m) AS memories
OPTIONAL MATCH (s:Source {tenant_id: $tenant_id}) WHERE s.source_id IN $source_ids
WITH memories, count(s) AS sources
OPTIONAL MATCH (n {tenant_id: $tenant_id})
WHERE $subject_id IS NOT NULL AND n.subject_id = $subject_id
  AND NOT n:Tombstone AND NOT n:DeletionReceipt
WITH memories, sources, count(n) AS subject_nodes
OPTIONAL MATCH (l:RetrievalLog {tenant_id: $tenant_id})
WHERE any(x IN coalesce(l.candidate_ids, []) + coalesce(l.selected_ids, []) WHERE x IN $memory_ids)
RETURN memories, sources, subject_nodes, count(l) AS logs
