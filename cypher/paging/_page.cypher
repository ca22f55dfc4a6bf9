// The tail of a keyset page (graphmem/paging.py), ascending: the rows before it are maps `row`,
// each with its sort `key` (a list ending in a unique id), ordered by that key. One row comes
// back: `total` (every match) and `page`, the next $take rows whose key sorts after $after
// (null: the first page). The comparison is lexicographic over the key, whatever its length.
WITH collect(row) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL
          OR any(i IN range(0, size(r.key) - 1) WHERE r.key[i] > $after[i]
                 AND all(j IN range(0, i) WHERE j = i OR r.key[j] = $after[j]))][0..$take] AS page
