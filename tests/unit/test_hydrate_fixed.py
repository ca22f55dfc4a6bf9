"""Phase 2 keeps a claim's and an episode's FIXED columns in the process once read
(read/hydrate): that is only right while no write statement changes one of them on a memory that
already exists. This reads every Cypher file and fails when a ``SET`` assigns a FIXED column to
a variable that may be a memory (labelled Memory, Claim or Episode, or unlabelled in a partial)
and that the same statement did not ``CREATE``; procedures and insights are read whole every
time, so their release steps and reviews may move their fields. The hydrate statement's
``fixed`` list must hold FIXED in order."""

from __future__ import annotations

import re
from pathlib import Path

from graphmem.read.hydrate import FIXED, FIXED_PROPERTIES, KEPT_TYPES, LIVE

CYPHER = Path(__file__).parents[2] / "cypher"
_CLAUSE = re.compile(
    r"\b(?:WITH|RETURN|MATCH|CREATE|MERGE|UNWIND|CALL|FOREACH|OPTIONAL|WHERE|DELETE|REMOVE|ON)\b|[})]"
)
_MEMORY_LABELS = {"Memory", "Claim", "Episode"}


def _set_targets(text: str) -> list[tuple[str, str]]:
    """(variable, property or '+=') of every assignment in a SET clause."""
    found: list[tuple[str, str]] = []
    for m in re.finditer(r"\bSET\b", text):
        rest = text[m.end() :]
        end = _CLAUSE.search(rest)
        body = rest[: end.start()] if end else rest
        found += re.findall(r"\b(\w+)\.(\w+)\s*=(?!=)", body)
        found += [(v, "+=") for v in re.findall(r"\b(\w+)\s*\+=", body)]
    return found


def _labels(text: str, var: str) -> set[str]:
    return set(re.findall(rf"[(\[]\s*{var}\s*:\s*(\w+)", text)) | set(
        re.findall(rf"\bSET\s+{var}\s*:\s*(\w+)", text)
    )


def _created(text: str, var: str) -> bool:
    return re.search(rf"\bCREATE\s*\(\s*{var}\s*[:{{)]", text) is not None


def test_no_write_changes_a_fixed_column_of_an_existing_memory() -> None:
    offenders = []
    for path in sorted(CYPHER.rglob("*.cypher")):
        text = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        for var, prop in _set_targets(text):
            if _created(text, var):
                continue
            labels = _labels(text, var)
            if "Procedure" in labels or (labels and not labels & _MEMORY_LABELS):
                continue
            typed = set(re.findall(rf"\b{var}\.type\s*=\s*'(\w+)'", text))
            if typed and not typed & KEPT_TYPES:  # e.g. an insight: read whole every time
                continue
            if prop == "+=" or prop in FIXED:
                offenders.append(f"{path.relative_to(CYPHER)}: {var}.{prop}")
    assert offenders == [], offenders


def test_the_checker_sees_a_change_of_a_fixed_column() -> None:
    text = "MATCH (m:Memory {memory_id: $id}) SET m.text = $text RETURN m"
    assert ("m", "text") in _set_targets(text) and not _created(text, "m")
    assert _labels(text, "m") == {"Memory"}
    assert ("m", "+=") in _set_targets("MATCH (m:Claim) SET m += $props")


def test_hydrate_returns_fixed_in_order_and_the_live_columns() -> None:
    listed = (CYPHER / "retrieval" / "_fixed_columns.cypher").read_text(encoding="utf-8")
    assert tuple(re.findall(r"\bm\.(\w+)", listed)) == FIXED_PROPERTIES
    # then the cited sources' speakers (ranking's speaker key), the last column
    assert (*FIXED_PROPERTIES, "speakers") == FIXED
    assert listed.rstrip().endswith("[(m)-[:PROVENANCE]->(src:Source) | src.speaker]]")
    text = (CYPHER / "retrieval" / "hydrate.cypher").read_text(encoding="utf-8")
    assert "ELSE {{> retrieval/_fixed_columns}}" in text
    features = (CYPHER / "retrieval" / "features.cypher").read_text(encoding="utf-8")
    assert "{{> retrieval/_fixed_columns}} AS fixed" in features
    returned = text[text.index("RETURN") :]
    for column in LIVE:
        assert re.search(rf"\b{column}\b", returned), column


def test_phase_one_live_columns_are_live_in_order() -> None:
    text = (CYPHER / "retrieval" / "_scope_live_tail.cypher").read_text(encoding="utf-8")
    listed = text[
        text.index("collect([") + len("collect([") : text.index("])", text.index("collect(["))
    ]
    names = tuple(n.strip().removeprefix("m.") for n in listed.split(","))
    assert names == LIVE
