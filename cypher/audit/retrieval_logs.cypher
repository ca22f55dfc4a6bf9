// mode: read
// param from: timestamp
// param to: timestamp
// Retrieval and context logs of the caller's tenant in a time range (ids, scores, reasons).
// Paged (graphmem/paging.py): key = [recorded_at, query_id].
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
WHERE l.recorded_at >= $from AND toString(l.recorded_at) < $to
WITH {query_id: l.query_id, kind: l.kind, actor: l.actor, subject_id: l.subject_id,
      purpose: l.purpose, candidate_ids: l.candidate_ids,
      candidate_count: l.candidate_count, selected_ids: l.selected_ids,
      filter_reasons_json: l.filter_reasons_json, scores_json: l.scores_json,
      context_positions_json: l.context_positions_json, tokens: l.tokens,
      retriever_version: l.retriever_version, policy_version: l.policy_version,
      recorded_at: l.recorded_at,
      key: [coalesce(toString(l.recorded_at), ''), coalesce(l.query_id, '')]} AS row
ORDER BY row.key[0], row.key[1]
{{> paging/_page}}
