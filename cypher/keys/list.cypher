// mode: read
// API keys of a tenant (never the hash).
MATCH (k:ApiKey {tenant_id: $tenant_id})
RETURN k.key_id AS key_id, k.principal_id AS principal_id, k.roles AS roles,
       k.subject_id AS subject_id, k.grants AS grants, k.created_at AS created_at,
       k.revoked_at AS revoked_at
ORDER BY k.created_at, k.key_id
