// mode: read
// timeout: long
// Ids of the sources a set of memories cites.
UNWIND $memory_ids AS id
MATCH (:Memory {tenant_id: $tenant_id, memory_id: id})-[:PROVENANCE|DERIVED_FROM]->(s:Source)
RETURN DISTINCT s.source_id AS source_id
