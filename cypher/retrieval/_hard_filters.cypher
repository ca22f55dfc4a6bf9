// The read policy's hard filters on `m`, shared by every query that yields memories to a
// retrieval: memory types, status (ACTIVE unless time travel asks otherwise), valid/known time,
// expiry, purpose limitation, HIGH sensitivity only for an allowed purpose, and the query's
// embedding space. Tenant and subject sit in each query's node pattern.
($types IS NULL OR m.type IN $types)
  AND NOT m.status IN ['EXPIRED', 'ERASED', 'REVOKED']
  AND (CASE WHEN $valid_at IS NULL AND $known_at IS NULL THEN m.status = 'ACTIVE' ELSE true END)
  AND (CASE WHEN $known_at IS NULL THEN m.tx_to IS NULL
            ELSE toString(m.recorded_at) <= $known_at AND (m.tx_to IS NULL OR $known_at < toString(m.tx_to)) END)
  AND ($valid_at IS NULL OR (toString(m.valid_from) <= $valid_at AND (m.valid_to IS NULL OR $valid_at < toString(m.valid_to))))
  AND (m.expires_at IS NULL OR m.expires_at > $now)
  AND (size(coalesce(m.purposes, [])) = 0 OR $purpose IN m.purposes)
  AND (NOT m.sensitivity IN ['HIGH', 'RESTRICTED'] OR $purpose IN coalesce(m.purposes, []))
  AND m.embedding_version = $embedding_version
