// mode: read
// Memories of a tenant (insight candidates are listed at /v1/insights), bitemporal: valid_at = true at T by current knowledge; known_at = what the
// system believed at T'. Without time travel: ACTIVE, current, unexpired. EXPIRED and ERASED never.
// $subject_ids: the subjects the caller may read (null: the whole tenant, unbound keys only).
// One row: how many match (total) and the page asked for, so a listing reports both from one
// filter. Keyset paging (graphmem/paging.py): rows are ordered by key = [subject_id, valid_from,
// recorded_at, memory_id] (timestamps are fixed-width UTC text; '' for a property a hand-written
// node lacks); $after is the key of the last row handed out (null: the first page) and the page
// is the next $take rows after it, so rows written meanwhile never shift it.
MATCH (m:Memory {tenant_id: $tenant_id})
WHERE ($subject_ids IS NULL OR m.subject_id IN $subject_ids)
  AND ($type IS NULL OR m.type = $type) AND m.type <> 'INSIGHT'
  AND NOT m.status IN ['EXPIRED', 'ERASED']
  AND (CASE WHEN $status IS NOT NULL THEN m.status = $status
            WHEN $valid_at IS NULL AND $known_at IS NULL THEN m.status = 'ACTIVE'
            ELSE true END)
  AND (CASE WHEN $known_at IS NULL THEN m.tx_to IS NULL
            ELSE toString(m.recorded_at) <= $known_at AND (m.tx_to IS NULL OR $known_at < toString(m.tx_to)) END)
  AND ($valid_at IS NULL OR (toString(m.valid_from) <= $valid_at
                             AND (m.valid_to IS NULL OR $valid_at < toString(m.valid_to))))
  AND (m.expires_at IS NULL OR m.expires_at > $now)
WITH m, [coalesce(m.subject_id, ''), coalesce(toString(m.valid_from), ''),
          coalesce(toString(m.recorded_at), ''), coalesce(m.memory_id, '')] AS key
ORDER BY key[0], key[1], key[2], key[3]
WITH collect({m: m, key: key}) AS matched
RETURN size(matched) AS total,
       [r IN matched WHERE $after IS NULL
          OR r.key[0] > $after[0]
          OR (r.key[0] = $after[0] AND (r.key[1] > $after[1]
          OR (r.key[1] = $after[1] AND (r.key[2] > $after[2]
          OR (r.key[2] = $after[2] AND r.key[3] > $after[3])))))][0..$take] AS page
