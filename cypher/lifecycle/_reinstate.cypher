// Reinstatement (graphmem/lifecycle/reinstate): close the believed copies the new versions
// replace, create each new version node (the old one's properties, its vector copied unless
// re-encoded, its type label), link it REINSTATED to the old one, carry over ABOUT, PROVENANCE and
// DERIVED_FROM, and the open conflicts whose other side is still believed.
CALL () {
  UNWIND $reinstate_close_ids AS cid
  MATCH (v:Memory {tenant_id: $tenant_id, memory_id: cid})
  WHERE v.tx_to IS NULL
  SET v.tx_to = $now
  RETURN count(v) AS versions_closed
}
CALL () {
  UNWIND $reinstate AS x
  MATCH (o:Memory {tenant_id: $tenant_id, memory_id: x.of})
  CREATE (n:Memory:{{space_label}})
  SET n += x.props, n.recorded_at = $now,
      n.embedding = CASE WHEN x.embedding IS NULL THEN o.embedding ELSE {{vector_fn}}(x.embedding) END
  FOREACH (_ IN CASE WHEN o.type = 'SEMANTIC' THEN [1] ELSE [] END | SET n:Claim)
  FOREACH (_ IN CASE WHEN o.type = 'EPISODIC' THEN [1] ELSE [] END | SET n:Episode)
  FOREACH (_ IN CASE WHEN o.type = 'PROCEDURAL' THEN [1] ELSE [] END | SET n:Procedure)
  CREATE (n)-[:SUPERSEDES {kind: 'REINSTATED', reason: $reinstate_reason, recorded_at: $now}]->(o)
  RETURN count(n) AS reinstated
}
CALL () {
  UNWIND $reinstate AS x
  MATCH (o:Memory {tenant_id: $tenant_id, memory_id: x.of})-[:ABOUT]->(s:Subject)
  MATCH (n:Memory {tenant_id: $tenant_id, memory_id: x.props.memory_id})
  CREATE (n)-[:ABOUT {recorded_at: $now}]->(s)
  RETURN count(*) AS reinstated_about
}
CALL () {
  UNWIND $reinstate AS x
  MATCH (o:Memory {tenant_id: $tenant_id, memory_id: x.of})-[p:PROVENANCE]->(src:Source)
  MATCH (n:Memory {tenant_id: $tenant_id, memory_id: x.props.memory_id})
  CREATE (n)-[:PROVENANCE {span: p.span, content_hash: p.content_hash, role: p.role,
                           recorded_at: $now}]->(src)
  RETURN count(*) AS reinstated_provenance
}
CALL () {
  UNWIND $reinstate AS x
  MATCH (o:Memory {tenant_id: $tenant_id, memory_id: x.of})-[d:DERIVED_FROM]->(origin)
  MATCH (n:Memory {tenant_id: $tenant_id, memory_id: x.props.memory_id})
  CREATE (n)-[:DERIVED_FROM {method: d.method, policy_version: d.policy_version,
                             recorded_at: $now}]->(origin)
  RETURN count(*) AS reinstated_derived
}
CALL () {
  UNWIND $reinstate_conflicts AS pair
  MATCH (a:Memory {tenant_id: $tenant_id, memory_id: pair[0]}),
        (b:Memory {tenant_id: $tenant_id, memory_id: pair[1]})
  CREATE (a)-[:CONFLICTS_WITH {status: 'OPEN', recorded_at: $now}]->(b)
  RETURN count(*) AS conflicts_carried
}
