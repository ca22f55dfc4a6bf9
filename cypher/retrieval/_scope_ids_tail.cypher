// The ids of the memories that passed the filters, and the forget epoch.
WITH collect(m.memory_id) AS ids
OPTIONAL MATCH (v:SchemaVersion {key: 'graphmem'})
RETURN {{> retrieval/_joined_ids}} AS ids, coalesce(v.forget_epoch, 0) AS epoch
