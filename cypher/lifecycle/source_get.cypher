// mode: read
// timeout: long
// The source a revocation starts from (its id and whether it is already revoked).
MATCH (s:Source {tenant_id: $tenant_id, source_id: $source_id})
RETURN s.source_id AS source_id, s.revoked_at AS revoked_at
