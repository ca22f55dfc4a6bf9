// mode: read
// Sources of one tenant by id (a foreign or unknown id simply yields no row).
UNWIND $source_ids AS sid
MATCH (s:Source {tenant_id: $tenant_id, source_id: sid})
RETURN s
