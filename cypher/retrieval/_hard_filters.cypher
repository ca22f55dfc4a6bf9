// The read policy's hard filters on `m`, shared by every query that yields memories to a
// retrieval: memory types, status (ACTIVE unless time travel asks otherwise), valid/known time,
// expiry, purpose limitation, HIGH sensitivity only for an allowed purpose, and the query's
// embedding space. Tenant and subject sit in each query's node pattern. (Plain boolean logic, not
// CASE: FalkorDB evaluates it ~20% faster per memory.)
($types IS NULL OR m.type IN $types)
  AND NOT m.status IN ['EXPIRED', 'ERASED', 'REVOKED']
  AND ($valid_at IS NOT NULL OR $known_at IS NOT NULL OR m.status = 'ACTIVE')
  AND (($known_at IS NULL AND m.tx_to IS NULL)
       OR ($known_at IS NOT NULL AND toString(m.recorded_at) <= $known_at
           AND (m.tx_to IS NULL OR $known_at < toString(m.tx_to))))
  AND ($valid_at IS NULL OR (toString(m.valid_from) <= $valid_at AND (m.valid_to IS NULL OR $valid_at < toString(m.valid_to))))
  AND (m.expires_at IS NULL OR m.expires_at > $now)
  AND (m.purposes IS NULL OR size(m.purposes) = 0 OR $purpose IN m.purposes)
  AND (NOT m.sensitivity IN ['HIGH', 'RESTRICTED'] OR $purpose IN coalesce(m.purposes, []))
  AND m.embedding_version = $embedding_version
