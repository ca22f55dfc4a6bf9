"""Independent oracles for update and forget: what time travel and revocation must answer,
computed without any of graphmem's machinery.

*Time travel.* A statement is known from the moment it was recorded until its source is
revoked; among the statements known at K, the one with the latest valid_from <= V (ties: the
later recorded) is what was true at V. No version nodes, no SUPERSEDES, no reinstatement.

*Revocation.* Support is a least fixed point: a memory is grounded when it cites a source
that is not revoked, or derives from a grounded memory; everything downstream of the revoked
source that is no longer grounded is revoked — so chains, diamonds and cycles need no special
case (two memories that only support each other are not grounded).

The generated histories (:func:`generate_history`) and the comparison (:func:`compare`) are
shared by the integration tests and ``graphmem eval``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from graphmem.auth.principal import Principal
from graphmem.eval.engine import SettableClock
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.timeutil import to_iso

#: (object, valid_from, recorded_at, revoked_at or None), in arrival order
Statement = tuple[str, str, str, str | None]
KEYS = ("owner", "status", "region")
START = datetime(2026, 1, 1, tzinfo=UTC)
SUBJECT = "project:alpha"


def believed(history: list[Statement], known_at: str, valid_at: str) -> str | None:
    known = [
        h
        for h in history
        if h[2] <= known_at and (h[3] is None or known_at < h[3]) and h[1] <= valid_at
    ]
    if not known:
        return None
    return max(known, key=lambda h: (h[1], h[2]))[0]


@dataclass
class Said:
    key: str
    #: the statement's place in ``histories[key]``; -1 when the gate did not store it
    index: int
    source_id: str
    memory_id: str
    decision: Decision
    #: the receipt's reasons, ``stage:code`` each, when the statement was not stored
    refused_by: tuple[str, ...] = ()

    @property
    def stored(self) -> bool:
        return self.decision in (Decision.COMMITTED, Decision.DUPLICATE)


def generate_history(
    gm: Graphmem, clock: SettableClock, who: Principal, rng: random.Random, steps: int = 36
) -> tuple[dict[str, list[Statement]], list[Said], datetime]:
    """Statements about three keys of ``project:alpha``, valid time non-decreasing per key but
    recorded in any relation to it (facts learned late, facts learned early).

    A statement the gate does not store is not known, so it stays out of the oracle's
    history; its :class:`Said` carries the decision and reasons. A refused plain statement is
    the gate's false positive for the caller to report, not a reason to stop measuring."""
    histories: dict[str, list[Statement]] = {k: [] for k in KEYS}
    said: list[Said] = []
    last_valid = {k: START - timedelta(days=60) for k in KEYS}
    now = START
    for step in range(steps):
        key = rng.choice(KEYS)
        now += timedelta(days=rng.randint(1, 9), hours=rng.randint(0, 23))
        clock.set(to_iso(now))
        valid = max(last_valid[key], now + timedelta(days=rng.randint(-40, 10)))
        last_valid[key] = valid
        obj = rng.choice(["ann", "bo", "cy", "di"])
        text = f"step {step}: project alpha {key} is {obj}"
        sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": text}).source_id
        receipt = gm.propose(
            who,
            {
                "memory_type": "SEMANTIC",
                "subject": SUBJECT,
                "claim": {"predicate": key, "object": obj},
                "evidence": [{"event_id": sid, "span": text, "source_role": "user"}],
                "confidence": 1.0,
                "valid_from": to_iso(valid),
            },
        )
        if receipt.decision not in (Decision.COMMITTED, Decision.DUPLICATE):
            why = tuple(f"{r.stage}:{r.code}" for r in receipt.reasons)
            said.append(Said(key, -1, sid, receipt.memory_id or "", receipt.decision, why))
            continue
        said.append(Said(key, len(histories[key]), sid, receipt.memory_id or "", receipt.decision))
        histories[key].append((obj, to_iso(valid), to_iso(now), None))
    return histories, said, now


@dataclass
class Comparison:
    checked: int
    mismatches: list[tuple[str, str | None, str, list[str], str | None]]
    #: probes with known_at = now (what supersession alone decides)
    checked_now: int = 0
    mismatches_now: int = 0


def compare(
    gm: Graphmem,
    who: Principal,
    histories: Mapping[str, list[Statement]],
    knowns: Iterable[datetime | None],
    probes: Iterable[datetime],
    end: datetime,
) -> Comparison:
    """``gm.memories(valid_at, known_at)`` against :func:`believed` at every probe."""
    out = Comparison(0, [])
    probes = list(probes)
    for known in knowns:
        known_iso = to_iso(known) if known else None
        for valid in probes:
            valid_iso = to_iso(valid)
            rows = gm.memories(
                who,
                subject_id=SUBJECT,
                valid_at=valid_iso,
                **({"known_at": known_iso} if known_iso else {}),
            )
            got: dict[str, list[str]] = {}
            for row in rows:
                got.setdefault(row["predicate"], []).append(row["object"])
            for key in KEYS:
                expected = believed(histories[key], known_iso or to_iso(end), valid_iso)
                ok = got.get(key, []) == ([expected] if expected else [])
                out.checked += 1
                out.checked_now += known is None
                if not ok:
                    out.mismatches.append((key, known_iso, valid_iso, got.get(key, []), expected))
                    out.mismatches_now += known is None
    return out


def revoked_by_fixed_point(
    cites: Mapping[str, set[str]],
    origins: Mapping[str, set[str]],
    revoked_sources: set[str],
) -> tuple[set[str], set[str]]:
    """(revoked, lost some support but still grounded) for every memory downstream of the
    revoked sources. ``cites``: memory → sources; ``origins``: memory → memories it derives
    from."""
    memories = set(cites) | set(origins)
    grounded = {m for m in memories if cites.get(m, set()) - revoked_sources}
    changed = True
    while changed:
        changed = False
        for m in memories - grounded:
            if origins.get(m, set()) & grounded:
                grounded.add(m)
                changed = True
    affected = {m for m in memories if cites.get(m, set()) & revoked_sources}
    frontier = set(affected)
    while frontier:
        frontier = {m for m in memories if origins.get(m, set()) & frontier} - affected
        affected |= frontier
    return affected - grounded, affected & grounded
