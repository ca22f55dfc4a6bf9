// mode: read
// Insights of a tenant (learn/_insight_matches), newest first, with their source episodes and
// counterexamples. Keyset paging (graphmem/paging.py): key = [recorded_at, memory_id]
// descending; $after is the key of the last row handed out (null: the first page) and the page is
// the next $take rows after it (learn/insight_count counts every match).
{{> learn/_insight_matches}}
WITH i, [coalesce(toString(i.recorded_at), ''), coalesce(i.memory_id, '')] AS key
WHERE $after IS NULL OR key[0] < $after[0] OR (key[0] = $after[0] AND key[1] < $after[1])
WITH i, key ORDER BY key[0] DESC, key[1] DESC LIMIT $take
OPTIONAL MATCH (i)-[:DERIVED_FROM]->(e:Episode)
WITH i, key, collect(e.memory_id) AS sources
OPTIONAL MATCH (c:Episode)-[x:COUNTEREXAMPLE_OF]->(i)
WITH i, key, sources, collect(CASE WHEN c IS NULL THEN null ELSE
  {episode_id: c.memory_id, outcome: c.outcome, within_condition: x.within_condition,
   root_cause: x.root_cause} END) AS counterexamples
RETURN i, key, sources, counterexamples
ORDER BY key[0] DESC, key[1] DESC
