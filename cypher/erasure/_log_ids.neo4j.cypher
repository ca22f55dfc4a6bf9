// A retrieval log's candidate and selected ids as one string, each preceded by a space
// (erasure/logs_referencing): Neo4j has no string join without APOC; a log's lists are short.
reduce(s = '', x IN coalesce(l.candidate_ids, []) + coalesce(l.selected_ids, []) | s + ' ' + x)
