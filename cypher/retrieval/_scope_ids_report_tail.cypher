// The ids that passed the filters, the forget epoch, and the report when it is the whole one:
// every memory of the scope passed the filters or is not ACTIVE (null otherwise).
OPTIONAL MATCH (v:SchemaVersion {key: 'graphmem'})
RETURN {{> retrieval/_joined_ids}} AS ids, coalesce(v.forget_epoch, 0) AS epoch,
       CASE WHEN members = size(ids) + inactive THEN excluded END AS excluded
