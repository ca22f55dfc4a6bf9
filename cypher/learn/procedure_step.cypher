// mode: write
// One release step, atomically: every version in $changes moves from the lifecycle and role
// it was read with to its new release fields (a null removes one), SUPERSEDES edges record a
// promotion or a rollback, and the receipt links to every version it changed. Writes nothing
// and returns no row when any version moved on since it was read (compare-and-set).
UNWIND $changes AS c
MATCH (m:Procedure {tenant_id: $tenant_id, memory_id: c.memory_id})
WHERE m.status = 'ACTIVE' AND m.lifecycle = c.expect_lifecycle
  AND coalesce(m.release_role, 'NONE') = c.expect_role
WITH collect(m) AS found, collect(c.props) AS props
WHERE size(found) = size($changes)
UNWIND range(0, size(found) - 1) AS i
WITH found[i] AS m, props[i] AS p
SET m += p
WITH collect(m) AS changed
CALL (changed) {
  UNWIND $edges AS e
  MATCH (a:Procedure {tenant_id: $tenant_id, memory_id: e.from_id})
  MATCH (b:Procedure {tenant_id: $tenant_id, memory_id: e.to_id})
  CREATE (a)-[:SUPERSEDES {kind: e.kind, reason: e.reason, recorded_at: $now}]->(b)
  RETURN count(*) AS edges
}
CREATE (r:ReleaseReceipt)
SET r += $receipt
WITH r, changed, edges
UNWIND changed AS m
CREATE (r)-[:RELEASED {recorded_at: $now}]->(m)
RETURN r.receipt_id AS receipt_id, count(m) AS changed, edges
