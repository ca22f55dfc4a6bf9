// mode: read
// timeout: long
// The first level of a subject's erasure's lineage walk (lifecycle/lineage) from every memory
// of the subject, found by the subject index: no ids shipped, one index scan instead of a
// lookup per memory.
MATCH (p:Memory {subject_id: $erased_subject_id})
WHERE p.tenant_id = $tenant_id
{{> lifecycle/_lineage_children}}
