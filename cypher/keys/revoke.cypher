// mode: write
// Revoke an API key; it stops authenticating at once.
MATCH (k:ApiKey {key_id: $key_id, tenant_id: $tenant_id})
SET k.revoked_at = coalesce(k.revoked_at, $revoked_at)
RETURN k.key_id AS key_id, k.revoked_at AS revoked_at
