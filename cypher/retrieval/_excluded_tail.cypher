// The most recently recorded excluded memories with their reason (ids and codes only). The third
// condition drops, cheaply, the memories that can have no reason (current, ACTIVE, unrestricted);
// the reason itself is the CASE. Ties in recording time go by id, so the report is one list.
WHERE ($types IS NULL OR m.type IN $types)
  AND m.status <> 'ERASED'
  AND ($valid_at IS NOT NULL OR $known_at IS NOT NULL OR m.status <> 'ACTIVE' OR m.tx_to IS NOT NULL
       OR m.expires_at IS NOT NULL OR size(coalesce(m.purposes, [])) > 0
       OR m.sensitivity IN ['HIGH', 'RESTRICTED'] OR m.embedding_version <> $embedding_version)
WITH m, {{> retrieval/_exclusion_reason}} AS reason
WHERE reason IS NOT NULL
RETURN m.memory_id AS memory_id, reason
ORDER BY m.recorded_at DESC, m.memory_id DESC
LIMIT $limit
