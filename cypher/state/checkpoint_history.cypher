// mode: read
// A run's checkpoints, newest first, with the run's total. Keyset paging (graphmem/paging.py):
// key = [version, checkpoint_id] descending; $after is the key of the last row handed out
// (null: the first page) and the page is the next $take rows after it.
MATCH (c:Checkpoint {run_key: $run_key})
WITH c, [coalesce(c.version, -1), coalesce(c.checkpoint_id, '')] AS key
ORDER BY key[0] DESC, key[1] DESC
WITH collect({c: c, key: key}) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL OR r.key[0] < $after[0]
          OR (r.key[0] = $after[0] AND r.key[1] < $after[1])][0..$take] AS page
