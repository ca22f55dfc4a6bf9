"""Belief after revocation and erasure: what a lost memory superseded is believed again.

A supersession (``new -[:SUPERSEDES]-> old``) says the system stopped believing ``old`` *because*
of ``new``. When ``new`` is revoked or erased, that reason is gone, so — unless another memory
still supersedes it — ``old`` becomes the current belief again. Nothing is edited in place
(DESIGN §6): the old belief comes back as a **new version node**, recorded now (``known_at``
before the loss still answers what was believed then), with ``old``'s content, evidence and
valid time, linked ``-[:SUPERSEDES {kind: 'REINSTATED'}]->`` to ``old``; the version nodes that
kept ``old`` only up to ``new``'s start are closed (``tx_to``), and the operation's receipt
lists each reinstatement.

*Unless another memory supersedes it* is decided on valid time, over what is still believed of
the same claim (tenant, subject, namespace, conflict key; ``tx_to`` open, not revoked, erased
or expired): a belief that covers ``old``'s start keeps ``old`` out; a later one bounds it (the
reinstated version ends where that one starts, and is itself a closed version, like those the
write path keeps). So revoking a middle statement of a history leaves the one before it true
until the one after it starts — the answer an oracle that simply forgets the revoked statement
gives (``tests/integration/test_time_travel_oracle.py``).

The walk goes back through statements that are themselves dead (revoked or erased, or lost in
the same operation) to the nearest live one. Open conflicts of a reinstated memory are carried
to its new version when the other side is still believed; conflicts of the lost memories are
resolved by the operation (revocation) or go with them (erasure). Applying is a fragment of the
operation's own statement (``cypher/lifecycle/_reinstate.cypher``), so a revocation or erasure
and its reinstatements land together or not at all.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from graphmem.crypto import ContentCipher, is_sealed
from graphmem.embeddings.base import Embedder
from graphmem.ids import new_id
from graphmem.models.enums import MemoryStatus
from graphmem.models.receipts import Reinstated
from graphmem.store.base import GraphStore, Row

#: SUPERSEDES kinds that link copies of one statement, not one statement replacing another
COPY_KINDS = ("VERSION", "REINSTATED")
#: a statement in one of these states is not believed again, and the walk passes through it
_DEAD = frozenset({MemoryStatus.REVOKED.value, MemoryStatus.ERASED.value})
MAX_DEPTH = 50
#: graph properties of the old node a new version does not take over
_NOT_COPIED = frozenset({"embedding", "tx_to", "valid_to", "memory_id", "recorded_at", "status"})


@dataclass
class ReinstatementPlan:
    """What to write, as the ``_reinstate`` fragment's parameters, and what to report."""

    reinstated: list[Reinstated] = field(default_factory=list)
    #: per new node: ``{of, props, embedding}`` (embedding only when re-encoded)
    nodes: list[dict[str, Any]] = field(default_factory=list)
    #: believed copies of a reinstated memory that the new version replaces
    close_ids: list[str] = field(default_factory=list)
    #: ``[new node, other]`` conflicts carried over
    conflicts: list[list[str]] = field(default_factory=list)

    def params(self, reason: str) -> dict[str, Any]:
        return {
            "reinstate": self.nodes,
            "reinstate_close_ids": self.close_ids,
            "reinstate_conflicts": self.conflicts,
            "reinstate_reason": reason,
        }

    @staticmethod
    def empty_params(reason: str) -> dict[str, Any]:
        return ReinstatementPlan().params(reason)


@dataclass(frozen=True)
class _Belief:
    memory_id: str
    valid_from: str
    valid_to: str | None
    copy_of: frozenset[str]


