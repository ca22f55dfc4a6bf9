// mode: read
// The release document of a procedure version: the reviewer source its commit cites with the
// version's key@version as span (the DRAFT step records it on the version; a draft whose step
// never ran is finished from this).
MATCH (m:Procedure {tenant_id: $tenant_id, memory_id: $memory_id})-[p:PROVENANCE]->(s:Source)
WHERE p.span = $ref AND p.role = 'reviewer'
RETURN s.source_id AS source_id
ORDER BY s.source_id
LIMIT 1
