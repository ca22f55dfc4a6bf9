// The tail of a keyset page (graphmem/paging.py), descending: as paging/_page, for rows ordered
// by their key newest (greatest) first; the page is the next $take rows whose key sorts before
// $after.
WITH collect(row) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL
          OR any(i IN range(0, size(r.key) - 1) WHERE r.key[i] < $after[i]
                 AND all(j IN range(0, i) WHERE j = i OR r.key[j] = $after[j]))][0..$take] AS page
