[m.type, m.subject_id, m.namespace, m.predicate, m.object, m.text, m.authority, m.sensitivity,
 m.importance, m.recorded_at, m.valid_from, m.valid_to, m.expires_at, m.outcome, m.goal,
 m.environment_json, m.tool_version, m.failure_code, m.lifecycle, m.preconditions,
 m.required_capabilities, m.procedure_key, m.version, m.version_sort, m.release_role,
 m.canary_percent,
 [(m)-[:PROVENANCE]->(src:Source) | src.speaker]]
