"""Letters in disguise: words written so that no pattern sees their letters (round 17).

Normalisation reads styled and look-alike letters back as Latin (``normalize.py``: NFKC for
𝚖𝚘𝚗𝚘𝚜𝚙𝚊𝚌𝚎, 𝔣𝔯𝔞𝔨𝔱𝔲𝔯 and ⓒⓘⓡⓒⓛⓔⓓ letters, TR39 skeletons for Cyrillic or Lisu look-alikes,
enclosing marks dropped), so every scanner reads the words. What that reading loses is that
the text was disguised at all: a run of words whose letters are styled, framed or swapped for
another script's look-alikes is written for a machine to misread, not for a person to read
(a person reads "quіen" and "quien" alike; only a pattern cannot). A bold headline or one
fancy word is decoration, so it takes several disguised words; full-width letters are how
Chinese and Japanese text sets Latin words, so they count only in a text without kana or CJK.

The finding is weak on its own (a styled bio stays an observation) and tips the scale when
the decoded words ask for something."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

#: code point ranges whose letters pass for Latin ones: mathematical alphanumerics, enclosed
#: and parenthesised letters, Lisu and Cherokee capitals, small capitals and phonetic
#: letters, superscript and modifier letters, regional indicators
_STYLED: Final = (
    (0x1D400, 0x1D7FF),
    (0x2460, 0x24FF),
    (0x1F100, 0x1F1FF),
    (0xA4D0, 0xA4FF),
    (0x13A0, 0x13FF),
    (0xAB70, 0xABBF),
    (0x1D00, 0x1DBF),
    (0x02B0, 0x02FF),
    (0x2070, 0x209F),
)
_FULLWIDTH: Final = ((0xFF21, 0xFF3A), (0xFF41, 0xFF5A))
#: enclosing combining marks (a circle, a keycap, a square around the letter before them)
_ENCLOSING: Final = (0x20DD, 0x20E4)
_CJK_OR_KANA: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")
#: the fewest disguised words that make a run
MIN_WORDS: Final = 4


def _within(cp: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    for script in ("LATIN", "CYRILLIC", "GREEK"):
        if name.startswith(script):
            return script
    return ""


def _disguised(token: str, styled: tuple[tuple[int, int], ...]) -> bool:
    letters = 0
    dressed = 0
    scripts: set[str] = set()
    for ch in token:
        cp = ord(ch)
        if _ENCLOSING[0] <= cp <= _ENCLOSING[1]:
            dressed += 1
            continue
        if not (ch.isalpha() or _within(cp, styled)):
            continue
        letters += 1
        if _within(cp, styled):
            dressed += 1
        elif script := _script(ch):
            scripts.add(script)
    if letters < 2:
        return False
    # "quіen" (a Cyrillic і among Latin letters): one word, two alphabets
    return dressed * 2 >= letters or ("LATIN" in scripts and len(scripts) > 1)


def disguised_run(text: str) -> tuple[int, int] | None:
    """``(start, end)`` from the first to the last disguised word when there are
    :data:`MIN_WORDS` or more of them, else None."""
    if text.isascii():
        return None
    styled = _STYLED if _CJK_OR_KANA.search(text) else _STYLED + _FULLWIDTH
    spans = [m.span() for m in re.finditer(r"\S+", text) if _disguised(m.group(0), styled)]
    if len(spans) < MIN_WORDS:
        return None
    return spans[0][0], spans[-1][1]
