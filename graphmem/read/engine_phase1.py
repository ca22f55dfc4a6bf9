"""Phase 1 in the engine, for a scope the feature cache does not rank: ``retrieval/scope``
(or ``scope_subject``) whole or in disjoint parts side by side, or from the engine's filtered
vector index for a large scope (``retrieval/scope_vector``). The hard filters are in each
statement; what comes back is phase 1's row (read/candidates)."""

from __future__ import annotations

from typing import Any

from graphmem.read.candidates import SIDE_QUERIES, merge_scope_parts
from graphmem.store.base import GraphStore, Row
from graphmem.store.schema import vector_index_name


def engine_phase1(store: GraphStore, name: str, params: dict[str, Any], *, parts: int) -> Row:
    """``name`` over the whole scope, or in ``parts`` disjoint parts (one engine thread each)
    merged into the row one statement would give."""
    if parts == 1:
        [row] = store.read(name, params)
        return row
    others = [
        SIDE_QUERIES.submit(store.read, name, {**params, "parts": parts, "part": p})
        for p in range(1, parts)
    ]
    first = store.read(name, {**params, "parts": parts, "part": 0})
    return merge_scope_parts(
        first + [row for f in others for row in f.result()],
        limit=params["limit"],
        exact_limit=params["exact_limit"],
    )


def vector_phase1(
    store: GraphStore,
    params: dict[str, Any],
    *,
    label: str,
    candidates: int,
    oversample: float,
    max_fetch: int,
) -> Row | None:
    """Phase 1 from the engine's vector index (``retrieval/scope_vector``) over the space
    ``label``: the ``candidates`` nearest that pass the filters, the index asked for
    ``oversample`` times as many as the filters' share of the space leaves (at most
    ``max_fetch``). None where the engine has no filtered index or fewer of the nearest passed
    the filters than phase 1 hands back (the exact path then answers: never fewer rows than it
    would give)."""
    if not store.capabilities.filtered_vector_search:
        return None
    want = min(params["limit"], candidates)
    [row] = store.read(
        "retrieval/scope_vector",
        {
            **{k: v for k, v in params.items() if k not in ("parts", "part", "limit")},
            "index": vector_index_name(label),
            "want": want,
            "oversample": oversample,
            "max_fetch": max_fetch,
        },
        identifiers={"label": label},
    )
    if row["survivors"] < min(want, row["scope_size"]):
        return None
    return row
