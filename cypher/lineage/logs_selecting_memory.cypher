// mode: read
// param memory_id: id
// Retrieval and context logs that selected a memory (which queries it answered, when, for whom).
// Paged (graphmem/paging.py): key = [recorded_at, query_id].
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
WHERE $memory_id IN l.selected_ids
WITH {query_id: l.query_id, kind: l.kind, actor: l.actor, subject_id: l.subject_id,
      purpose: l.purpose, selected_ids: l.selected_ids, candidate_ids: l.candidate_ids,
      scores_json: l.scores_json, retriever_version: l.retriever_version,
      policy_version: l.policy_version, recorded_at: l.recorded_at,
      key: [coalesce(toString(l.recorded_at), ''), coalesce(l.query_id, '')]} AS row
ORDER BY row.key[0], row.key[1]
{{> paging/_page}}
