// mode: write
// Commit a batch of proposals in one statement, one transaction. Each committed proposal
// lands whole or not at all: its memory, subject, ABOUT, PROVENANCE, supersession (closing
// old versions and keeping their valid-time history as version nodes), CONFLICTS_WITH,
// DERIVED_FROM and its receipt; a DUPLICATE adds its PROVENANCE and DERIVED_FROM (merged)
// to the existing memory. A proposal whose competing memories changed since they were
// read ($commits[i].expected_ids), or a DUPLICATE whose memory is no longer current, writes
// nothing and is missing from `committed` / `duplicated`: the caller re-reads and retries it.
// $receipts: receipts of proposals that wrote no memory (rejected, awaiting confirmation).
// $scrubs: cited sources a refused secret is removed from, with its receipt (write/sources.py).
// The type label is set from a closed set of literals (labels are not parameters).
CALL () {
  UNWIND $receipts AS rc
  CREATE (r:WriteReceipt)
  SET r += rc
  RETURN count(*) AS stored
}
CALL () {
  UNWIND $scrubs AS sc
  MATCH (src:Source {tenant_id: $tenant_id, source_id: sc.source_id})
  SET src += sc.props, src.redactions = sc.redactions
  RETURN count(*) AS scrubbed
}
CALL () {
  UNWIND $duplicates AS d
  MATCH (m:Memory {tenant_id: $tenant_id, memory_id: d.memory_id})
  WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL
  CALL (m, d) {
    UNWIND d.provenance AS p
    MATCH (src:Source {tenant_id: $tenant_id, source_id: p.source_id})
    MERGE (m)-[e:PROVENANCE]->(src)
      ON CREATE SET e.span = p.span, e.content_hash = p.content_hash, e.role = p.role,
                    e.recorded_at = d.now
    RETURN count(*) AS provenance
  }
  CALL (m, d) {
    UNWIND d.derived AS dv
    MATCH (o:Memory {tenant_id: $tenant_id, memory_id: dv.memory_id})
    WHERE o <> m
    MERGE (m)-[e:DERIVED_FROM {method: dv.method}]->(o)
      ON CREATE SET e.policy_version = dv.policy_version, e.recorded_at = dv.recorded_at
    RETURN count(*) AS derived
  }
  CREATE (r:WriteReceipt)
  SET r += d.receipt
  CREATE (r)-[:WROTE {recorded_at: d.now}]->(m)
  RETURN collect(d.i) AS duplicated
}
CALL () {
  UNWIND $commits AS it
  CALL (it) {
    OPTIONAL MATCH (c:Memory {tenant_id: $tenant_id, subject_id: it.subject_id})
    WHERE it.conflict_key IS NOT NULL AND c.conflict_key = it.conflict_key
      AND c.status = 'ACTIVE' AND c.tx_to IS NULL
      AND coalesce(c.namespace, '') = coalesce(it.namespace, '')
    WITH it, collect(c.memory_id) AS current
    WHERE size(current) = size(it.expected_ids) AND all(x IN current WHERE x IN it.expected_ids)
    RETURN true AS unchanged
  }
  MERGE (s:Subject {subject_key: it.subject_key})
    ON CREATE SET s.subject_id = it.subject_id, s.tenant_id = $tenant_id,
                  s.kind = it.subject_kind, s.recorded_at = it.now
  CREATE (m:Memory:{{space_label}})
  SET m += it.memory, m.embedding = {{vector_fn}}(it.embedding)
  FOREACH (_ IN CASE WHEN it.type_label = 'Claim' THEN [1] ELSE [] END | SET m:Claim)
  FOREACH (_ IN CASE WHEN it.type_label = 'Episode' THEN [1] ELSE [] END | SET m:Episode)
  FOREACH (_ IN CASE WHEN it.type_label = 'Procedure' THEN [1] ELSE [] END | SET m:Procedure)
  CREATE (m)-[:ABOUT {recorded_at: it.now}]->(s)
  WITH it, m, s
  CALL (m, it) {
    UNWIND it.provenance AS p
    MATCH (src:Source {tenant_id: $tenant_id, source_id: p.source_id})
    CREATE (m)-[:PROVENANCE {span: p.span, content_hash: p.content_hash, role: p.role,
                             recorded_at: it.now}]->(src)
    RETURN count(*) AS provenance
  }
  CALL (m, s, it) {
    UNWIND it.supersede AS sup
    MATCH (old:Memory {tenant_id: $tenant_id, memory_id: sup.old_id})
    SET old.tx_to = it.now, old.status = 'SUPERSEDED'
    CREATE (m)-[:SUPERSEDES {kind: sup.kind, reason: sup.reason, recorded_at: it.now}]->(old)
    WITH old, sup, s, it
    UNWIND sup.versions AS v
    CREATE (ver:Memory:{{space_label}})
    SET ver += v.props,
        ver.embedding = CASE WHEN v.embedding IS NULL THEN old.embedding
                             ELSE {{vector_fn}}(v.embedding) END
    FOREACH (_ IN CASE WHEN it.type_label = 'Claim' THEN [1] ELSE [] END | SET ver:Claim)
    FOREACH (_ IN CASE WHEN it.type_label = 'Episode' THEN [1] ELSE [] END | SET ver:Episode)
    FOREACH (_ IN CASE WHEN it.type_label = 'Procedure' THEN [1] ELSE [] END | SET ver:Procedure)
    CREATE (ver)-[:SUPERSEDES {kind: 'VERSION', reason: 'VALID_TIME_CLOSED',
                               recorded_at: it.now}]->(old)
    CREATE (ver)-[:ABOUT {recorded_at: it.now}]->(s)
    WITH old, ver, it
    OPTIONAL MATCH (old)-[p:PROVENANCE]->(src:Source)
    WITH ver, p, src, it
    WHERE src IS NOT NULL
    CREATE (ver)-[:PROVENANCE {span: p.span, content_hash: p.content_hash, role: p.role,
                               recorded_at: it.now}]->(src)
    RETURN count(*) AS versions
  }
  CALL (m, it) {
    UNWIND it.conflicts AS cid
    MATCH (other:Memory {tenant_id: $tenant_id, memory_id: cid})
    CREATE (m)-[:CONFLICTS_WITH {status: 'OPEN', recorded_at: it.now}]->(other)
    RETURN count(*) AS conflicts
  }
  CALL (m, it) {
    UNWIND it.derived AS d
    MATCH (o:Memory {tenant_id: $tenant_id, memory_id: d.memory_id})
    CREATE (m)-[:DERIVED_FROM {method: d.method, policy_version: d.policy_version,
                               recorded_at: d.recorded_at}]->(o)
    RETURN count(*) AS derived
  }
  CREATE (r:WriteReceipt)
  SET r += it.receipt
  CREATE (r)-[:WROTE {recorded_at: it.now}]->(m)
  RETURN collect(it.i) AS committed
}
RETURN stored, duplicated, committed
