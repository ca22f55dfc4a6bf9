// mode: read
// timeout: long
// The logs an erasure scrubs, by their unique query id: the id lists and the JSON maps keyed by
// memory id that lose the erased ids.
UNWIND $query_ids AS qid
MATCH (l:RetrievalLog {query_id: qid})
WHERE l.tenant_id = $tenant_id
RETURN l.query_id AS query_id, l.candidate_ids AS candidate_ids, l.selected_ids AS selected_ids,
       l.scores_json AS scores_json, l.filter_reasons_json AS filter_reasons_json,
       l.context_positions_json AS context_positions_json
