"""Phase 2 of a retrieval: the rows of the memories the ranker kept, built from what changes
(read every time) and what never does (read once, then kept beside the feature cache).

A claim's or episode's columns are fixed when it is written — a correction is a new memory,
supersession, expiry and revocation move its ``status``/``tx_to``, a revocation review its
``confidence``, an ended purpose its ``purposes`` — so ``retrieval/hydrate`` hands back those
(and the open-conflict and stale-citation counts, which other memories move) for every row, and
the rest only for ids the process does not keep yet. The reply the engine encodes and this
process decodes shrinks from ~33 values a row to ~9 once a scope has been read; measured in
``bench/history/2026-12-04-retrieve.md``. A procedure's release fields move with every release
step, so a procedure is always read whole.

The kept columns live in the feature cache's slot of the memory (read/scope_cache), so they go
when it goes: evicted, or emptied when an erasure or compaction moves the forget epoch.
``tests/unit/test_hydrate_fixed.py`` fails when a write statement sets one of :data:`FIXED` on a
memory it did not create.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graphmem.models.enums import MemoryType
from graphmem.read.scope_cache import FeatureCache
from graphmem.store.base import GraphStore, Row

#: the memory properties of ``retrieval/hydrate``'s ``fixed`` list, in its order
FIXED_PROPERTIES = (
    "type",
    "subject_id",
    "namespace",
    "predicate",
    "object",
    "text",
    "authority",
    "sensitivity",
    "importance",
    "recorded_at",
    "valid_from",
    "valid_to",
    "expires_at",
    "outcome",
    "goal",
    "environment_json",
    "tool_version",
    "failure_code",
    "lifecycle",
    "preconditions",
    "required_capabilities",
    "procedure_key",
    "version",
    "version_sort",
    "release_role",
    "canary_percent",
)
#: the columns of ``retrieval/hydrate``'s ``fixed`` list, in its order: the properties, then
#: ``speakers``, the speaker of each source the memory cites (PROVENANCE edges are written with
#: the memory and a source's speaker with the source: neither changes; ranking's speaker key)
FIXED = (*FIXED_PROPERTIES, "speakers")
#: what a write may still change on a claim or an episode: returned for every row
LIVE = ("memory_id", "status", "tx_to", "confidence", "purposes", "open_conflicts", "stale_sources")
#: memory types whose FIXED columns never change once written
KEPT_TYPES: frozenset[str] = frozenset({str(MemoryType.SEMANTIC), str(MemoryType.EPISODIC)})


def keepable(values: Sequence[Any] | None) -> bool:
    """Whether a memory's FIXED columns (``values``, in :data:`FIXED` order) may be kept: they
    were read, and its type is one whose FIXED columns never change (:data:`KEPT_TYPES`)."""
    return values is not None and len(values) > 0 and values[0] in KEPT_TYPES


def hydrate(
    store: GraphStore,
    params: Mapping[str, Any],
    ids: list[str],
    *,
    tenant_id: str,
    features: FeatureCache | None,
    live: Sequence[Sequence[Any]] | None = None,
) -> list[Row]:
    """The full rows of ``ids`` that still pass the filters ``params``, in the order of ``ids``.

    ``live``: phase 1's live columns of every memory that passed the filters in this call
    (``retrieval/scope_live``, LIVE in order). A memory whose fixed columns are kept is then
    built from the two without a statement (phase 1 read it in this call, filters applied);
    only the others are read."""
    kept = features.fixed(tenant_id, ids) if features is not None else {}
    if live is None:
        return _read(store, params, ids, kept, tenant_id, features)
    now = {values[0]: values for values in live}
    missing = [i for i in ids if i not in kept or i not in now]
    read = {r["memory_id"]: r for r in _read(store, params, missing, {}, tenant_id, features)}
    out: list[Row] = []
    for memory_id in ids:
        if memory_id in read:
            out.append(read[memory_id])
        elif memory_id in kept and memory_id in now:
            row: Row = dict(zip(LIVE, now[memory_id], strict=True))
            row.update(zip(FIXED, kept[memory_id], strict=True))
            out.append(row)
    return out


def _read(
    store: GraphStore,
    params: Mapping[str, Any],
    ids: list[str],
    kept: Mapping[str, tuple[Any, ...]],
    tenant_id: str,
    features: FeatureCache | None,
) -> list[Row]:
    """``retrieval/hydrate`` for ``ids``, the FIXED columns of those in ``kept`` not read."""
    if not ids:
        return []
    rows = store.read("retrieval/hydrate", {**params, "ids": ids, "known": list(kept)})
    fresh: dict[str, tuple[Any, ...]] = {}
    out: list[Row] = []
    for row in rows:
        memory_id = row["memory_id"]
        values = row.pop("fixed")
        if values is None:
            values = kept[memory_id]
        elif keepable(values):
            fresh[memory_id] = tuple(values)
        row.update(zip(FIXED, values, strict=True))
        out.append(row)
    if fresh and features is not None:
        features.keep_fixed(tenant_id, fresh)
    return out
