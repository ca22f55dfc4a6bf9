"""Characters no input may carry: NUL, other control characters, lone surrogates.

They are refused at the edge, before anything reaches an engine, with the field that holds
them: a NUL byte truncates or breaks a Cypher parameter (FalkorDB answered it with a 500), a
lone surrogate cannot be encoded as UTF-8 at all, and C0/C1 controls hide text from people
reading a memory and from the gate's scanners. Tab, line feed and carriage return are text.

:func:`find_forbidden` walks any JSON-like value (mapping keys included) and names each field
as a dotted path (``evidence.0.span``), so the API and the library report the same issue.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any

from graphmem.errors import FieldIssue, ValidationError

RULE = "forbidden_character"
DEPTH_RULE = "too_deep"

#: C0 controls except tab, LF, CR; DEL; C1 controls; the surrogate block (only lone
#: surrogates survive decoding into a Python str)
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")

#: nesting deeper than this is refused outright (bodies are bounded in size, but a deep
#: structure is cheap to send and costly to walk)
MAX_DEPTH = 32


def describe(char: str) -> str:
    code = ord(char)
    if code == 0:
        name = "NUL"
    elif 0xD800 <= code <= 0xDFFF:
        name = "lone surrogate"
    else:
        name = unicodedata.name(char, "control character")
    return f"{name} (U+{code:04X})"


def first_forbidden(text: str) -> str | None:
    """A description of the first forbidden character in ``text`` and where, or None."""
    match = FORBIDDEN.search(text)
    if match is None:
        return None
    return f"{describe(match.group(0))} at offset {match.start()}"


def find_forbidden(value: Any, path: str = "", *, limit: int = 20) -> list[FieldIssue]:
    """Every field of ``value`` holding a forbidden character (at most ``limit``)."""
    issues: list[FieldIssue] = []
    for field, rule, problem in _walk(value, path, 0):
        issues.append(FieldIssue(field or "__root__", rule, problem))
        if len(issues) >= limit:
            break
    return issues


def check_text(value: Any, path: str = "") -> None:
    """Raise :class:`ValidationError` naming each field that holds a forbidden character."""
    issues = find_forbidden(value, path)
    if issues:
        raise ValidationError(issues)


def _join(path: str, part: str) -> str:
    return f"{path}.{part}" if path else part


def _walk(value: Any, path: str, depth: int) -> Iterator[tuple[str, str, str]]:
    if isinstance(value, str):
        problem = first_forbidden(value)
        if problem is not None:
            yield path, RULE, f"must not contain {problem}"
        return
    if depth >= MAX_DEPTH:
        if isinstance(value, Mapping | list | tuple):
            yield path, DEPTH_RULE, f"nested deeper than {MAX_DEPTH} levels"
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            key_text = str(key)
            if (problem := first_forbidden(key_text)) is not None:
                yield _join(path, repr(key_text)[1:-1]), RULE, f"key must not contain {problem}"
                continue
            yield from _walk(item, _join(path, key_text), depth + 1)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _walk(item, _join(path, str(index)), depth + 1)
