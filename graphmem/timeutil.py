"""Portable times: ISO-8601 UTC strings of fixed width, which compare correctly as strings
in both engines (``2026-07-16T04:30:00.000000Z``)."""

from __future__ import annotations

from datetime import UTC, datetime

_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_iso(value: datetime) -> str:
    if value.tzinfo is None:
        raise ValueError("datetime must be timezone-aware")
    return value.astimezone(UTC).strftime(_FORMAT)


def parse_iso(text: str) -> datetime:
    """Parse any ISO-8601 timestamp with an offset (or ``Z``); naive times are refused."""
    value = datetime.fromisoformat(text.strip().replace("z", "Z"))
    if value.tzinfo is None:
        raise ValueError("timestamp must include a UTC offset or 'Z'")
    return value.astimezone(UTC)


def normalize(text: str) -> str:
    return to_iso(parse_iso(text))


def now_iso() -> str:
    return to_iso(utcnow())
