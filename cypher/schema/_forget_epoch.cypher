// Move the store's forget epoch: processes that keep memory features drop them when they see
// it moved (read/scope_cache). In the statement that deletes, so no deletion goes unannounced.
CALL () {
  MATCH (v:SchemaVersion {key: 'graphmem'})
  SET v.forget_epoch = coalesce(v.forget_epoch, 0) + 1
  RETURN count(v) AS epochs
}
