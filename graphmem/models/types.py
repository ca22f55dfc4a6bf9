"""Constrained scalar types shared by the records.

Each constraint failure surfaces with a stable rule code (see :mod:`.validation`):
``pattern``, ``too_short``, ``too_long``, ``timezone_required``, ``timestamp_format`` …
"""

from __future__ import annotations

import hashlib
import math
import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, PlainValidator, StringConstraints
from pydantic.json_schema import WithJsonSchema
from pydantic_core import PydanticCustomError

from graphmem import timeutil
from graphmem.models.enums import SubjectKind


def field_error(field: str, rule: str, message: str) -> PydanticCustomError:
    """An error raised by a model-level validator that still names its field.

    Pydantic gives model-level errors an empty location; :mod:`.validation` appends the
    ``field`` carried in the context, so the issue reads ``valid_to: valid_time_order``.
    """
    return PydanticCustomError(rule, message, {"field": field})


# -- time ------------------------------------------------------------------------------

_TIMESTAMP_WIDTH = len("2026-07-16T04:30:00.000000Z")


def _to_timestamp(value: Any) -> str:
    if isinstance(value, datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise PydanticCustomError(
                "timezone_required", "datetime must be timezone-aware (give an offset or 'Z')"
            )
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("z", "Z"))
        except ValueError:
            raise PydanticCustomError(
                "timestamp_format",
                "expected an ISO-8601 timestamp such as 2026-07-16T04:30:00Z, got '{value}'",
                {"value": value[:64]},
            ) from None
        if moment.tzinfo is None:
            raise PydanticCustomError(
                "timezone_required",
                "timestamp must include a UTC offset or 'Z' (a naive time is ambiguous)",
            )
    else:
        raise PydanticCustomError(
            "type", "expected an ISO-8601 timestamp string or a timezone-aware datetime"
        )
    try:
        text = timeutil.to_iso(moment)
    except OverflowError:
        text = ""
    if len(text) != _TIMESTAMP_WIDTH:
        raise PydanticCustomError("range", "timestamp is outside the years 1000-9999 (UTC)")
    return text


#: A point in time, stored and serialised as the fixed-width UTC string
#: ``2026-07-16T04:30:00.000000Z``; such strings sort in chronological order. Input may be
#: a timezone-aware :class:`datetime` or any ISO-8601 string with an offset or ``Z``.
Timestamp = Annotated[
    str,
    BeforeValidator(_to_timestamp),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]


def as_datetime(value: str) -> datetime:
    """The aware UTC datetime of a :data:`Timestamp` string."""
    return timeutil.parse_iso(value)


# -- identifiers -----------------------------------------------------------------------

_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:@\-]*$"
#: the id pattern, for FastAPI path parameters (pydantic's regex: ``$`` ends the text)
ID_PATTERN = _ID_PATTERN
_KEY_PATTERN = r"^[a-z][a-z0-9_.\-]*$"

#: An id of a node or an external event: letters, digits and ``_ . : @ -``; no spaces,
#: quotes or slashes, so it is safe in logs, URLs and Cypher parameters.
Identifier = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=_ID_PATTERN)]

#: A lower-case vocabulary key: predicates, namespaces, purposes, capabilities, codes of
#: preconditions (``prefers_answer_language``, ``preferences``).
Key = Annotated[str, StringConstraints(min_length=1, max_length=120, pattern=_KEY_PATTERN)]

#: A reason or failure code: ``EXPIRED``, ``PURPOSE_MISMATCH``, ``VPN_720``.
Code = Annotated[
    str, StringConstraints(min_length=1, max_length=80, pattern=r"^[A-Z][A-Z0-9_.\-]*$")
]

#: A slash-separated scope such as ``tenant/acme/service-api``.
ScopePath = Annotated[
    str,
    StringConstraints(
        min_length=1, max_length=300, pattern=r"^[A-Za-z0-9_.:@\-]+(/[A-Za-z0-9_.:@\-]+)*$"
    ),
]

#: Free text held in a record (a goal, a step, a span). Non-empty, bounded.
Text = Annotated[str, StringConstraints(min_length=1, max_length=8000)]
ShortText = Annotated[str, StringConstraints(min_length=1, max_length=500)]
#: Source content (a message, a tool result, a document revision): 200k characters at most.
LongText = Annotated[str, StringConstraints(min_length=1, max_length=200_000)]

_SUBJECT_RE = re.compile(r"^([a-z][a-z0-9_]*):([A-Za-z0-9][A-Za-z0-9_.@\-]*)\Z")
#: looked up once: a receipt can hold tens of thousands of subject ids
_SUBJECT_KINDS = frozenset(SubjectKind.values())


def _check_subject(value: str) -> str:
    match = _SUBJECT_RE.match(value)
    if match is None:
        raise PydanticCustomError(
            "pattern", "subject id must look like 'kind:id', e.g. 'user:u_104'"
        )
    kind = match.group(1)
    if kind not in _SUBJECT_KINDS:
        raise PydanticCustomError(
            "enum",
            "subject kind '{kind}' is not one of {expected}",
            {"kind": kind, "expected": ", ".join(SubjectKind.values())},
        )
    return value


