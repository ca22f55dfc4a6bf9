// mode: read
// A run's recorded tool calls, oldest first, paged.
MATCH (t:ToolReceipt {run_key: $run_key})
RETURN t
ORDER BY t.recorded_at, t.idempotency_key
SKIP $offset
LIMIT $limit
