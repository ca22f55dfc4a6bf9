// mode: write
// The record of one consolidation run: scope, counts, insight ids, generator, policy version.
CREATE (r:ConsolidationRun)
SET r += $run
RETURN r.run_id AS run_id
