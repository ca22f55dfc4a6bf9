"""National identifiers recognised by their own check digit, with or without an identity word
(round 9).

A number format that carries a checksum identifies itself: a letter and nine digits whose
weighted sum passes the Taiwan check (``A123456789``), an 18-character Chinese resident ID
whose last character is its ISO 7064 MOD 11-2 check (``11010519491231002X``), a Spanish DNI or
NIE whose letter is the number mod 23 (``12345678Z``, ``X1234567L``). A random token passes
one of these checks only by chance (1 in 10, 11 or 23) *and* has to fit the exact shape, so
the check replaces the identity word the round-8 structure rules needed: "身分证字号" (the
Taiwanese spelling) or no word at all still finds the number. Findings are
``(start, end, rule, detector)``; no matched text is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from graphmem.write.codes import Rule

__all__ = ["checksummed_identifiers"]

#: Taiwan: the letter's two-digit code (A=10 … Z=33, in the registry's order)
_TW_LETTER: Final = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def _taiwan_ok(value: str) -> bool:
    code = _TW_LETTER.index(value[0].upper()) + 10
    digits = [code // 10, code % 10, *(int(c) for c in value[1:])]
    weights = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)
    return sum(d * w for d, w in zip(digits, weights, strict=True)) % 10 == 0


def _china_ok(value: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    total = sum(int(c) * w for c, w in zip(value[:17], weights, strict=True))
    return "10X98765432"[total % 11] == value[17].upper()


def _spain_ok(value: str) -> bool:
    number = value[:-1].upper().replace("X", "0").replace("Y", "1").replace("Z", "2")
    return "TRWAGMYFPDXBNJZSQVHLCKE"[int(number) % 23] == value[-1].upper()


_CHECKS: Final[tuple[tuple[re.Pattern[str], Callable[[str], bool], str], ...]] = (
    (re.compile(r"(?<![A-Za-z0-9])[A-Za-z][12]\d{8}(?![A-Za-z0-9])"), _taiwan_ok, "taiwan_id"),
    (
        re.compile(
            r"(?<!\d)[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])\d{2}\d{3}[\dXx](?![\dA-Za-z])"
        ),
        _china_ok,
        "china_resident_id",
    ),
    (
        re.compile(r"(?<![A-Za-z0-9])(?:\d{8}|[XYZxyz]\d{7})[-\s]?[A-Za-z](?![A-Za-z0-9])"),
        lambda v: _spain_ok(re.sub(r"[-\s]", "", v)),
        "spain_dni_nie",
    ),
)


def checksummed_identifiers(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """Every identifier in ``text`` whose shape matches and whose check digit holds."""
    for rx, valid, detector in _CHECKS:
        for m in rx.finditer(text):
            if valid(m.group(0)):
                yield m.start(), m.end(), Rule.PII_NATIONAL_ID, detector
