// mode: read
// One checkpoint of a run, by id.
MATCH (c:Checkpoint {checkpoint_id: $checkpoint_id})
WHERE c.run_key = $run_key
RETURN c
