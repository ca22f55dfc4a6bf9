"""The literal prefilter changes speed only (issue 17, part 1).

For every prefiltered pattern of the authorization and consent scanners, the findings — every
``finditer`` span — with and without the prefilter are identical over LoCoMo's conversation
turns, the generated generalisation set, every held-out set, the string constants of the
unit tests, their normalised views, and generated stress strings (each pattern's literals in
noise, in lower, upper and title case, with the letters ``re.I`` equates with ASCII ones and
beside non-ASCII text so both of the prefilter's paths are read).
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphmem.write import capabilities, consent, standing_authority
from graphmem.write.normalize import normalize
from graphmem.write.prefilter import Prefiltered, prefiltered, required_literals
from tests.generalisation.generator import all_cases

_ROOT = Path(__file__).resolve().parents[2]
_LOCOMO = Path("/work/shared/data/locomo/turns.dev.jsonl")


def _wrapped() -> dict[str, Prefiltered]:
    out: dict[str, Prefiltered] = {}
    for mod in (capabilities, standing_authority, consent):
        short = mod.__name__.rsplit(".", 1)[-1]
        for name, val in vars(mod).items():
            if isinstance(val, Prefiltered):
                out[f"{short}.{name}"] = val
            elif isinstance(val, tuple):
                for i, v in enumerate(val):
                    w = v[1] if isinstance(v, tuple) and len(v) == 2 else v
                    if isinstance(w, Prefiltered):
                        out[f"{short}.{name}[{i}]"] = w
    return out


WRAPPED = _wrapped()


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _strings(v)


def _corpus() -> list[str]:
    texts: set[str] = set()
    if _LOCOMO.exists():
        for line in _LOCOMO.read_text("utf-8").splitlines():
            if line:
                t = json.loads(line)["text"]
                texts.update((t, t.upper()))
    gathered: set[str] = set()
    for case in all_cases():
        gathered.update(_strings([case.sources, case.proposal]))
    for path in sorted((_ROOT / "tests/data/heldout").glob("*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                gathered.update(_strings(json.loads(line)))
    for path in sorted((_ROOT / "tests/unit").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                gathered.add(node.value)
    gathered = {s for s in gathered if 0 < len(s) < 4000}
    texts |= gathered
    for s in gathered:
        texts.update(normalize(s).texts())
    return sorted(texts)


def _cases(word: str) -> list[str]:
    return [word.lower(), word.upper(), word.title()]


def _stress(pattern: Prefiltered) -> list[str]:
    rng = random.Random(17)
    lits = list(pattern.literals)
    out: list[str] = []
    for lit in lits:
        other = rng.choice(lits)
        for a in _cases(lit):
            for b in _cases(other):
                out.append(f"well, {a} the {b} now")
                out.append(f"{a} {b}")
                out.append(f"é {a}, {b}.")
                # letters re.I equates with ASCII ones: the long s and the Kelvin sign
                out.append(f"{a} {b}".replace("s", "\u017f").replace("k", "\u212a"))
    return out


CORPUS = _corpus()


def test_the_heavy_patterns_are_prefiltered() -> None:
    for name in (
        "capabilities._EXEMPTION",
        "capabilities._LIMIT_TEXT",
        "capabilities._PERMISSION_TEXT",
        "capabilities._ROLE_TEXT",
        "capabilities._BINDING_ACT_RE",
        "capabilities._PREDICATE_CONCEPTS[0]",
        "capabilities._TEXT_CONCEPTS[4]",
        "standing_authority._SCANS[7]",
        "consent._TAKE_BACK",
        "consent._CUE",
    ):
        assert name in WRAPPED, name
    assert len(CORPUS) > 10_000


@pytest.mark.parametrize("name", sorted(WRAPPED))
def test_findings_identical_with_and_without_the_prefilter(name: str) -> None:
    pattern = WRAPPED[name]
    raw = pattern.pattern_re
    for text in CORPUS + _stress(pattern):
        spans = [m.span() for m in raw.finditer(text)]
        kept = spans if pattern.may_match(text) else []
        assert kept == spans, (name, text)


@pytest.mark.parametrize("name", sorted(WRAPPED))
def test_the_wrapper_answers_as_the_pattern(name: str) -> None:
    pattern = WRAPPED[name]
    raw = pattern.pattern_re
    for text in CORPUS[::50] + _stress(pattern)[::7]:
        assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in raw.finditer(text)]
        hit, want = pattern.search(text), raw.search(text)
        assert (hit and hit.span()) == (want and want.span())
        assert pattern.findall(text) == raw.findall(text)


def test_literals_come_from_every_branch() -> None:
    rx = re.compile(r"\b(?:foo|ba[rz]s?|qu+x)\d|(?:alpha|beta)\s+gamma", re.I)
    assert required_literals(rx) == frozenset({"foo", "bar", "baz", "q", "gamma"})
    # a branch that can match without a literal leaves the pattern as it is
    assert required_literals(re.compile(r"foo|\d+")) is None
    assert required_literals(re.compile(r"(?:x)?\d")) is None
    assert not isinstance(prefiltered(re.compile(r"\w+")), Prefiltered)
    # a group that changes case-sensitivity gives no condition of its own
    assert required_literals(re.compile(r"(?i:abc)|def")) is None


def test_case_semantics_follow_the_pattern() -> None:
    rx = prefiltered(re.compile(r"\bsign\w*", re.I))
    assert isinstance(rx, Prefiltered)
    for text in ("SIGN here", "Sign", "\u017fign", "x ſIGN", "é sign"):
        assert [m.span() for m in rx.finditer(text)] == [
            m.span() for m in rx.pattern_re.finditer(text)
        ]
    strict = prefiltered(re.compile(r"Limit"))
    assert isinstance(strict, Prefiltered)
    assert strict.search("limit") is None
    assert strict.search("Limit") is not None
