// mode: read
// A run's recorded tool calls, oldest first, with the run's total. Keyset paging
// (graphmem/paging.py): key = [recorded_at, idempotency_key] ascending; $after is the key of the
// last row handed out (null: the first page) and the page is the next $take rows after it.
MATCH (t:ToolReceipt {run_key: $run_key})
WITH t, [coalesce(toString(t.recorded_at), ''), coalesce(t.idempotency_key, '')] AS key
ORDER BY key[0], key[1]
WITH collect({t: t, key: key}) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL OR r.key[0] > $after[0]
          OR (r.key[0] = $after[0] AND r.key[1] > $after[1])][0..$take] AS page
