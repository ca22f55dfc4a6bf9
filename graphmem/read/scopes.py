"""Scopes: the subjects in play in one retrieval or context (a user, their project, their org,
a team), each with its own per-type limits.

A scope is read exactly as a single-subject call reads its subject: it must be allowed by the
key (:func:`graphmem.auth.scope.read_scopes`; a 403 names ``scopes.<i>.subject_id`` before
anything runs), and each scope is its own retrieval — the hard filters (tenant, subject, type,
status, time, consent, purpose) apply per scope in the engine's queries, and the feature cache
keys it by (tenant, subject) like any other — so nothing outside the named scopes can enter the
result. The results are merged by score.

Limits are per scope and per type (:class:`TypeLimits`): a user scope may bring five facts and
no procedure while the org scope brings its one approved runbook. In a context a limit a scope
leaves unset is the call's ``limits``; in a retrieval a scope without limits takes the call's
``types`` and ``k``, and a scope with limits brings only the types it names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from pydantic import AfterValidator, Field

from graphmem.limits import MAX_SCOPES
from graphmem.models.base import Record
from graphmem.models.enums import MemoryType
from graphmem.models.types import SubjectRef, field_error


class TypeLimits(Record):
    """How many memories of each type may come (from one scope, or the whole call)."""

    semantic: int | None = Field(None, ge=0, le=50)
    episodes: int | None = Field(None, ge=0, le=20)
    procedures: int | None = Field(None, ge=0, le=10)

    def per_type(self) -> Iterator[tuple[MemoryType, int | None]]:
        yield MemoryType.SEMANTIC, self.semantic
        yield MemoryType.EPISODIC, self.episodes
        yield MemoryType.PROCEDURAL, self.procedures


class Scope(Record):
    """One subject in play, with its own per-type limits."""

    subject_id: SubjectRef
    limits: TypeLimits | None = None


def _distinct(scopes: list[Scope] | None) -> list[Scope] | None:
    seen: set[str] = set()
    for i, scope in enumerate(scopes or []):
        if scope.subject_id in seen:
            raise field_error(
                f"{i}.subject_id", "duplicate", f"{scope.subject_id} is named twice in scopes"
            )
        seen.add(scope.subject_id)
    return scopes


#: a request's ``scopes``: 1 to :data:`MAX_SCOPES` distinct subjects
Scopes = Annotated[
    list[Scope] | None,
    Field(None, min_length=1, max_length=MAX_SCOPES),
    AfterValidator(_distinct),
]


def retrieval_plan(
    scope: Scope, types: list[MemoryType] | None, k: int
) -> list[tuple[list[MemoryType] | None, int]]:
    """The retrievals of one scope in a retrieve call: ``[(types, k)]``."""
    if scope.limits is None:
        return [(types, k)]
    return [
        ([t], n)
        for t, n in scope.limits.per_type()
        if n is not None and n > 0 and (types is None or t in types)
    ]


def scope_error(subject_given: bool, scopes: list[Scope] | None) -> None:
    """A call names one subject or several scopes, not both."""
    if subject_given and scopes:
        raise field_error(
            "scopes", "exclusive", "give subject_id or scopes, not both (a scope per subject)"
        )


__all__ = ["Scope", "Scopes", "TypeLimits", "retrieval_plan", "scope_error"]
