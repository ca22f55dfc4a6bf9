// mode: write
// Commit one memory atomically: subject, memory, ABOUT, PROVENANCE, supersession (closing old
// versions and keeping their valid-time history as version nodes), CONFLICTS_WITH and the receipt.
// Writes nothing (returns no row) if the competing memories changed since they were read.
OPTIONAL MATCH (c:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
WHERE $conflict_key IS NOT NULL AND c.conflict_key = $conflict_key AND c.status = 'ACTIVE'
  AND c.tx_to IS NULL AND coalesce(c.namespace, '') = coalesce($namespace, '')
WITH collect(c.memory_id) AS current
WHERE size(current) = size($expected_ids) AND all(x IN current WHERE x IN $expected_ids)
MERGE (s:Subject {subject_key: $subject_key})
  ON CREATE SET s.subject_id = $subject_id, s.tenant_id = $tenant_id, s.kind = $subject_kind,
                s.recorded_at = $now
CREATE (m:Memory:{{type_label}}:{{space_label}})
SET m += $memory, m.embedding = {{vector_fn}}($embedding)
CREATE (m)-[:ABOUT {recorded_at: $now}]->(s)
WITH m, s
CALL (m) {
  UNWIND $provenance AS p
  MATCH (src:Source {tenant_id: $tenant_id, source_id: p.source_id})
  CREATE (m)-[:PROVENANCE {span: p.span, content_hash: p.content_hash, role: p.role,
                           recorded_at: $now}]->(src)
  RETURN count(*) AS provenance
}
CALL (m, s) {
  UNWIND $supersede AS sup
  MATCH (old:Memory {tenant_id: $tenant_id, memory_id: sup.old_id})
  SET old.tx_to = $now, old.status = 'SUPERSEDED'
  CREATE (m)-[:SUPERSEDES {kind: sup.kind, reason: sup.reason, recorded_at: $now}]->(old)
  WITH old, sup, s
  UNWIND sup.versions AS v
  CREATE (ver:Memory:{{type_label}}:{{space_label}})
  SET ver += v.props,
      ver.embedding = CASE WHEN v.embedding IS NULL THEN old.embedding
                           ELSE {{vector_fn}}(v.embedding) END
  CREATE (ver)-[:SUPERSEDES {kind: 'VERSION', reason: 'VALID_TIME_CLOSED', recorded_at: $now}]->(old)
  CREATE (ver)-[:ABOUT {recorded_at: $now}]->(s)
  WITH old, ver
  OPTIONAL MATCH (old)-[p:PROVENANCE]->(src:Source)
  WITH ver, p, src
  WHERE src IS NOT NULL
  CREATE (ver)-[:PROVENANCE {span: p.span, content_hash: p.content_hash, role: p.role,
                             recorded_at: $now}]->(src)
  RETURN count(*) AS versions
}
CALL (m) {
  UNWIND $conflicts AS cid
  MATCH (other:Memory {tenant_id: $tenant_id, memory_id: cid})
  CREATE (m)-[:CONFLICTS_WITH {status: 'OPEN', recorded_at: $now}]->(other)
  RETURN count(*) AS conflicts
}
CALL (m) {
  UNWIND $derived AS d
  MATCH (o:Memory {tenant_id: $tenant_id, memory_id: d.memory_id})
  CREATE (m)-[:DERIVED_FROM {method: d.method, policy_version: d.policy_version,
                             recorded_at: d.recorded_at}]->(o)
  RETURN count(*) AS derived
}
CREATE (r:WriteReceipt)
SET r += $receipt
CREATE (r)-[:WROTE {recorded_at: $now}]->(m)
RETURN m.memory_id AS memory_id, r.receipt_id AS receipt_id, provenance, conflicts