#: A subject reference ``kind:id`` where kind is a :class:`SubjectKind` value.
SubjectRef = Annotated[
    str, StringConstraints(min_length=1, max_length=200), AfterValidator(_check_subject)
]


def subject_kind(subject_id: str) -> SubjectKind:
    return SubjectKind(subject_id.split(":", 1)[0])


#: ``sha256:`` and 64 lower-case hex digits.
ContentHash = Annotated[str, StringConstraints(pattern=r"^sha256:[0-9a-f]{64}$")]


def sha256_hash(data: str | bytes) -> str:
    """The :data:`ContentHash` of text (UTF-8) or bytes."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return "sha256:" + hashlib.sha256(raw).hexdigest()


# -- versions --------------------------------------------------------------------------

_SEMVER_RE = re.compile(
    r"^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})"
    r"(?:-([0-9A-Za-z\-]+(?:\.[0-9A-Za-z\-]+)*))?(?:\+[0-9A-Za-z\-]+(?:\.[0-9A-Za-z\-]+)*)?$"
)


def _check_semver(value: str) -> str:
    if not _SEMVER_RE.match(value):
        raise PydanticCustomError(
            "pattern", "version must be semantic: MAJOR.MINOR.PATCH, e.g. 2.3.0"
        )
    return value


#: A semantic version ``MAJOR.MINOR.PATCH[-pre][+build]`` (each number below 10⁶).
Semver = Annotated[str, StringConstraints(max_length=100), AfterValidator(_check_semver)]


def semver_sort_key(version: str) -> str:
    """A string that sorts like the version, for ``ORDER BY`` in Cypher.

    ``2.10.0`` → ``000002.000010.000000~``; a pre-release sorts before its release
    (``-`` < ``~``); pre-releases compare as text, and build metadata is ignored.
    """
    match = _SEMVER_RE.match(version)
    if match is None:
        raise ValueError(f"not a semantic version: {version!r}")
    major, minor, patch, pre = match.groups()
    head = f"{int(major):06d}.{int(minor):06d}.{int(patch):06d}"
    return f"{head}-{pre}" if pre else f"{head}~"


def _check_procedure_ref(value: str) -> str:
    key, at, version = value.rpartition("@")
    if not at or not re.match(_ID_PATTERN, key) or "@" in key or not _SEMVER_RE.match(version):
        raise PydanticCustomError(
            "procedure_ref", "a procedure reference is key@MAJOR.MINOR.PATCH, e.g. vpn-720@2.3.0"
        )
    return value


#: One procedure version, ``key@version`` (``diagnose-service-timeout@2.3.0``): what an
#: episode followed, and so whose release health its outcome counts for.
ProcedureRef = Annotated[
    str, StringConstraints(min_length=3, max_length=300), AfterValidator(_check_procedure_ref)
]


def procedure_ref(key: str, version: str) -> str:
    return f"{key}@{version}"


def split_procedure_ref(ref: str) -> tuple[str, str]:
    key, _, version = ref.rpartition("@")
    return key, version


# -- numbers and scalars ---------------------------------------------------------------


def _check_unit(value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise PydanticCustomError("range", "must be between 0 and 1 inclusive")
    return value


#: A float in [0, 1] (confidence, importance, scores).
UnitFloat = Annotated[float, AfterValidator(_check_unit)]


#: graph engines store 64-bit integers
_INT64 = range(-(2**63), 2**63)


def _check_claim_object(value: Any) -> str | int | float | bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if value not in _INT64:
            raise PydanticCustomError("range", "an integer must fit in 64 bits")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PydanticCustomError("finite", "number must be finite")
        return value
    if isinstance(value, str):
        if not value.strip():
            raise PydanticCustomError("too_short", "must not be empty")
        if len(value) > 2000:
            raise PydanticCustomError("too_long", "must be at most 2000 characters")
        return value
    raise PydanticCustomError(
        "type", "must be a string, number or boolean (a graph property, not a map or list)"
    )


#: The object of a claim: one primitive value, stored as a graph property as is.
ClaimObject = Annotated[
    str | int | float | bool,
    PlainValidator(_check_claim_object),
    WithJsonSchema({"type": ["string", "number", "boolean"]}),
]


def _check_embedding(value: list[float]) -> list[float]:
    if not value:
        raise PydanticCustomError("too_short", "an embedding needs at least one dimension")
    if not all(math.isfinite(x) for x in value):
        raise PydanticCustomError("finite", "embedding values must be finite")
    return value


Embedding = Annotated[list[float], AfterValidator(_check_embedding)]


def _one_or_many(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


#: Lets a list field take a single string too (the seed writes ``tests: procedure-eval-18``).
OneOrMany = BeforeValidator(_one_or_many)
