"""Turn pydantic's errors into :class:`graphmem.errors.ValidationError`.

Each issue names the field as a dotted path (``evidence.0.span``) and the broken rule as a
stable snake_case code, so API clients can act on it without parsing messages:

==================== ==============================================================
rule                 meaning
==================== ==============================================================
``required``         a required field is missing (or null where a value is needed)
``type``             wrong JSON type (string for a number, map for a string …)
``too_short``        empty string or list, or fewer items than needed
``too_long``         longer than allowed
``range``            number or time outside its bounds
``finite``           NaN or infinity
``pattern``          text does not match its format (ids, subject ``kind:id``, hashes)
``enum``             not one of the allowed values (the message lists them)
``extra_forbidden``  an unknown field, usually a typo
``timezone_required`` a timestamp without offset or ``Z``
``timestamp_format`` text that is not an ISO-8601 timestamp
``valid_time_order`` ``valid_to`` not after ``valid_from``
``json``             malformed JSON text
``forbidden_character`` NUL, another control character or a lone surrogate (text_rules)
``too_deep``         nested deeper than the input allows
others               cross-field rules name themselves (``payload_mismatch``,
                     ``invalid_transition``, ``subset``, ``time_order`` …)
==================== ==============================================================
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import pydantic
from pydantic import BaseModel

from graphmem.errors import FieldIssue, ValidationError
from graphmem.models.text_rules import check_text

M = TypeVar("M", bound=BaseModel)

_RULES: dict[str, str] = {
    "missing": "required",
    "none_required": "type",
    "extra_forbidden": "extra_forbidden",
    "string_too_short": "too_short",
    "too_short": "too_short",
    "string_too_long": "too_long",
    "too_long": "too_long",
    "greater_than": "range",
    "greater_than_equal": "range",
    "less_than": "range",
    "less_than_equal": "range",
    "finite_number": "finite",
    "string_pattern_mismatch": "pattern",
    "enum": "enum",
    "literal_error": "enum",
    "json_invalid": "json",
    "json_type": "type",
    "value_error": "invalid",
    "assertion_error": "invalid",
    "frozen_instance": "frozen",
    "frozen_field": "frozen",
}


def rule_for(error_type: str) -> str:
    """graphmem's stable rule code for a pydantic error type."""
    return _rule(error_type)


def message_of(error: Mapping[str, Any]) -> str:
    """A pydantic error's message, without pydantic's "Value error, " prefixes."""
    return _message(error)


def _rule(error_type: str) -> str:
    if error_type in _RULES:
        return _RULES[error_type]
    # int_type, int_parsing, string_type, list_type, model_type, dict_type, bool_parsing …
    if error_type.endswith(("_type", "_parsing", "_from_float")) or error_type.startswith(
        ("model_", "dataclass_")
    ):
        return "type"
    # our own PydanticCustomError codes are already rules (timezone_required, range …)
    return error_type


def _message(error: Mapping[str, Any]) -> str:
    message = str(error.get("msg", "invalid value"))
    # ValueErrors raised in validators read "Value error, <text>": keep the text.
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def field_of(error: Mapping[str, Any], *, loc: Sequence[Any] | None = None) -> str:
    """The dotted field a pydantic error is about: its location (``loc`` when the caller
    trimmed it) plus the field a model-level validator names (:func:`~.types.field_error`);
    empty for the whole input."""
    loc = [str(part) for part in (error.get("loc", ()) if loc is None else loc)]
    ctx = error.get("ctx") or {}
    extra_field = ctx.get("field")
    if isinstance(extra_field, str) and extra_field:
        loc.extend(extra_field.split("."))
    return ".".join(loc)


def issues_from(exc: pydantic.ValidationError) -> list[FieldIssue]:
    """The issues of a pydantic error, in order, without duplicates."""
    issues: list[FieldIssue] = []
    seen: set[tuple[str, str]] = set()
    for error in exc.errors(include_url=False):
        field = field_of(error) or "__root__"
        rule = _rule(str(error["type"]))
        if (field, rule) in seen:
            continue
        seen.add((field, rule))
        issues.append(FieldIssue(field=field, rule=rule, message=_message(error)))
    return issues


def to_validation_error(exc: pydantic.ValidationError, *, prefix: str = "") -> ValidationError:
    """The graphmem error for a pydantic one; ``prefix`` roots every path (``body``)."""
    issues = issues_from(exc)
    if prefix:
        issues = [
            FieldIssue(
                f"{prefix}.{i.field}" if i.field != "__root__" else prefix, i.rule, i.message
            )
            for i in issues
        ]
    return ValidationError(issues)


def parse(
    model_cls: type[M],
    data: Mapping[str, Any] | BaseModel | str | bytes,
    *,
    trusted: bool = False,
) -> M:
    """Validate ``data`` (a mapping, a model, or JSON text) as ``model_cls``.

    Input from callers is first checked for forbidden characters (:mod:`.text_rules`), each
    reported with its field; ``trusted`` (rows read back from the graph) skips that check.
    Raises :class:`graphmem.errors.ValidationError`, never pydantic's own error.
    """
    try:
        if isinstance(data, str | bytes):
            if not trusted:
                try:
                    loaded = json.loads(data)
                except ValueError:
                    loaded = None  # malformed JSON: model_validate_json names it
                check_text(loaded)
            return model_cls.model_validate_json(data)
        if isinstance(data, BaseModel):
            data = data.model_dump()
        elif not trusted:
            check_text(data)
        return model_cls.model_validate(data)
    except pydantic.ValidationError as exc:
        raise to_validation_error(exc) from exc
