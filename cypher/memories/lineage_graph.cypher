// mode: read
// param memory_id: id
// A memory's lineage neighbourhood, for drawing (GET /v1/memories/{id}/lineage, the console,
// the MCP explain tool): the memories linked to it through SUPERSEDES, DERIVED_FROM,
// CONFLICTS_WITH and COUNTEREXAMPLE_OF (either direction, up to 4 hops, at most 200), each
// with its outgoing lineage edges to memories, sources (PROVENANCE, DERIVED_FROM) and
// tombstones (hash-only remains of erased or compacted memories). Whole nodes: not for
// people's queries (graphmem.read.lineage opens and filters them by the key's scope).
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH p = (m)-[:SUPERSEDES|DERIVED_FROM|CONFLICTS_WITH|COUNTEREXAMPLE_OF*1..4]-(o:Memory {tenant_id: $tenant_id})
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
WITH m, collect(DISTINCT o) AS others
UNWIND [m] + others[..199] AS v
WITH DISTINCT v, size(others) AS linked
OPTIONAL MATCH (v)-[e:SUPERSEDES|DERIVED_FROM|CONFLICTS_WITH|COUNTEREXAMPLE_OF|PROVENANCE]->(t {tenant_id: $tenant_id})
RETURN v, linked, collect({type: type(e), memory_id: t.memory_id, source_id: t.source_id,
                   ref: t.ref, source_kind: t.kind, revision: t.revision,
                   content_hash: t.content_hash, kind: e.kind, reason: e.reason,
                   status: e.status, method: e.method, span: e.span, role: e.role,
                   recorded_at: e.recorded_at}) AS edges
