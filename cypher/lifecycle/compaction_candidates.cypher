// mode: read
// timeout: long
// Episodes past the retention horizon, per subject: what compaction rolls up (no vectors).
MATCH (m:Episode {tenant_id: $tenant_id})
WHERE m.status = 'ACTIVE' AND m.tx_to IS NULL AND coalesce(m.aggregate, false) = false
  AND m.compacted_into IS NULL
  AND toString(m.valid_from) < $older_than
  AND ($subject_id IS NULL OR m.subject_id = $subject_id)
RETURN m.memory_id AS memory_id, m.subject_id AS subject_id, m.valid_from AS valid_from,
       m.outcome AS outcome, m.failure_code AS failure_code, m.goal AS goal,
       m.content_hash AS content_hash, m.sensitivity AS sensitivity
ORDER BY m.subject_id, m.valid_from
