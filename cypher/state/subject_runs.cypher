// mode: read
// timeout: long
// The runs about one subject (their state goes with the subject's erasure).
MATCH (r:Run {tenant_id: $tenant_id, subject_id: $subject_id})
RETURN r.run_id AS run_id, r.run_key AS run_key
ORDER BY run_id
