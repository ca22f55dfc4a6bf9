// mode: read
// timeout: long
// A tenant's retrieval/context logs as one row: `lines`, one string per log —
// "<query_id> <S if the log is $subject_id's, else -> <candidate and selected ids…>", separated
// by single spaces (ids are server-made and never hold whitespace). The caller keeps the logs
// that are the subject's or mention an erased memory (a set test in the caller beats a
// list-membership test per id in the engine, which FalkorDB runs as a linear scan) and reads
// the ones it scrubs in full by id (erasure/logs_to_scrub). Joined in the engine because the
// reply's cost is per value, not per byte: at 6,000 logs mentioning 25,000 ids, the rows of
// id lists cost ~0.25-0.45 s to ship and decode on FalkorDB, one line per log ~30 ms.
MATCH (l:RetrievalLog {tenant_id: $tenant_id})
RETURN collect(l.query_id + CASE WHEN l.subject_id = $subject_id THEN ' S' ELSE ' -' END
               + {{> erasure/_log_ids}}) AS lines
