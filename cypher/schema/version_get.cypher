// mode: read
// The schema version this graph was bootstrapped with, and the embedding spaces it indexes.
MATCH (v:SchemaVersion {key: 'graphmem'})
RETURN v.version AS version, v.applied_at AS applied_at, v.embedding_spaces AS embedding_spaces
