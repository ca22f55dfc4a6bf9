// The lineage of insight `i`: DERIVED_FROM to each of $support_ids, COUNTEREXAMPLE_OF from each
// of $counterexamples ({episode_id, within_condition, root_cause}); MERGE, so a later run links
// only what is new. Yields `i`, `linked`, `countered`.
CALL (i) {
  UNWIND $support_ids AS eid
  MATCH (e:Memory {tenant_id: $tenant_id, memory_id: eid})
  WHERE e.type = 'EPISODIC'
  MERGE (i)-[d:DERIVED_FROM]->(e)
    ON CREATE SET d.method = $method, d.policy_version = $policy_version, d.recorded_at = $now
  RETURN count(*) AS linked
}
CALL (i) {
  UNWIND $counterexamples AS c
  MATCH (e:Memory {tenant_id: $tenant_id, memory_id: c.episode_id})
  WHERE e.type = 'EPISODIC'
  MERGE (e)-[x:COUNTEREXAMPLE_OF]->(i)
    ON CREATE SET x.within_condition = c.within_condition, x.root_cause = c.root_cause,
                  x.method = $method, x.policy_version = $policy_version, x.recorded_at = $now
  RETURN count(*) AS countered
}
