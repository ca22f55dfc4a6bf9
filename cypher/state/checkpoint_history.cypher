// mode: read
// A run's checkpoints, newest first, paged.
MATCH (c:Checkpoint {run_key: $run_key})
RETURN c
ORDER BY c.version DESC
SKIP $offset
LIMIT $limit
