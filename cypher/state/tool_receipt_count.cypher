// mode: read
// How many tool calls a run has recorded.
MATCH (t:ToolReceipt {run_key: $run_key})
RETURN count(t) AS total
