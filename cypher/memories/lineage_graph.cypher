// mode: read
// param memory_id: id
// A memory's lineage neighbourhood, one page, for drawing (GET /v1/memories/{id}/lineage, the
// console, the MCP explain tool): the memories of the key's subjects ($subject_ids; null: the
// whole tenant) linked to it through SUPERSEDES, DERIVED_FROM, CONFLICTS_WITH and
// COUNTEREXAMPLE_OF (either direction, up to 4 hops), nearest first. Keyset paging
// (graphmem/paging.py): key = [hops, memory_id]; `total` counts every linked memory. Rows: the
// memory itself (key null, on every page) and the page's memories, each with its outgoing
// lineage edges to memories (with the far end's subject, so a picture can leave out what the
// key may not see), sources (PROVENANCE, DERIVED_FROM) and tombstones (hash-only remains of
// erased or compacted memories). Whole nodes: not for people's queries (graphmem.read.lineage
// opens and filters them by the key's scope).
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: $memory_id})
OPTIONAL MATCH p = (m)-[:SUPERSEDES|DERIVED_FROM|CONFLICTS_WITH|COUNTEREXAMPLE_OF*1..4]-(o:Memory {tenant_id: $tenant_id})
WHERE all(n IN nodes(p) WHERE n.tenant_id = $tenant_id) AND o.memory_id <> $memory_id
  AND ($subject_ids IS NULL OR o.subject_id IN $subject_ids)
WITH m, o, min(length(p)) AS hops
ORDER BY hops, o.memory_id
WITH m, collect(CASE WHEN o IS NULL THEN null
                     ELSE {v: o, key: [hops, coalesce(o.memory_id, '')]} END) AS matched
WITH m, size(matched) AS total,
     [r IN matched WHERE $after IS NULL
        OR any(i IN range(0, size(r.key) - 1) WHERE r.key[i] > $after[i]
               AND all(j IN range(0, i) WHERE j = i OR r.key[j] = $after[j]))][0..$take] AS page
UNWIND [{v: m, key: null}] + page AS r
WITH r.v AS v, r.key AS key, total
OPTIONAL MATCH (v)-[e:SUPERSEDES|DERIVED_FROM|CONFLICTS_WITH|COUNTEREXAMPLE_OF|PROVENANCE]->(t {tenant_id: $tenant_id})
RETURN v, key, total,
       collect({type: type(e), memory_id: t.memory_id, subject_id: t.subject_id,
                source_id: t.source_id, ref: t.ref, source_kind: t.kind,
                revision: t.revision, content_hash: t.content_hash, kind: e.kind,
                reason: e.reason, status: e.status, method: e.method, span: e.span,
                role: e.role, recorded_at: e.recorded_at}) AS edges
