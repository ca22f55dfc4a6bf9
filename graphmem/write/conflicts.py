"""Conflict resolution (seed: "Memory conflict 처리"), decided on what the graph query found.

Candidates share tenant, subject, namespace and conflict key (predicate or procedure key),
are ACTIVE, currently believed (``tx_to`` open) and overlap the new valid time. Then:

* same content → DUPLICATE (the new evidence is added to the existing memory);
* explicit ``supersedes``, or a later statement of equal or higher authority → supersession;
* lower authority against higher → NEEDS_CONFIRMATION, or REJECTED when the newcomer is only
  model output (or untrusted);
* a procedure version is immutable: other content under the same key@version is REJECTED
  (``PROCEDURE_VERSION_EXISTS``); a change is a new version, released on its own;
* otherwise (equal authority, but the new statement is valid from *before* the existing
  one) the system cannot tell which is right: both are kept, marked CONFLICTS_WITH.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from graphmem.models.enums import Authority, SupersessionKind
from graphmem.write.codes import Code
from graphmem.write.stage import Check, confirm, info, reject, warn


@dataclass(frozen=True)
class Competitor:
    """What conflict resolution needs of an existing memory (no content, no vector: a
    subject may hold thousands of competitors under one key)."""

    memory_id: str
    authority: Authority
    valid_from: str
    valid_to: str | None
    content_hash: str | None

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Competitor:
        return cls(
            memory_id=str(row["memory_id"]),
            authority=Authority(row["authority"]),
            valid_from=str(row["valid_from"]),
            valid_to=row.get("valid_to"),
            content_hash=row.get("content_hash"),
        )


@dataclass(frozen=True)
class Supersession:
    old: Competitor
    kind: SupersessionKind
    reason: Code
    #: the old fact stays true until the new one starts: keep that as a version node
    keeps_version: bool


@dataclass
class Resolution:
    checks: list[Check] = field(default_factory=list)
    duplicate_of: Competitor | None = None
    supersede: list[Supersession] = field(default_factory=list)
    conflicts: list[Competitor] = field(default_factory=list)


def overlaps(a_from: str, a_to: str | None, b_from: str, b_to: str | None) -> bool:
    return (b_to is None or a_from < b_to) and (a_to is None or b_from < a_to)


def resolve(
    *,
    content_hash: str,
    authority: Authority,
    valid_from: str,
    valid_to: str | None,
    explicit: str | None,
    existing: Sequence[Competitor],
    immutable: bool = False,
) -> Resolution:
    res = Resolution()
    for old in existing:
        if old.content_hash == content_hash:
            res.duplicate_of = old
            res.checks.append(info(Code.DUPLICATE, f"of {old.memory_id}"))
            return res
    if immutable and existing:
        res.checks.append(reject(Code.PROCEDURE_VERSION_EXISTS, existing[0].memory_id))
        return res
    for old in existing:
        keeps_version = valid_from > old.valid_from
        if explicit == old.memory_id:
            if authority.rank < old.authority.rank:
                res.checks.append(
                    reject(Code.CONTRADICTS_HIGHER_AUTHORITY, f"cannot supersede {old.memory_id}")
                )
                continue
            res.supersede.append(
                Supersession(old, SupersessionKind.EXPLICIT, Code.SUPERSEDES, keeps_version)
            )
        elif authority.rank > old.authority.rank or (
            authority.rank == old.authority.rank and valid_from >= old.valid_from
        ):
            kind = SupersessionKind.UPDATE if keeps_version else SupersessionKind.CORRECTION
            res.supersede.append(Supersession(old, kind, Code.SUPERSEDES, keeps_version))
        elif authority.rank < old.authority.rank:
            if authority.rank <= Authority.MODEL_OUTPUT.rank:
                res.checks.append(
                    reject(Code.CONTRADICTS_HIGHER_AUTHORITY, f"contradicts {old.memory_id}")
                )
            else:
                res.checks.append(
                    confirm(Code.CONFLICT_LOWER_AUTHORITY, f"contradicts {old.memory_id}")
                )
        else:
            res.conflicts.append(old)
            res.checks.append(warn(Code.CONFLICT_UNRESOLVED, f"with {old.memory_id}"))
    for sup in res.supersede:
        res.checks.append(info(Code.SUPERSEDES, f"{sup.old.memory_id} ({sup.kind})"))
    return res
