// mode: read
// Retrieval/context logs that mention any of the given memories or the subject (ids only).
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
WHERE ($subject_id IS NOT NULL AND l.subject_id = $subject_id)
   OR any(x IN coalesce(l.candidate_ids, []) WHERE x IN $memory_ids)
   OR any(x IN coalesce(l.selected_ids, []) WHERE x IN $memory_ids)
RETURN l.query_id AS query_id, l.subject_id AS subject_id, l.candidate_ids AS candidate_ids,
       l.selected_ids AS selected_ids, l.scores_json AS scores_json,
       l.filter_reasons_json AS filter_reasons_json,
       l.context_positions_json AS context_positions_json
