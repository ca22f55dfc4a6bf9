// mode: write
// Record the schema version (idempotent).
MERGE (v:SchemaVersion {key: 'graphmem'})
SET v.version = $version, v.applied_at = $applied_at, v.embedding_spaces = $embedding_spaces
RETURN v.version AS version
