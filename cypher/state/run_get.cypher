// mode: read
// One run of a tenant: its subject, purpose, latest version, status and retention.
MATCH (r:Run {run_key: $run_key})
WHERE r.tenant_id = $tenant_id
RETURN r
