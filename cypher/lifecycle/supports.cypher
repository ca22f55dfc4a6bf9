// mode: read
// timeout: long
// What each memory rests on (lifecycle/_supports: `[ref, live]` pairs), with its confidence.
UNWIND $memory_ids AS mid
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: mid})
RETURN m.memory_id AS memory_id, m.status AS status, m.confidence AS confidence,
       {{> lifecycle/_supports}} AS supports
