// mode: read
// timeout: long
// What is still believed of each claim (tenant, subject, namespace, conflict key): version nodes
// with tx_to open that are not revoked, erased or expired, with their valid time and the memories
// they are copies of (VERSION / REINSTATED links), for reinstatement.
UNWIND $families AS f
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: f.subject_id, conflict_key: f.conflict_key})
WHERE coalesce(m.namespace, '') = f.namespace AND m.tx_to IS NULL
  AND NOT m.status IN ['REVOKED', 'ERASED', 'EXPIRED']
OPTIONAL MATCH (m)-[e:SUPERSEDES]->(t:Memory)
WHERE e.kind IN ['VERSION', 'REINSTATED']
RETURN m.memory_id AS memory_id, m.subject_id AS subject_id, m.namespace AS namespace,
       m.conflict_key AS conflict_key, m.valid_from AS valid_from, m.valid_to AS valid_to,
       collect(t.memory_id) AS copy_of
