// mode: read
// Memories of a tenant (insight candidates are listed at /v1/insights), bitemporal: valid_at = true at T by current knowledge; known_at = what the
// system believed at T'. Without time travel: ACTIVE, current, unexpired. EXPIRED and ERASED never.
// $subject_ids: the subjects the caller may read (null: the whole tenant, unbound keys only).
// One row: how many match (total) and the page asked for, so a listing reports both from one
// filter (the page is a slice of the ordered matches, as SKIP/LIMIT would cut it).
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
WITH m ORDER BY m.subject_id, m.valid_from, m.recorded_at
WITH collect(m) AS matched
RETURN size(matched) AS total, matched[$offset..($offset + $limit)] AS page
