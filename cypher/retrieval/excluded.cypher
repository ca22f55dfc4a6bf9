// mode: read
// Memories of the caller's tenant that the hard filters kept out, with the first reason (ids and
// codes only). Never another tenant's.
MATCH (m:Memory {tenant_id: $tenant_id})
{{> retrieval/_excluded_tail}}
