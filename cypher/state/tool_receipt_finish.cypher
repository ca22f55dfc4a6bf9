// mode: write
// A STARTED tool call takes its outcome (once; nothing if it has one already).
MATCH (t:ToolReceipt {receipt_key: $receipt_key})
WHERE t.status = 'STARTED'
SET t += $changes
RETURN t
