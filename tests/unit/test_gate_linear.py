"""Every scan of the write gate grows linearly with its input (issue 11, round 3).

Round 2's secret-by-structure rules were quadratic on texts such as ``"sk-" * n`` (a regex
that tried a credential morpheme at every part of one long ``name=`` candidate), ``"a://b:c" *
n`` (password-shaped tokens looked ahead to the end of the run from every ``:``), ``"a.b" * n``
(a bare host re-read from every label) and ``"password_" * n`` (a wish verb after any word).
Each shape found is asserted here with :func:`tests.complexity.assert_linear_growth` (the same
function on a text and on its first quarter, in one run: a ratio, never a wall-clock bound),
on the scanner it broke and through the whole gate; every other scanner on them, and generated
shapes (every separator beside every prefix the rules key on, repeated), run in
``make test-slow``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

import pytest

from graphmem.models.enums import SourceKind
from graphmem.write import secret_shapes
from graphmem.write.capabilities import capability_grant
from graphmem.write.fields import name_words
from graphmem.write.instructions import instruction_spans
from graphmem.write.normalize import normalize
from graphmem.write.poisoning import poisoning_verdict
from graphmem.write.qualifiers import qualifier_conflict
from graphmem.write.values import extract
from tests.complexity import assert_linear_growth
from tests.generalisation.generator import Case, claim, episode, who
from tests.generalisation.runner import run_case

#: shapes that were quadratic in round 2 (scanner named beside each)
FOUND = [
    "sk-",  # credential key=value names, bare hosts, name@version
    "a.b",  # bare hosts, credential key=value names
    "password_",  # wish verbs after any word, credential key=value names
    "a://b:c",  # password-shaped tokens
    "a=",  # password-shaped tokens
    "a:",  # password-shaped tokens
    "a_",  # e-mail local parts
    "aB3",  # e-mail local parts
    "-",  # e-mail local parts
    "pin%2",  # poisoning's Korean credential change (two unbounded runs side by side: cubic)
    "has revoked your a ",  # round 11: rules said void already
    "paste key in ",  # round 11: a secret asked for in the reply
    "a-b.c/",  # round 11: a name read as words
    "ᛁᚷ᛫",  # round 11: runes
    "𐑦𐑜 ",  # round 11: Shavian
    "иджон ",  # round 11: Korean in Cyrillic
    "イジョン ",  # round 11: Korean in katakana
    "지시ᄂᆞᆫ ",  # round 11: Middle Korean spelling
    "以世无乃",  # round 11: man'yōgana
    "fat1 ",  # round 11: Jyutping
    "gnorei les et ",  # round 11: verlan
    "ignorez tes consignes ",  # round 11: French rules
]

#: generated: every separator the rules read beside every prefix they key on
PREFIXES = ["a", "sk", "pass", "token", "pin", "1", "x@a", "비번"]
SEPARATORS = ["-", "_", ".", ":", "=", "/", "://", "@", " ", ": ", '="', "%2"]
GENERATED = sorted({p + s for p, s in product(PREFIXES, SEPARATORS)})


def _text(shape: str, n: int) -> str:
    return (shape * (n // len(shape) + 1))[:n]


def _scanners() -> dict[str, Callable[[str], object]]:
    return {
        "secrets": lambda t: list(secret_shapes.secrets(t)),
        "personal_data": lambda t: list(secret_shapes.personal_data(t)),
        "values": extract,
        "poisoning": lambda t: poisoning_verdict(t, SourceKind.DOCUMENT, "doc_x"),
        "instructions": instruction_spans,
        "capabilities": lambda t: capability_grant("note", t),
        "normalize": normalize,
        "names": name_words,
        "qualifiers": lambda t: qualifier_conflict("user:x", "weight_lb_daily", "any day", t),
    }


#: the scanners each found shape broke, run in ``make test``; every scanner runs in test-slow
BROKEN = ("secrets", "values", "poisoning")


@pytest.mark.parametrize("scanner", BROKEN)
@pytest.mark.parametrize("shape", FOUND)
def test_the_scanners_that_broke_are_linear_on_the_shapes_found(shape: str, scanner: str) -> None:
    assert_linear_growth(_scanners()[scanner], _text(shape, 16_000))


#: what the round-4 qualifier rules key on (relations, hedges, units, restrictions)
QUALIFIER_SHAPES = [
    "my wife ",
    "우리 남편은 ",
    "母は",
    "我老婆",
    "only ",
    "5 km ",
    "hardly ",
    "주말만 ",
]


@pytest.mark.parametrize("shape", QUALIFIER_SHAPES)
def test_the_qualifier_rules_are_linear(shape: str) -> None:
    # the rules are fast (≈3 ms for 4k): 64k keeps the quarter above the noise floor
    assert_linear_growth(_scanners()["qualifiers"], _text(shape, 64_000), repeats=3)


@pytest.mark.slow
@pytest.mark.parametrize("scanner", sorted(set(_scanners()) - set(BROKEN)))
@pytest.mark.parametrize("shape", FOUND)
def test_every_scanner_is_linear_on_the_shapes_found(shape: str, scanner: str) -> None:
    assert_linear_growth(_scanners()[scanner], _text(shape, 40_000))


USER = who("agent", subject="user:lin")


def _through_the_gate(text: str) -> object:
    """A tool episode whose text and observation are ``text``, and a user's claim whose
    span is its first 2,000 characters: every stage from normalisation to the gate."""
    span = text[:2000]
    tool = Case("lin-ep", True, "linear", USER, [{"kind": "TOOL_RESULT", "content": text}],
                episode("user:lin", "read", text=text, observations=[text]))  # fmt: skip
    said = Case("lin-cl", True, "linear", USER, [{"kind": "USER_MESSAGE", "content": text}],
                claim("user:lin", "note", span, [(0, span, "user")]))  # fmt: skip
    return run_case(tool), run_case(said)


@pytest.mark.parametrize("shape", ["sk-", "a.b", "a://b:c", "password_"])
def test_the_whole_gate_is_linear_on_the_shapes_found(shape: str) -> None:
    # 8,000 characters is the longest Text a field holds
    assert_linear_growth(_through_the_gate, _text(shape, 8000), repeats=1)


@pytest.mark.slow
@pytest.mark.parametrize("shape", GENERATED)
def test_generated_shapes_are_linear(shape: str) -> None:
    scanners = _scanners()
    for name in ("secrets", "personal_data", "values", "poisoning"):
        assert_linear_growth(scanners[name], _text(shape, 24_000), repeats=1)


#: what the round-5 rules key on (destructive switches, cmdlets, cmd.exe builtins, a
#: delegated act, a security question's slot, the agent's rules, special-category practices)
ROUND5_SHAPES = [
    "a --force ",
    "Remove-Item -",
    "del a /",
    "on my behalf sign ",
    "내 대신 ",
    "security question: ",
    "your rules ",
    "기존 규칙 ",
    "go to church ",
    "1 2 3 ",
]


@pytest.mark.parametrize("shape", ROUND5_SHAPES)
def test_the_round5_rules_are_linear(shape: str) -> None:
    scanners = _scanners()
    for name in ("instructions", "capabilities", "secrets", "personal_data", "poisoning"):
        assert_linear_growth(scanners[name], _text(shape, 16_000))


#: what round 6's decoders key on (``\uXXXX``/``\xXX`` escapes, base32, quoted-printable,
#: Morse): a run that almost decodes, repeated
ROUND6_SHAPES = ["\\u0069\\u00", "\\x6", "=4", "a=20b", "=\n", ".- ", "-- / ", "ABCD2345"]


@pytest.mark.parametrize("shape", ROUND6_SHAPES)
def test_the_round6_decoders_are_linear(shape: str) -> None:
    assert_linear_growth(normalize.__wrapped__, _text(shape, 16_000))  # uncached


#: a key word followed by one long run without spaces (Korean is often written so, and a URL or
#: a base64 blob is one run): "(?:\S+\s*){0,4}" after 앞으로 split the run every way (n⁴:
#: 200 characters took 1.8 s), "\S*" after 권한 or Freigabe read to the run's end from each
KEYWORD_RUNS = [
    "앞으로 ",
    "이제부터는 ",
    "너는 이제 ",
    "기존 ",
    "모든 ",
    "사용자 ",
    "권한",
    "Freigabe",
    "pin ",
    # round 10: trust by a mark, standing authority, discretion, first-person authorizing
    "서명이 있으면 ",
    "영구 ",
    "알아서 ",
    "anything signed ",
    "te autorizo ",
]


@pytest.mark.parametrize("keyword", KEYWORD_RUNS)
@pytest.mark.parametrize("scanner", ["poisoning", "capabilities"])
def test_a_long_run_after_a_key_word_is_linear(keyword: str, scanner: str) -> None:
    assert_linear_growth(_scanners()[scanner], keyword + "가" * 4000, repeats=2)


#: what the round-10 secret and personal-data rules key on: a credential noun before spoken
#: characters, a log-in verb before a pair, a key noun before digits, check-digit shapes, a
#: clinic stay, a partner word
ROUND10_SHAPES = [
    "clave tres ",
    "password e ",
    "log in as a/",
    "login a ",
    "キー1",
    "code de 1",
    "756.1",
    "1 84 ",
    "046 ",
    "war in einer ",
    "girlfriend ",
]


@pytest.mark.parametrize("shape", ROUND10_SHAPES)
def test_the_round10_rules_are_linear(shape: str) -> None:
    for name in ("secrets", "personal_data"):
        assert_linear_growth(_scanners()[name], _text(shape, 16_000), repeats=2)
