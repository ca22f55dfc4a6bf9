// The excluded-memories report among the scope's memories that are not ACTIVE (`m`, found
// through the status index, or null): ERASED ones are never listed, the others with the first
// reason, most recently recorded first, as retrieval/_excluded_tail lists them.
WITH m WHERE m.status <> 'ERASED'
WITH m, {{> retrieval/_exclusion_reason}} AS reason
WHERE reason IS NOT NULL
WITH m, reason
ORDER BY m.recorded_at DESC, m.memory_id DESC
LIMIT $limit
RETURN collect({memory_id: m.memory_id, reason: reason}) AS excluded
