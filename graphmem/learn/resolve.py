"""Which procedure version may this run use? The release model's one answer, asked by
retrieval and so by the context builder.

A run gets, per procedure key, exactly the version of its cohort: the canary when the run's
bucket falls below the canary's percent, otherwise the stable version. The bucket is a
deterministic hash of tenant, key and the run's cohort key — its ``run_id`` when the state
names one, else the subject, else the caller — so the same run (or subject) always lands in
the same cohort, every process agrees without coordination, and a canary of 10 % serves about
one run in ten. Never served: a DRAFT, IN_REVIEW, REJECTED, DEPRECATED or ROLLED_BACK version,
nor a PUBLISHED one that serves no cohort. The version of the run's cohort is then served only
when the run's state holds its preconditions (``facts``) and capabilities (the seed:
"Precondition과 capability가 현재 state를 만족해야 합니다").

Every serving row carries its key's current ``canary_percent`` (the stable row too), so the
answer needs no extra query and is decided from whichever versions retrieval found.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from graphmem.models.enums import MemoryType, ProcedureStatus, ReleaseRole
from graphmem.store.base import Row

#: buckets per key; a canary percent p serves buckets below p * BUCKETS / 100
BUCKETS = 10_000

#: why a procedure version was not given to this run (``excluded[].reason``)
NOT_PUBLISHED = "NOT_PUBLISHED"
NOT_IN_COHORT = "NOT_IN_COHORT"
NOT_SERVING = "NOT_SERVING"
CAPABILITY_MISSING = "CAPABILITY_MISSING"
PRECONDITION_UNMET = "PRECONDITION_UNMET"

_NEVER_SERVED: dict[str, str] = {
    ProcedureStatus.DRAFT: NOT_PUBLISHED,
    ProcedureStatus.IN_REVIEW: NOT_PUBLISHED,
    ProcedureStatus.REJECTED: "REJECTED",
    ProcedureStatus.DEPRECATED: "DEPRECATED",
    ProcedureStatus.ROLLED_BACK: "ROLLED_BACK",
}


def cohort_bucket(tenant_id: str, procedure_key: str, cohort_key: str) -> int:
    """The run's bucket in ``[0, BUCKETS)`` for this key (stable across processes)."""
    digest = hashlib.sha256(f"{tenant_id}|{procedure_key}|{cohort_key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % BUCKETS


def in_canary(bucket: int, percent: int | None) -> bool:
    return bool(percent) and bucket * 100 < (percent or 0) * BUCKETS


def cohort_key(state: Mapping[str, Any], subject_id: str | None, principal_id: str) -> str:
    """The run's cohort key: its run, else its subject, else the caller."""
    run_id = state.get("run_id")
    if isinstance(run_id, str) and run_id:
        return f"run:{run_id}"
    return subject_id or principal_id


def serving_role(
    tenant_id: str, procedure_key: str, cohort: str, canary_percent: int | None
) -> ReleaseRole:
    """Which release serves a run of this cohort now."""
    bucket = cohort_bucket(tenant_id, procedure_key, cohort)
    return ReleaseRole.CANARY if in_canary(bucket, canary_percent) else ReleaseRole.STABLE


def usable_procedures(
    rows: list[Row], state: Mapping[str, Any], *, tenant_id: str, cohort: str
) -> tuple[list[Row], list[dict[str, str]]]:
    """Rows minus the procedure versions this run may not use, and why each was excluded.
    Rows of other memory types pass through untouched."""
    have_caps = set(state.get("capabilities") or [])
    have_facts = set(state.get("facts") or state.get("preconditions") or [])
    kept: list[Row] = []
    excluded: list[dict[str, str]] = []
    serving: list[Row] = []
    for r in rows:
        if r.get("type") != MemoryType.PROCEDURAL:
            kept.append(r)
            continue
        lifecycle = str(r.get("lifecycle"))
        if lifecycle != ProcedureStatus.PUBLISHED:
            reason = _NEVER_SERVED.get(lifecycle, NOT_PUBLISHED)
            excluded.append({"memory_id": r["memory_id"], "reason": reason})
        elif r.get("release_role") not in (ReleaseRole.STABLE, ReleaseRole.CANARY):
            excluded.append({"memory_id": r["memory_id"], "reason": NOT_SERVING})
        else:
            serving.append(r)
    for r in serving:
        key = str(r.get("procedure_key"))
        wanted = serving_role(tenant_id, key, cohort, r.get("canary_percent"))
        if r.get("release_role") != wanted:
            excluded.append({"memory_id": r["memory_id"], "reason": NOT_IN_COHORT})
        elif not set(r.get("required_capabilities") or []) <= have_caps:
            excluded.append({"memory_id": r["memory_id"], "reason": CAPABILITY_MISSING})
        elif not set(r.get("preconditions") or []) <= have_facts:
            excluded.append({"memory_id": r["memory_id"], "reason": PRECONDITION_UNMET})
        else:
            kept.append(r)
    return kept, excluded


__all__ = [
    "BUCKETS",
    "CAPABILITY_MISSING",
    "NOT_IN_COHORT",
    "NOT_PUBLISHED",
    "NOT_SERVING",
    "PRECONDITION_UNMET",
    "cohort_bucket",
    "cohort_key",
    "in_canary",
    "serving_role",
    "usable_procedures",
]