def plan_reinstatements(
    store: GraphStore,
    tenant_id: str,
    lost: Collection[str],
    *,
    now: str,
    keep_out: Collection[str] = (),
    embedder: Embedder | None = None,
    cipher: ContentCipher | None = None,
) -> ReinstatementPlan:
    """The reinstatements that follow from the memories in ``lost`` leaving belief (revoked or
    erased in the same operation). ``keep_out``: memories the operation flags or removes
    otherwise (never reinstated)."""
    plan = ReinstatementPlan()
    if not lost:
        return plan
    lost_set = set(lost)
    excluded = lost_set | set(keep_out)
    because = _live_ancestors(store, tenant_id, lost_set, excluded)
    if not because:
        return plan
    rows = store.read("memories/get_many", {"tenant_id": tenant_id, "memory_ids": sorted(because)})
    olds = {str(r["m"]["memory_id"]): dict(r["m"]) for r in rows}
    conflicts = _open_conflicts(store, tenant_id, sorted(olds))
    # the believed copies of the memories about to come back are replaced, not competitors
    beliefs = _believed(store, tenant_id, list(olds.values()), excluded)
    new_ids: dict[str, str] = {}
    for old_id in sorted(olds):
        old = olds[old_id]
        key = _family_key(old)
        family = [b for b in beliefs.get(key, []) if b.copy_of.isdisjoint(olds)] if key else []
        copies = [b for b in beliefs.get(key, []) if old_id in b.copy_of] if key else []
        # another statement coming back bounds this one, unless the two were in conflict
        peers = [
            str(o["valid_from"])
            for other_id, o in olds.items()
            if other_id != old_id
            and key is not None
            and _family_key(o) == key
            and other_id not in conflicts.get(old_id, {})
        ]
        decided = _interval(old, family, copies, peers)
        if decided is None:
            continue
        valid_to, bounded = decided
        new_id_ = new_id("mem")
        new_ids[old_id] = new_id_
        status = MemoryStatus.SUPERSEDED if bounded else MemoryStatus.ACTIVE
        if not bounded and old.get("status") == MemoryStatus.NEEDS_REVIEW:
            status = MemoryStatus.NEEDS_REVIEW  # a flag for review survives the comeback
        props = {k: v for k, v in old.items() if k not in _NOT_COPIED}
        props |= {"memory_id": new_id_, "recorded_at": now, "status": str(status)}
        if valid_to is not None:
            props["valid_to"] = valid_to
        closed = sorted(b.memory_id for b in copies)
        plan.nodes.append(
            {"of": old_id, "props": props, "embedding": _vector(old, props, embedder, cipher)}
        )
        plan.close_ids += closed
        plan.reinstated.append(
            Reinstated(
                memory_id=new_id_,
                reinstates=old_id,
                because=because[old_id],
                valid_from=str(old["valid_from"]),
                valid_to=valid_to,
                status=status,
                closed=closed,
            )
        )
    plan.conflicts = _carried_conflicts(conflicts, new_ids, excluded)
    return plan


def _live_ancestors(
    store: GraphStore, tenant_id: str, lost: set[str], excluded: set[str]
) -> dict[str, str]:
    """Nearest live memories the lost ones superseded, each with the lost memory it leads
    back to; the walk passes through dead statements (bounded, cycles stop at visited)."""
    origin = {memory_id: memory_id for memory_id in lost}
    seen = set(lost)
    frontier = sorted(lost)
    found: dict[str, str] = {}
    for _ in range(MAX_DEPTH):
        if not frontier:
            break
        nxt: list[str] = []
        for row in store.read(
            "lifecycle/superseded_by", {"tenant_id": tenant_id, "memory_ids": frontier}
        ):
            old_id, newer = str(row["memory_id"]), str(row["newer_id"])
            if old_id in seen:
                continue
            seen.add(old_id)
            origin[old_id] = origin[newer]
            if old_id in excluded or row["status"] in _DEAD:
                nxt.append(old_id)
            elif row["status"] != MemoryStatus.EXPIRED:
                found[old_id] = origin[old_id]
        frontier = nxt
    return found


def _family_key(row: Mapping[str, Any]) -> tuple[str, str, str] | None:
    key = row.get("conflict_key")
    if key is None:
        return None
    return (str(row["subject_id"]), str(row.get("namespace") or ""), str(key))


