// mode: read
// param known_at: timestamp
// param subject_id: subject
// What the system believed about a subject at time T (recorded_at <= T < tx_to), whatever
// the valid time; erased memories and memories already past their retention at T excluded.
// (toString() keeps FalkorDB off its range index: it drops `<`/`<=` on indexed strings.)
// Paged (graphmem/paging.py): key = [predicate, valid_from, recorded_at, memory_id].
WITH CASE WHEN size($known_at) = 20 THEN substring($known_at, 0, 19) + '.000000Z'
          ELSE $known_at END AS t
MATCH (m:Memory {tenant_id: $tenant_id, subject_id: $subject_id})
WHERE toString(m.recorded_at) <= t AND (m.tx_to IS NULL OR t < toString(m.tx_to))
  AND m.status <> 'ERASED' AND (m.expires_at IS NULL OR toString(m.expires_at) > t)
WITH {memory_id: m.memory_id, type: m.type, namespace: m.namespace,
      predicate: m.predicate, object: m.object, text: m.text,
      confidence: m.confidence, authority: m.authority, status_now: m.status,
      valid_from: m.valid_from, valid_to: m.valid_to, recorded_at: m.recorded_at,
      tx_to: m.tx_to,
      key: [coalesce(m.predicate, ''), coalesce(toString(m.valid_from), ''),
            coalesce(toString(m.recorded_at), ''), coalesce(m.memory_id, '')]} AS row
ORDER BY row.key[0], row.key[1], row.key[2], row.key[3]
{{> paging/_page}}
