// mode: read
// timeout: long
// Runs whose retention has ended (one tenant, or all): keys and ids for the retention sweep.
// toString(): with a range index on a string property FalkorDB 4.16 answers `<` and `<=` wrongly
// (both of two times came back), so an upper bound on a stored time never uses one.
MATCH (r:Run)
WHERE toString(r.expires_at) <= $now AND ($tenant_id IS NULL OR r.tenant_id = $tenant_id)
RETURN r.tenant_id AS tenant_id, r.run_id AS run_id, r.run_key AS run_key
ORDER BY tenant_id, run_id
LIMIT $limit
