// mode: read
// param memory_id: id
// Retrieval and context logs that selected a memory (which queries it answered, when, for whom).
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
WHERE $memory_id IN l.selected_ids
RETURN l.query_id AS query_id, l.kind AS kind, l.actor AS actor, l.subject_id AS subject_id,
       l.purpose AS purpose, l.selected_ids AS selected_ids, l.candidate_ids AS candidate_ids,
       l.scores_json AS scores_json, l.retriever_version AS retriever_version,
       l.policy_version AS policy_version, l.recorded_at AS recorded_at
ORDER BY recorded_at, query_id
LIMIT 1000
