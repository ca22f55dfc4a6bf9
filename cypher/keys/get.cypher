// mode: read
// One API key by id (hash and principal fields), unless revoked.
MATCH (k:ApiKey {key_id: $key_id})
WHERE k.revoked_at IS NULL
RETURN k.key_id AS key_id, k.key_hash AS key_hash, k.tenant_id AS tenant_id,
       k.principal_id AS principal_id, k.roles AS roles, k.subject_id AS subject_id,
       k.grants AS grants
