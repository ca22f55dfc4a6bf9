"""Round 9: national identifiers found by their check digit, with or without an identity word.

The numbers are generated (valid by construction), then put in sentences of seven languages,
with the Taiwanese spelling of the ID word (身分证) or no ID word at all. Near-misses: the same
shapes with a wrong check digit, and the order, room and phone numbers of ordinary speech.
"""

from __future__ import annotations

import random

import pytest

from graphmem.write.codes import Rule
from graphmem.write.sensitivity import FindingKind, SensitivityVerdict, scan

_RNG = random.Random(9)
_TW_LETTER = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def _taiwan_id() -> str:
    letter = _RNG.choice(_TW_LETTER)
    body = str(_RNG.choice("12")) + "".join(str(_RNG.randrange(10)) for _ in range(7))
    code = _TW_LETTER.index(letter) + 10
    digits = [code // 10, code % 10, *(int(c) for c in body)]
    partial = sum(d * w for d, w in zip(digits, (1, 9, 8, 7, 6, 5, 4, 3, 2, 1), strict=True))
    return f"{letter}{body}{(10 - partial % 10) % 10}"


def _china_id() -> str:
    body = (
        f"{_RNG.randrange(110000, 660000)}{_RNG.randrange(1950, 2010)}"
        f"{_RNG.randrange(1, 13):02d}{_RNG.randrange(1, 29):02d}{_RNG.randrange(1000):03d}"
    )
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    return body + "10X98765432"[sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 11]


def _spanish_id() -> str:
    if _RNG.random() < 0.5:
        prefix, number = _RNG.choice("XYZ"), f"{_RNG.randrange(10**7):07d}"
        value = int(str("XYZ".index(prefix)) + number)
    else:
        prefix, number = "", f"{_RNG.randrange(10**7, 10**8)}"
        value = int(number)
    return prefix + number + "TRWAGMYFPDXBNJZSQVHLCKE"[value % 23]


_TEMPLATES = [
    "my ID is {}",
    "for the form: {}",
    "제 번호는 {} 이에요",
    "番号は {} です",
    "我的台湾身分证字号是 {}",
    "我的号码：{}",
    "mi número es {}",
    "meine Nummer lautet {}",
    "mon numéro est {}",
]
_MAKERS = (_taiwan_id, _china_id, _spanish_id)

ATTACKS = [
    (template.format(value), value)
    for template in _TEMPLATES
    for make in _MAKERS
    for value in (make(), make())
]


@pytest.mark.parametrize(("text", "value"), ATTACKS, ids=[a[1] for a in ATTACKS])
def test_checksummed_identifier_is_high_without_an_id_word(text: str, value: str) -> None:
    report = scan(text)
    assert report.verdict is SensitivityVerdict.PII_HIGH, text
    assert Rule.PII_NATIONAL_ID in {f.code for f in report.findings if f.kind is FindingKind.PII}


def _broken(value: str) -> str:
    """The same shape with a wrong check character."""
    last = value[-1]
    alphabet = "0123456789" if last.isdigit() else "ABCDEFGHJKLMNPQRSTVWXYZ"
    return value[:-1] + alphabet[(alphabet.index(last.upper()) + 1) % len(alphabet)]


NEAR_MISSES = [
    f"reference {_broken(make())} on the parcel" for make in _MAKERS for _ in range(4)
] + [
    "the meeting is in room 4829",
    "order number 123456789 shipped today",
    "call me on 0912345678 after six",
    "주문번호 20240512-3381 배송 완료",
    "注文番号は 1234567890 です",
    "mi pedido 87654321 llegó",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_wrong_check_digit_and_ordinary_numbers_are_not_identifiers(text: str) -> None:
    report = scan(text)
    assert Rule.PII_NATIONAL_ID not in {f.code for f in report.findings}, text
