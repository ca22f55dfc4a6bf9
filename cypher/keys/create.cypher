// mode: write
// Store a new API key: only the hash of its secret is kept.
CREATE (k:ApiKey {
  key_id: $key_id, key_hash: $key_hash, tenant_id: $tenant_id, principal_id: $principal_id,
  roles: $roles, subject_id: $subject_id, grants: $grants, created_at: $created_at,
  revoked_at: null
})
RETURN k.key_id AS key_id
