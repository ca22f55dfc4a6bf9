// mode: read
// timeout: long
// A tenant's retrieval/context logs, ids only; the caller keeps those that mention the subject or
// an erased memory (a set test in the caller beats a list-membership test per id in the engine)
// and reads the rest of the ones it scrubs by id (erasure/logs_to_scrub).
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
RETURN l.query_id AS query_id, l.subject_id AS subject_id, l.candidate_ids AS candidate_ids,
       l.selected_ids AS selected_ids
