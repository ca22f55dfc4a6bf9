// The ids of the memories that passed the filters, what a write may still change on each
// (read/hydrate.LIVE, in that order: a small scope's phase 2 then needs no second statement for
// the memories whose other columns the process keeps), and the forget epoch. Open conflicts are
// counted with a CASE, as in retrieval/hydrate (FalkorDB plans the WHERE form slower).
OPTIONAL MATCH (m)-[c:CONFLICTS_WITH]-(:Memory)
WITH m, count(CASE WHEN c.status = 'OPEN' THEN 1 END) AS open_conflicts
OPTIONAL MATCH (m)-[:PROVENANCE]->(:Source)<-[:PREVIOUS_REVISION]-(newer:Source)
WITH m, open_conflicts, count(newer) AS stale_sources
WITH collect(m.memory_id) AS ids,
     collect([m.memory_id, m.status, m.tx_to, m.confidence, m.purposes, open_conflicts,
              stale_sources]) AS live
OPTIONAL MATCH (v:SchemaVersion {key: 'graphmem'})
RETURN ids, live, coalesce(v.forget_epoch, 0) AS epoch
