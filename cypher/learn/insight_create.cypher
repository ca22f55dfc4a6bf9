// mode: write
// Create one insight with its lineage in one statement: ABOUT its subject, DERIVED_FROM every
// supporting episode (method, policy version) and COUNTEREXAMPLE_OF from every counterexample
// (whether it met the condition, its root cause).
MERGE (s:Subject {subject_key: $subject_key})
  ON CREATE SET s.subject_id = $subject_id, s.tenant_id = $tenant_id, s.kind = $subject_kind,
                s.recorded_at = $now
CREATE (i:Memory:Insight)
SET i += $insight
CREATE (i)-[:ABOUT {recorded_at: $now}]->(s)
WITH i
{{> learn/_insight_edges}}
RETURN i.memory_id AS memory_id, linked, countered
