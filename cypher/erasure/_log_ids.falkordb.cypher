// A retrieval log's candidate and selected ids as one string, each preceded by a space
// (erasure/logs_referencing): FalkorDB's string.join, ~40% cheaper than a reduce here.
' ' + string.join(coalesce(l.candidate_ids, []) + coalesce(l.selected_ids, []), ' ')