def _believed(
    store: GraphStore, tenant_id: str, olds: Sequence[Mapping[str, Any]], excluded: set[str]
) -> dict[tuple[str, str, str] | None, list[_Belief]]:
    """What is still believed of each claim the reinstated memories belong to."""
    families = {k for k in (_family_key(o) for o in olds) if k is not None}
    out: dict[tuple[str, str, str] | None, list[_Belief]] = {}
    if not families:
        return out
    rows = store.read(
        "lifecycle/believed_versions",
        {
            "tenant_id": tenant_id,
            "families": [
                {"subject_id": s, "namespace": ns, "conflict_key": k} for s, ns, k in families
            ],
        },
    )
    for row in rows:
        if row["memory_id"] in excluded:
            continue
        key = (str(row["subject_id"]), str(row["namespace"] or ""), str(row["conflict_key"]))
        out.setdefault(key, []).append(
            _Belief(
                memory_id=str(row["memory_id"]),
                valid_from=str(row["valid_from"]),
                valid_to=row.get("valid_to"),
                copy_of=frozenset(str(x) for x in row["copy_of"] if x),
            )
        )
    return out


def _interval(
    old: Mapping[str, Any],
    family: Sequence[_Belief],
    copies: Sequence[_Belief],
    peers: Sequence[str],
) -> tuple[str | None, bool] | None:
    """``(valid_to, bounded_by_a_later_statement)`` of the version to create, or None when
    nothing changes: a belief of another statement covers ``old``'s start, or ``old`` is
    already believed exactly so (a copy with the same valid time). ``family``: what else is
    believed of the claim; ``peers``: start times of other statements coming back with it."""
    start = str(old["valid_from"])
    end = old.get("valid_to")
    if any(b.valid_from <= start and (b.valid_to is None or b.valid_to > start) for b in family):
        return None
    later = [b.valid_from for b in family if b.valid_from > start]
    later += [p for p in peers if p > start]
    bound = min(later) if later else None
    bounded = bound is not None and (end is None or bound < end)
    valid_to = bound if bounded else end
    if valid_to is not None and valid_to <= start:
        return None
    if any(b.valid_from == start and b.valid_to == valid_to for b in copies):
        return None
    return valid_to, bounded


def _vector(
    old: Mapping[str, Any],
    props: dict[str, Any],
    embedder: Embedder | None,
    cipher: ContentCipher | None,
) -> list[float] | None:
    """None: the statement copies the old node's vector (same embedding space). A memory
    from another model is re-encoded, so the new version lives in the current space."""
    if embedder is None or old.get("embedding_version") == embedder.embedding_version:
        return None
    text = old.get("text")
    if is_sealed(text) and cipher is not None:
        text = cipher.open_fields(dict(old))["text"]
    props["embedding_version"] = embedder.embedding_version
    vector: list[float] = embedder.encode_one(str(text or "")).tolist()
    return vector


def _open_conflicts(
    store: GraphStore, tenant_id: str, memory_ids: Sequence[str]
) -> dict[str, dict[str, bool]]:
    """memory → {other side of an OPEN conflict → whether it is still believed}."""
    out: dict[str, dict[str, bool]] = {}
    if not memory_ids:
        return out
    for row in store.read(
        "lifecycle/open_conflicts_of", {"tenant_id": tenant_id, "memory_ids": list(memory_ids)}
    ):
        out.setdefault(str(row["memory_id"]), {})[str(row["other_id"])] = bool(
            row["other_believed"]
        )
    return out


def _carried_conflicts(
    conflicts: Mapping[str, Mapping[str, bool]], new_ids: Mapping[str, str], excluded: set[str]
) -> list[list[str]]:
    """``[new version, other]`` for each open conflict of a reinstated memory whose other side
    is still believed or comes back too (then between the two new versions)."""
    pairs: set[tuple[str, str]] = set()
    for mine, others in conflicts.items():
        if mine not in new_ids:
            continue
        for other, believed in others.items():
            if other in new_ids:
                a, b = sorted((new_ids[mine], new_ids[other]))
                pairs.add((a, b))
            elif believed and other not in excluded:
                pairs.add((new_ids[mine], other))
    return [list(p) for p in sorted(pairs)]


def reinstated_rows(plan: ReinstatementPlan) -> list[Row]:
    """The plan's reinstatements as plain rows (receipts, previews)."""
    return [r.model_dump(mode="json") for r in plan.reinstated]


__all__ = [
    "COPY_KINDS",
    "ReinstatementPlan",
    "plan_reinstatements",
    "reinstated_rows",
]
