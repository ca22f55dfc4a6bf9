// mode: write
// Store one retrieval / context log: ids, hashes, codes, scores and versions; never memory content.
CREATE (l:RetrievalLog)
SET l += $props
RETURN l.query_id AS query_id
