// mode: read
// param known_at: timestamp
// param subject_id: subject
// What the system believed about a subject at time T (recorded_at <= T < tx_to), whatever
// the valid time; erased memories and memories already past their retention at T excluded.
// (toString() keeps FalkorDB off its range index: it drops `<`/`<=` on indexed strings.)
WITH CASE WHEN size($known_at) = 20 THEN substring($known_at, 0, 19) + '.000000Z'
          ELSE $known_at END AS t
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
WHERE toString(m.recorded_at) <= t AND (m.tx_to IS NULL OR t < toString(m.tx_to))
  AND m.status <> 'ERASED' AND (m.expires_at IS NULL OR toString(m.expires_at) > t)
RETURN m.memory_id AS memory_id, m.type AS type, m.namespace AS namespace,
       m.predicate AS predicate, m.object AS object, m.text AS text,
       m.confidence AS confidence, m.authority AS authority, m.status AS status_now,
       m.valid_from AS valid_from, m.valid_to AS valid_to, m.recorded_at AS recorded_at,
       m.tx_to AS tx_to
ORDER BY predicate, valid_from, recorded_at, memory_id
