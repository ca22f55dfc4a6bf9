// The most recently recorded excluded memories with their reason (ids and codes only).
WHERE ($types IS NULL OR m.type IN $types)
  AND m.status <> 'ERASED'
WITH m, {{> retrieval/_exclusion_reason}} AS reason
WHERE reason IS NOT NULL
RETURN m.memory_id AS memory_id, reason
ORDER BY m.recorded_at DESC
LIMIT $limit
