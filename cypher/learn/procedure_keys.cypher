// mode: read
// The procedure keys of a tenant: how many versions each has, and which serve as stable and
// canary.
MATCH (m:Procedure {tenant_id: $tenant_id})
WHERE m.tx_to IS NULL
WITH m.procedure_key AS procedure_key, count(m) AS versions,
     collect(CASE WHEN m.release_role = 'STABLE' THEN m.version END) AS stable,
     collect(CASE WHEN m.release_role = 'CANARY' THEN m.version END) AS canary
RETURN procedure_key, versions, head(stable) AS stable, head(canary) AS canary
ORDER BY procedure_key
LIMIT $limit
