"""Which procedure versions a run may use (the seed: "Precondition과 capability가 현재 state를
만족해야 합니다. 최신 approved version만 선택합니다").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graphmem.models.enums import MemoryType
from graphmem.store.base import Row


def procedure_filter(
    rows: list[Row], state: Mapping[str, Any]
) -> tuple[list[Row], list[dict[str, str]]]:
    """Procedures: only the latest APPROVED version whose preconditions and capabilities the
    state satisfies. Everything else passes through."""
    have_caps = set(state.get("capabilities") or [])
    have_facts = set(state.get("facts") or state.get("preconditions") or [])
    latest: dict[str, Row] = {}
    kept: list[Row] = []
    excluded: list[dict[str, str]] = []
    for r in rows:
        if r.get("type") != MemoryType.PROCEDURAL:
            kept.append(r)
            continue
        if r.get("lifecycle") != "APPROVED":
            excluded.append({"memory_id": r["memory_id"], "reason": "NOT_APPROVED"})
            continue
        key = str(r.get("procedure_key"))
        if key not in latest or str(r.get("version_sort")) > str(latest[key].get("version_sort")):
            if key in latest:
                excluded.append(
                    {"memory_id": latest[key]["memory_id"], "reason": "NOT_LATEST_VERSION"}
                )
            latest[key] = r
        else:
            excluded.append({"memory_id": r["memory_id"], "reason": "NOT_LATEST_VERSION"})
    for r in latest.values():
        if not set(r.get("required_capabilities") or []) <= have_caps:
            excluded.append({"memory_id": r["memory_id"], "reason": "CAPABILITY_MISSING"})
        elif not set(r.get("preconditions") or []) <= have_facts:
            excluded.append({"memory_id": r["memory_id"], "reason": "PRECONDITION_UNMET"})
        else:
            kept.append(r)
    return kept, excluded
