// mode: read
// Node counts by label across the whole graph (operators only: not tenant-bound).
MATCH (n)
UNWIND labels(n) AS label
RETURN label, count(*) AS nodes
ORDER BY label
