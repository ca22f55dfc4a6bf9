// mode: write
// Store a batch of retrieval / context logs (the background writer's unit): ids, hashes, codes,
// scores and versions; never memory content. MERGE on the unique query id: a batch retried after
// a connection broke mid-write (it may have landed) is stored once.
UNWIND $logs AS props
MERGE (l:RetrievalLog {query_id: props.query_id})
ON CREATE SET l += props
RETURN count(l) AS written
