"""A person's parameters for a named query are typed and bounded before the engine."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.errors import ValidationError
from graphmem.named_queries import check_params
from graphmem.queries import library

SNAPSHOT = library("falkordb").get("lineage/known_at_snapshot")
CONFLICTS = library("falkordb").get("lineage/open_conflicts")


def rules(params: dict[str, Any], query: Any = SNAPSHOT) -> set[tuple[str, str]]:
    with pytest.raises(ValidationError) as err:
        check_params(query, params)
    return {(i.field, i.rule) for i in err.value.issues}


def test_typed_parameters_are_normalised() -> None:
    out = check_params(SNAPSHOT, {"known_at": "2026-07-10T00:00:00Z", "subject_id": "project:a"})
    assert out == {"known_at": "2026-07-10T00:00:00.000000Z", "subject_id": "project:a"}
    assert check_params(CONFLICTS, {"subject_id": None}) == {"subject_id": None}


@pytest.mark.parametrize(
    ("params", "field", "rule"),
    [
        ({"known_at": 5, "subject_id": "project:a"}, "params.known_at", "type"),
        (
            {"known_at": "2026-13-45T99:99:99Z", "subject_id": "project:a"},
            "params.known_at",
            "timestamp_format",
        ),
        (
            {"known_at": "2026-07-10T00:00:00", "subject_id": "project:a"},
            "params.known_at",
            "timezone_required",
        ),
        ({"known_at": "2026-07-10T00:00:00Z", "subject_id": "a b"}, "params.subject_id", "pattern"),
        ({"known_at": None, "subject_id": "project:a"}, "params.known_at", "type"),
    ],
)
def test_wrong_types_name_the_parameter(params: dict[str, Any], field: str, rule: str) -> None:
    assert (field, rule) in rules(params)


def test_parameters_are_bounded_in_number_and_size() -> None:
    assert ("params", "too_large") in rules({f"p{i}": 1 for i in range(40)})
    assert ("params", "too_large") in rules({"known_at": "x" * 70_000})
