// The first hard filter that keeps `m` out, as a reason code; null when it passes them all
// (types, tenant and subject are the caller's own choice, not exclusions).
CASE
    WHEN m.status = 'EXPIRED' OR (m.expires_at IS NOT NULL AND toString(m.expires_at) <= $now) THEN 'EXPIRED'
    WHEN m.status = 'REVOKED' THEN 'REVOKED'
    WHEN $known_at IS NULL AND m.tx_to IS NOT NULL THEN 'SUPERSEDED'
    WHEN $known_at IS NOT NULL AND NOT (toString(m.recorded_at) <= $known_at AND (m.tx_to IS NULL OR $known_at < toString(m.tx_to))) THEN 'NOT_KNOWN_AT'
    WHEN $valid_at IS NULL AND $known_at IS NULL AND m.status <> 'ACTIVE' THEN m.status
    WHEN $valid_at IS NOT NULL AND NOT (toString(m.valid_from) <= $valid_at AND (m.valid_to IS NULL OR $valid_at < toString(m.valid_to))) THEN 'NOT_VALID_AT'
    WHEN size(coalesce(m.purposes, [])) > 0 AND NOT $purpose IN m.purposes THEN 'PURPOSE_MISMATCH'
    WHEN m.sensitivity IN ['HIGH', 'RESTRICTED'] AND NOT $purpose IN coalesce(m.purposes, []) THEN 'SENSITIVITY'
    WHEN m.embedding_version <> $embedding_version THEN 'OTHER_EMBEDDING_SPACE'
    ELSE null
  END
