// mode: write
// A later consolidation's view of an existing insight: new counts (unless it is approved: an
// approved statement does not move), new supporting episodes and counterexamples linked, and
// the review state set (REOPENED when a new counterexample contradicts an approved insight).
MATCH (i:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
WHERE i.type = 'INSIGHT' AND NOT i.status IN ['REVOKED', 'ERASED']
SET i += $changes
WITH i
{{> learn/_insight_edges}}
RETURN i.memory_id AS memory_id, linked, countered
