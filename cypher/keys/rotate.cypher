// mode: write
// Rotate an API key in one statement: the old key is revoked and a new one, with the same
// tenant, principal, roles, subject and grants, is stored (only the hash of its secret).
MATCH (old:ApiKey {key_id: $key_id, tenant_id: $tenant_id})
WHERE old.revoked_at IS NULL
SET old.revoked_at = $now
CREATE (k:ApiKey {
  key_id: $new_key_id, key_hash: $new_key_hash, tenant_id: old.tenant_id,
  principal_id: old.principal_id, roles: old.roles, subject_id: old.subject_id,
  grants: old.grants, created_at: $now, revoked_at: null, rotated_from: old.key_id
})
RETURN k.key_id AS key_id, k.principal_id AS principal_id, k.roles AS roles,
       k.subject_id AS subject_id, k.grants AS grants, k.created_at AS created_at,
       k.revoked_at AS revoked_at
