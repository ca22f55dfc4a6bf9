// mode: schema
// Drop the full-text index over memory text (FalkorDB rebuilds it at every start; retrieval
// scans the filtered scope for query words instead).
CALL db.idx.fulltext.drop('{{label}}')
