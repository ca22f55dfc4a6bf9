// mode: read
// param from: timestamp
// param to: timestamp
// Retrieval and context logs of the caller's tenant in a time range (ids, scores, reasons).
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
WHERE l.recorded_at >= $from AND toString(l.recorded_at) < $to
RETURN l.query_id AS query_id, l.kind AS kind, l.actor AS actor, l.subject_id AS subject_id,
       l.purpose AS purpose, l.candidate_ids AS candidate_ids,
       l.candidate_count AS candidate_count, l.selected_ids AS selected_ids,
       l.filter_reasons_json AS filter_reasons_json, l.scores_json AS scores_json,
       l.context_positions_json AS context_positions_json, l.tokens AS tokens,
       l.retriever_version AS retriever_version, l.policy_version AS policy_version,
       l.recorded_at AS recorded_at
ORDER BY l.recorded_at
LIMIT 1000
