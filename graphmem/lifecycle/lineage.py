"""The downstream lineage walk that revocation and erasure both follow, and grounding.

From a set of memories, every memory DERIVED_FROM them is reached level by level — one
statement per level (ids in chunks), so chains, diamonds and cycles all terminate at visited
nodes — and each level's statement returns the children with what they rest on (flat support
rows, read from the child in hand: one index lookup per reached memory, not one for the walk
and another for its supports). The paths (the first parent reaching each memory) are taken
breadth-first from the support rows' DERIVED_FROM edges. Then grounding is decided as a
least fixed point: a memory is grounded if some live support is a live source, a
memory outside the affected set, or a grounded affected memory — so two memories that only
support each other do not keep each other alive. The fixed point is computed by propagation
from the memories grounded directly (each support edge looked at once), not by repeated passes.

Revocation and erasure differ only in what they count as dead (the revoked source or memory;
the erased memories and sources), which the caller says through ``dead``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from graphmem.store.base import GraphStore, Row

MAX_DEPTH = 50
#: ids per statement: the parameter list travels in the query text on FalkorDB
CHUNK = 5000


@dataclass
class Lineage:
    """What a walk reached, how, and what each reached memory rests on."""

    #: every memory reached, the starting ones included
    reached: set[str]
    #: ``memory id → ref`` (``memory:<id>`` / a root ref) of the first parent that reached it
    parents: dict[str, str]
    #: ``memory id → [(support ref, live)]`` for the memories whose supports were read
    supports: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    confidence: dict[str, float] = field(default_factory=dict)


def chunks(ids: Sequence[str], size: int = CHUNK) -> Iterator[list[str]]:
    for i in range(0, len(ids), size):
        yield list(ids[i : i + size])


def read_chunked(
    store: GraphStore, name: str, params: dict[str, object], ids: Sequence[str], key: str
) -> list[Row]:
    """``store.read(name)`` with ``params[key]`` set to each chunk of ``ids``, rows joined."""
    rows: list[Row] = []
    for part in chunks(ids):
        rows += store.read(name, {**params, key: part})
    return rows


def walk(
    store: GraphStore,
    tenant_id: str,
    start: Iterable[str],
    parents: dict[str, str] | None = None,
    dead: Callable[[str], bool] = lambda ref: False,
    *,
    paths: bool = True,
    erased_subject_id: str | None = None,
) -> Lineage:
    """Every memory DERIVED_FROM ``start`` (transitively) and what each one, ``start``
    included, rests on (``lineage.supports``: each support with whether it is live — live in
    the graph and not ``dead`` in this operation — and the confidences). The start's supports
    in one statement (``lifecycle/supports``), then one statement per level that returns the
    children with their supports (``lifecycle/lineage``; a subject's memories by the subject
    index, ``lifecycle/lineage_of_subject``). ``parents`` seeds the path of the starting
    memories (a root they were reached from); with ``paths`` each reached memory gets the
    first parent that reaches it breadth-first (the smallest id first, so a path does not
    depend on the engine's row order). ``erased_subject_id``: a subject's erasure — its
    memories are parents at the first level too, found by the engine, and neither they nor
    the supports that erasure removes whatever else holds are returned (they are dead)."""
    first = sorted(set(start))
    lineage = Lineage(reached=set(first), parents=dict(parents or {}))
    children: dict[str, list[str]] = {}

    def take(rows: list[Row], fresh: set[str]) -> None:
        for row in rows:
            mid = str(row["memory_id"])
            if mid not in fresh:
                continue
            lineage.supports.setdefault(mid, [])
            lineage.confidence[mid] = float(row["confidence"] or 0.0)
            ref = row["support"]
            if ref is None:
                continue
            ref = str(ref)
            lineage.supports[mid].append((ref, bool(row["live"]) and not dead(ref)))
            if paths and row.get("derived") and ref.startswith("memory:"):
                children.setdefault(ref[7:], []).append(mid)

    params: dict[str, object] = {"tenant_id": tenant_id, "erased_subject_id": erased_subject_id}
    take(read_chunked(store, "lifecycle/supports", params, first, "memory_ids"), set(first))
    for mid in first:
        lineage.supports.setdefault(mid, [])
    frontier = first
    # a subject's erasure: the subject's memories are parents at the first level too
    anchored = erased_subject_id is not None
    for _ in range(MAX_DEPTH):
        if not frontier and not anchored:
            break
        reads: list[tuple[str, dict[str, object]]] = [
            ("lifecycle/lineage", {**params, "memory_ids": part}) for part in chunks(frontier)
        ]
        if anchored:
            reads.append(("lifecycle/lineage_of_subject", params))
            anchored = False
        nxt: list[str] = []
        for query, args in reads:
            rows = store.read(query, args)
            fresh = {str(r["memory_id"]) for r in rows} - lineage.reached
            take(rows, fresh)
            lineage.reached |= fresh
            nxt += fresh
        frontier = sorted(nxt)
    if paths:
        _first_parents(lineage, first, children)
    return lineage


def _first_parents(lineage: Lineage, start: list[str], children: dict[str, list[str]]) -> None:
    """Breadth-first from ``start`` over the walk's edges: each memory's first parent."""
    visited = set(start)
    frontier = start
    for _ in range(MAX_DEPTH):
        if not frontier:
            break
        nxt: list[str] = []
        for parent in frontier:
            for child in sorted(children.get(parent, ())):
                if child not in visited and child in lineage.reached:
                    visited.add(child)
                    lineage.parents[child] = f"memory:{parent}"
                    nxt.append(child)
        frontier = sorted(nxt)


def grounded(
    supports: dict[str, list[tuple[str, bool]]],
    affected: Collection[str],
    never: Collection[str] = (),
) -> set[str]:
    """Least fixed point: grounded if some live support is a source, a memory outside
    ``affected``, or a grounded affected memory; ``never`` are not grounded whatever they
    rest on (a revoked memory). Propagated from the directly grounded memories."""
    affected_set = set(affected)
    never_set = set(never)
    dependents: dict[str, list[str]] = {}
    out: set[str] = set()
    queue: list[str] = []
    for mid, pairs in supports.items():
        if mid in never_set:
            continue
        direct = False
        for ref, live in pairs:
            if not live:
                continue
            kind, _, ident = ref.partition(":")
            if kind != "memory" or ident not in affected_set:
                direct = True
                break
            dependents.setdefault(ident, []).append(mid)
        if direct:
            out.add(mid)
            queue.append(mid)
    while queue:
        for mid in dependents.get(queue.pop(), ()):
            if mid not in out:
                out.add(mid)
                queue.append(mid)
    return out


def path_to(mid: str, parents: dict[str, str], root: str) -> list[str]:
    """``[root, …, memory:<mid>]`` along the first parents that reached ``mid``."""
    path = [f"memory:{mid}"]
    cur = mid
    for _ in range(MAX_DEPTH + 1):
        parent = parents.get(cur)
        if parent is None:
            break
        path.append(parent)
        if parent == root:
            break
        cur = parent.partition(":")[2]
    return list(reversed(path))


__all__ = [
    "Lineage",
    "chunks",
    "grounded",
    "path_to",
    "read_chunked",
    "walk",
]
