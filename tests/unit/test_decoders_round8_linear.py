"""Round 8's decoders grow linearly with their input (issue 11): each is asserted with
:func:`tests.complexity.assert_linear_growth` through the whole normaliser (uncached) on a
text that almost decodes for it, repeated — code words, numbers of 1-26, short lines,
loose jamo, zhuyin, romanised vocabulary in one long token and in many words, tone
numbers, punycode labels, game syllables, Pig Latin, katakana words."""

from __future__ import annotations

import pytest

from graphmem.write.normalize import normalize
from graphmem.write.poisoning import poisoning_verdict
from tests.complexity import assert_linear_growth

SHAPES = [
    "Alfa ",
    "alfa-",
    "Delta / ",
    "9 7 ",
    "Ivy\n",
    "first letters Ivy ",
    "ㅇㅏ",
    "ㅇㅣ ",
    "ㄏㄨ ",
    "musi",
    "musihago ",
    "hu1lve4 ",
    "xn--a",
    "apa ",
    "opo lapas ",
    "ayway ",
    "ディスリ・",
    "🅰",
    "⒜ ",
]


def _text(shape: str, n: int) -> str:
    return (shape * (n // len(shape) + 1))[:n]


@pytest.mark.parametrize("shape", SHAPES)
def test_the_round8_decoders_are_linear(shape: str) -> None:
    assert_linear_growth(normalize.__wrapped__, _text(shape, 16_000))  # uncached


@pytest.mark.parametrize("shape", ["musi", "Alfa ", "Ivy\n"])
def test_the_poisoning_scan_is_linear_on_them(shape: str) -> None:
    assert_linear_growth(lambda t: poisoning_verdict(t, "TOOL_RESULT", "s"), _text(shape, 8_000))
