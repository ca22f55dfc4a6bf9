// mode: read
// timeout: long
// An erasure of this target that began and did not complete (a crash between its batches): the
// receipt a re-run finishes instead of planning anew.
MATCH (d:DeletionReceipt {tenant_id: $tenant_id})
WHERE d.target_id = $target_id AND d.scope = $scope AND d.completed_at IS NULL
RETURN properties(d) AS d
ORDER BY d.requested_at
LIMIT 1
