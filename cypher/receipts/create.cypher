// mode: write
// Store the receipt of a proposal that wrote no memory (rejected or awaiting confirmation).
CREATE (r:WriteReceipt)
SET r += $receipt
RETURN r.receipt_id AS receipt_id
