"""Cursors: opaque, signed, bound to their listing and filters, and bounded in age."""

from __future__ import annotations

import pytest

from graphmem.errors import FieldIssue, StoredRecordInvalidError, ValidationError
from graphmem.limits import CURSOR_MAX_AGE_S, MAX_CURSOR_CHARS
from graphmem.paging import Cursors, cut

SCOPE = {"tenant_id": "acme", "subject_ids": ["user:u_1"], "type": None}


class Clock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def issue_of(exc: pytest.ExceptionInfo[ValidationError]) -> tuple[str, str]:
    [issue] = exc.value.issues
    return issue.field, issue.rule


def test_a_cursor_gives_back_the_key_it_was_issued_for() -> None:
    cursors = Cursors(b"k" * 32)
    key = ["user:u_1", "2026-07-01T00:00:00.000000Z", "", "mem_1"]
    assert cursors.open(cursors.issue("memories", SCOPE, key), "memories", SCOPE) == key
    assert cursors.open(None, "memories", SCOPE) is None


@pytest.mark.parametrize(
    "forge",
    [
        lambda c: c[:-1] + ("A" if c[-1] != "A" else "B"),  # another MAC
        lambda c: "e30" + c[3:],  # another payload under the old MAC
        lambda c: c.replace(".", ""),  # no MAC at all
        lambda c: "bm90LWEtY3Vyc29y.AAAA",  # made up
        lambda c: "%%%.%%%",  # not base64
    ],
)
def test_a_forged_or_damaged_cursor_is_invalid(forge: object) -> None:
    cursors = Cursors(b"k" * 32)
    good = cursors.issue("memories", SCOPE, ["a", "b", "c", "d"])
    with pytest.raises(ValidationError) as exc:
        cursors.open(forge(good), "memories", SCOPE)  # type: ignore[operator]
    assert issue_of(exc) == ("cursor", "invalid")


def test_another_services_key_does_not_open_a_cursor() -> None:
    cursor = Cursors(b"k" * 32).issue("memories", SCOPE, ["a"])
    with pytest.raises(ValidationError) as exc:
        Cursors(b"j" * 32).open(cursor, "memories", SCOPE)
    assert issue_of(exc) == ("cursor", "invalid")


def test_a_cursor_serves_only_its_listing_and_filters() -> None:
    cursors = Cursors(b"k" * 32)
    cursor = cursors.issue("memories", SCOPE, ["a"])
    for listing, scope in (
        ("checkpoints", SCOPE),
        ("memories", {**SCOPE, "type": "SEMANTIC"}),
        ("memories", {**SCOPE, "tenant_id": "globex"}),
    ):
        with pytest.raises(ValidationError) as exc:
            cursors.open(cursor, listing, scope)
        assert issue_of(exc) == ("cursor", "mismatch")


def test_a_cursor_expires() -> None:
    clock = Clock()
    cursors = Cursors(b"k" * 32, now=clock)
    cursor = cursors.issue("memories", SCOPE, ["a"])
    clock.t += CURSOR_MAX_AGE_S
    assert cursors.open(cursor, "memories", SCOPE) == ["a"]
    clock.t += 1
    with pytest.raises(ValidationError) as exc:
        cursors.open(cursor, "memories", SCOPE)
    assert issue_of(exc) == ("cursor", "expired")
    assert "start the listing again" in exc.value.issues[0].message


def test_a_cursor_is_bounded_in_length() -> None:
    with pytest.raises(ValidationError) as exc:
        Cursors().open("a" * MAX_CURSOR_CHARS + ".b", "memories", SCOPE)
    assert issue_of(exc) == ("cursor", "too_long")


def bad(row: dict[str, object]) -> str:
    if row.get("broken"):
        raise StoredRecordInvalidError(
            "Memory", str(row["id"]), [FieldIssue("subject_id", "required", "missing")]
        )
    return str(row["id"])


def test_cut_skips_and_reports_records_that_fail_their_model_and_moves_past_them() -> None:
    cursors = Cursors(b"k" * 32)
    rows = [
        {"id": "m1", "key": ["m1"]},
        {"id": "m2", "key": ["m2"], "broken": True},
        {"id": "m3", "key": ["m3"]},
    ]
    page = cut(rows, total=5, limit=2, build=bad, cursors=cursors, listing="l", scope={})
    assert page.items == ["m1"]
    assert [s.record_id for s in page.skipped] == ["m2"]
    assert page.fields("memories")["skipped"][0]["code"] == "STORED_RECORD_INVALID"
    assert page.fields("memories")["skipped"][0]["errors"][0]["field"] == "subject_id"
    assert page.next_cursor is not None
    assert cursors.open(page.next_cursor, "l", {}) == ["m2"]  # the next page starts after m2
    last = cut(rows[2:], total=5, limit=2, build=bad, cursors=cursors, listing="l", scope={})
    assert last.items == ["m3"] and last.next_cursor is None
