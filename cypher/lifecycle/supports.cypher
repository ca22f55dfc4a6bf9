// mode: read
// timeout: long
// What each memory rests on, as one row: `lines`, one "<memory id> <support ref> <1|0: live>"
// string per support — its PROVENANCE sources and DERIVED_FROM origins, each live unless revoked
// (a source) or revoked or erased (a memory) — and `confidences`, the memory's confidence for
// each line at the same place (both lists are filled from the same rows by one aggregation, and
// neither element can be null, so they stay aligned; FalkorDB's toString() of a float keeps six
// decimals, so the confidence is not in the line). A memory with no support has no line (nothing
// grounds it). Ids are server-made and never hold whitespace. Strings in one row because a
// reply's cost is per value: at 5,000 memories (14.2k supports) the flat rows of four cells cost
// ~3x as much on FalkorDB (measured: 534 against 168 ms under load ~10). $erased_subject_id (a
// subject's erasure; null otherwise) leaves out the supports that erasure removes whatever else
// holds — the subject's memories and the sources it owns (recorded about or spoken by it) —
// which were two thirds of the rows at a 10k subject.
UNWIND $memory_ids AS mid
MATCH (m:Memory {tenant_id: $tenant_id, memory_id: mid})-[:PROVENANCE|DERIVED_FROM]->(x)
WHERE $erased_subject_id IS NULL
   OR NOT coalesce(x.tenant_id = $tenant_id
                   AND (x.subject_id = $erased_subject_id OR x.speaker = $erased_subject_id), false)
WITH mid, coalesce(m.confidence, 0.0) AS confidence,
     coalesce('source:' + x.source_id, 'memory:' + x.memory_id, '-') AS support,
     CASE WHEN x.source_id IS NOT NULL THEN x.revoked_at IS NULL
          ELSE NOT coalesce(x.status, '') IN ['REVOKED', 'ERASED'] END AS live
RETURN collect(mid + ' ' + support + CASE WHEN live THEN ' 1' ELSE ' 0' END) AS lines,
       collect(confidence) AS confidences
