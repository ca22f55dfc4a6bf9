// mode: read
// What phase 1 ranks a memory by and what never changes once it is written, for the process's
// feature cache: embedding, text as stored, predicate, object in the engine's string form (as
// retrieval/_exact compares it), subject; and phase 2's fixed columns (read/hydrate), which the
// cache keeps for claims and episodes.
UNWIND $ids AS id
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: id})
RETURN m.memory_id AS memory_id, m.embedding AS embedding, m.text AS text,
       m.predicate AS predicate, toString(m.object) AS object, m.subject_id AS subject_id,
       {{> retrieval/_fixed_columns}} AS fixed
