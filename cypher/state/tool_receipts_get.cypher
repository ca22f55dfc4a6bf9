// mode: read
// A run's recorded tool calls, by idempotency key.
UNWIND $receipt_keys AS k
MATCH (t:ToolReceipt {receipt_key: k})
RETURN t
