"""The downstream lineage walk that revocation and erasure both follow, and grounding.

From a set of memories, every memory DERIVED_FROM them is reached level by level — one
statement per level (ids in chunks), so chains, diamonds and cycles all terminate at visited
nodes and the cost is one index lookup per reached memory, not one round trip. Then what each
reached memory rests on is read once (``lifecycle/supports``, flat rows), and grounding is
decided as a least fixed point: a memory is grounded if some live support is a live source, a
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


def walk_descendants(
    store: GraphStore,
    tenant_id: str,
    start: Iterable[str],
    parents: dict[str, str] | None = None,
    *,
    paths: bool = True,
) -> Lineage:
    """Every memory DERIVED_FROM ``start`` (transitively), level by level. ``parents`` seeds
    the path of the starting memories (a root they were reached from); ``paths=False`` reads
    each child once, without the parent that reached it (``lineage.parents`` stays as given:
    half the rows where memories derive from two parents)."""
    frontier = sorted(set(start))
    lineage = Lineage(reached=set(frontier), parents=dict(parents or {}))
    query = "lifecycle/children_of_memories" if paths else "lifecycle/descendants_of_memories"
    for _ in range(MAX_DEPTH):
        if not frontier:
            break
        nxt: list[str] = []
        for row in read_chunked(store, query, {"tenant_id": tenant_id}, frontier, "memory_ids"):
            if paths:
                for pair in row["pairs"]:
                    parent, _, child = pair.partition(" ")
                    if child not in lineage.reached:
                        lineage.reached.add(child)
                        lineage.parents[child] = f"memory:{parent}"
                        nxt.append(child)
            else:
                for child in row["children"]:
                    if child not in lineage.reached:
                        lineage.reached.add(child)
                        nxt.append(child)
        frontier = sorted(nxt)
    return lineage


def read_supports(
    store: GraphStore,
    tenant_id: str,
    lineage: Lineage,
    memory_ids: Collection[str],
    dead: Callable[[str], bool] = lambda ref: False,
    *,
    erased_subject_id: str | None = None,
) -> None:
    """Fill ``lineage.supports`` (and confidences) for ``memory_ids``: each support with
    whether it is live — live in the graph and not ``dead`` in this operation.
    ``erased_subject_id``: a subject's erasure, whose memories and own sources are dead
    whatever else holds; the engine leaves those supports out instead of returning them.
    The engine answers with one row of ``"<memory id> <ref> <1|0>"`` lines and their
    memories' confidences (``lifecycle/supports``: a reply's cost is per value)."""
    rows = read_chunked(
        store,
        "lifecycle/supports",
        {"tenant_id": tenant_id, "erased_subject_id": erased_subject_id},
        sorted(memory_ids),
        "memory_ids",
    )
    supports = lineage.supports
    confidence = lineage.confidence
    for mid in memory_ids:
        supports.setdefault(mid, [])
    for row in rows:
        for line, conf in zip(row["lines"], row["confidences"], strict=True):
            mid, ref, live = line.split(" ")
            confidence[mid] = float(conf)
            if ref != "-":
                supports[mid].append((ref, live == "1" and not dead(ref)))


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
    "read_supports",
    "walk_descendants",
]
