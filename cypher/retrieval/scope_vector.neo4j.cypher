// mode: read
// Phase 1 of a large scope from the space's native vector index (HNSW), filters kept exact.
// The index is not tenant- or filter-aware, so it is asked for the $want nearest memories
// oversampled by the share of the space's memories that pass the filters ($oversample x $want x
// indexed / scope, at most $max_fetch), and every hard filter is applied to what it hands back
// in this statement: a memory the filters refuse is never a candidate. The scope itself is
// scanned once for its size and its exact matches (no embedding is read there: that is what the
// exact path pays for). `survivors` says how many of the nearest passed; the caller falls back
// to the exact path (retrieval/scope[_subject]) when fewer than it wanted survived.
MATCH (x:{{label}})
WITH count(x) AS indexed
CALL () {
  MATCH (m:Memory {tenant_id: $tenant_id})
  WHERE ($subject_id IS NULL OR m.subject_id = $subject_id)
    AND {{> retrieval/_hard_filters}}
  WITH collect(m) AS ms
  RETURN size(ms) AS scope_size,
         [i IN range(0, size(ms) - 1) WHERE {{> retrieval/_exact}} | ms[i]] AS matches
}
WITH scope_size, matches,
     toInteger(ceil($oversample * $want * indexed / toFloat(CASE WHEN scope_size > 0 THEN scope_size ELSE 1 END))) AS wanted
WITH scope_size, matches,
     CASE WHEN wanted > $max_fetch THEN $max_fetch WHEN wanted < $want THEN $want ELSE wanted END AS fetch
CALL (fetch) {
  CALL db.index.vector.queryNodes($index, fetch, $vector) YIELD node
  WITH node AS m
  WHERE m:Memory AND m.tenant_id = $tenant_id
    AND ($subject_id IS NULL OR m.subject_id = $subject_id)
    AND {{> retrieval/_hard_filters}}
  // the cosine computed as the exact path computes it (the index's score is rounded
  // differently), so the two paths rank and explain a memory alike
  WITH m, {{> retrieval/_cosine}} AS semantic
  ORDER BY semantic DESC, m.memory_id
  LIMIT $want
  RETURN collect(m) AS near, collect(semantic) AS near_sems
}
CALL (near, matches) {
  UNWIND matches AS m
  WITH m
  WHERE NOT m IN near
  WITH m, {{> retrieval/_cosine}} AS semantic
  ORDER BY semantic DESC
  LIMIT $exact_limit
  RETURN collect(m) AS tail, collect(semantic) AS tail_sems
}
WITH near + tail AS ms, near_sems + tail_sems AS sems, size(near) AS survivors, scope_size
WITH ms, sems, survivors, scope_size, range(0, size(ms) - 1) AS keep
{{> retrieval/_scope_columns}}, survivors
