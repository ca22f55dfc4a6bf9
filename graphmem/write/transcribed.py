"""Korean and Japanese written in a script or a spelling the language does not use today,
read back by sound into the words the gate's rules name (issue 11, round 11).

Korean in katakana or Cyrillic (:func:`decode_korean_kana`, :func:`decode_korean_cyrillic`)
    ``イジョン ジシヌン ムシハゴ`` or ``иджон чисинын мусихаго`` is 이전 지시는 무시하고 to a
    model. Each word is spelled in Latin letters by a fixed table (kana by their romaji, small
    kana joined; Cyrillic letter by letter, ``ы`` as ``eu``) and compared with the romanised
    Korean vocabulary of the rules (:mod:`graphmem.write.romanized`: stems, and a stem with
    one particle or ending) through a *sound key* both sides are folded to — voiced and
    voiceless stops one (g/k, d/t, b/p, j/ch/dzh), l and r one, h dropped, ``eo``/``o``,
    ``eu``/``u``, ``ae``/``e`` one, and a ``u`` between consonants dropped (katakana's ル for
    a final ㄹ, ク for a final ㄱ). Where a word's key is a vocabulary key it is written in
    Hangul; a line is read back only when three of its words are (a Russian or Japanese
    sentence holds none of them).
Middle Korean spelling (:func:`decode_old_hangul`)
    ``지시ᄂᆞᆫ 무시ᄒᆞ고 뎌쟝ᄒᆞᆫ``: the obsolete vowel arae-a (ㆍ) is read as ㅏ and its
    syllables composed, and the spellings palatalisation retired are read as today
    (디/뎌/됴 → 지/저/조, 티/텨 → 치/처, 쟈/져/죠/쥬 → 자/저/조/주): 지시난 무시하고 저장한.
    Only where an obsolete letter stands in the text.
man'yōgana (:func:`decode_manyogana`)
    Japanese spelled with the Chinese characters kana came from (以世无乃之之波寸 for
    いせんのししはす): each character of the man'yōgana table is read as its kana, and the kana
    reading of :mod:`graphmem.write.phonetic` runs with voicing folded (man'yōgana, like early
    kana, does not mark it: ``shishi`` is 指示, ``hasuwato`` is パスワード). Tried on a run of
    six Han characters or more nearly all of which are in the table.

Every finder is one character class or a line (linear) behind a marker.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Final

from graphmem.write import phonetic, romanized

__all__ = [
    "CYRILLIC_LINE",
    "KATAKANA_LINE",
    "MANYOGANA_RUN",
    "OLD_HANGUL_RUN",
    "cyrillic_marker",
    "decode_korean_cyrillic",
    "decode_korean_kana",
    "decode_manyogana",
    "decode_old_hangul",
    "katakana_marker",
    "manyogana_candidate",
    "old_hangul_marker",
]

# -- the Korean sound key ---------------------------------------------------------------------

_FOLDS: Final = (
    ("dzh", "c"), ("dj", "c"), ("tch", "c"), ("ch", "c"), ("j", "c"), ("sh", "s"), ("ts", "c"),
    ("eo", "o"), ("eu", "u"), ("ae", "e"), ("oe", "we"), ("yeo", "yo"), ("wo", "o"),
    ("g", "k"), ("d", "t"), ("b", "p"), ("f", "p"), ("l", "r"), ("h", ""), ("v", "w"), ("z", "c"),
)  # fmt: skip
_VOWELS: Final = frozenset("aeiouy")


def ko_key(latin: str) -> str:
    """A romanised Korean word's sound key (see the module's docstring)."""
    w = latin.lower()
    for a, b in _FOLDS:
        w = w.replace(a, b)
    # a u between consonants (or after the last one) is a written-out final consonant
    chars = [
        c
        for k, c in enumerate(w)
        if not (
            c == "u"
            and k > 0
            and w[k - 1] not in _VOWELS
            and (k + 1 == len(w) or w[k + 1] not in _VOWELS)
        )
    ]
    return "".join(c for k, c in enumerate(chars) if k == 0 or c != chars[k - 1])


@cache
def _ko_vocabulary() -> dict[str, str]:
    """Sound key → Hangul for every stem, and every stem with one ending or particle."""
    out: dict[str, str] = {}
    stems = romanized.KO_STEMS
    endings = romanized.KO_ENDINGS
    for rr, hangul in endings.items():
        if len(ko_key(rr)) >= 2:
            out.setdefault(ko_key(rr), hangul)
    for rr, hangul in stems.items():
        out[ko_key(rr)] = hangul
        for ending_rr, ending in endings.items():
            out.setdefault(ko_key(rr + ending_rr), hangul + ending)
    return out


_MIN_HITS: Final = 3
_MIN_KEY: Final = 3


def _korean_line(line: str, spell: dict[str, str], script: re.Pattern[str]) -> str | None:
    vocabulary = _ko_vocabulary()
    out: list[str] = []
    hits = 0
    pos = 0
    for m in script.finditer(line):
        out.append(line[pos : m.start()])
        word = m.group(0)
        latin = _spell(word.lower(), spell)
        hangul = vocabulary.get(ko_key(latin))
        if hangul is not None:
            hits += len(ko_key(latin)) >= _MIN_KEY
            out.append(hangul)
        else:
            out.append(word)
        pos = m.end()
    out.append(line[pos:])
    return "".join(out) if hits >= _MIN_HITS else None


def _spell(word: str, table: dict[str, str]) -> str:
    return "".join(table.get(c, "") for c in word)


# -- Korean in Cyrillic -----------------------------------------------------------------------

_LATIN_FOR_CYRILLIC: Final = (
    "a b v g d e yo j z i i k l m n o p r s t u p h c ch sh sh _ eu _ e yu ya"
)
_CYRILLIC: Final = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        _LATIN_FOR_CYRILLIC.split(),
        strict=True,
    )
)
_CYRILLIC["_"] = ""
_CYRILLIC.update({k: "" for k, v in _CYRILLIC.items() if v == "_"})
_CYRILLIC_WORD: Final = re.compile(r"[\u0400-\u04ff]+")
#: a line holding Cyrillic words
CYRILLIC_LINE: Final = re.compile(r"[^\n]*[\u0400-\u04ff][^\n]*")


def cyrillic_marker(text: str) -> bool:
    return not text.isascii() and _CYRILLIC_WORD.search(text) is not None


def decode_korean_cyrillic(line: str) -> str | None:
    return _korean_line(line, _CYRILLIC, _CYRILLIC_WORD)


# -- Korean in katakana -----------------------------------------------------------------------

_KATAKANA_WORD: Final = re.compile(r"[\u30a1-\u30fa\u30fc]+")
#: a line holding katakana words
KATAKANA_LINE: Final = re.compile(r"[^\n]*[\u30a1-\u30fa][^\n]*")


def katakana_marker(text: str) -> bool:
    return not text.isascii() and _KATAKANA_WORD.search(text) is not None


def _kana_latin(word: str) -> str:
    return "".join(sound for _, sound in phonetic.kana_units(word) if sound != "|")


def decode_korean_kana(line: str) -> str | None:
    vocabulary = _ko_vocabulary()
    out: list[str] = []
    hits = 0
    pos = 0
    for m in _KATAKANA_WORD.finditer(line):
        out.append(line[pos : m.start()])
        key = ko_key(_kana_latin(m.group(0)))
        hangul = vocabulary.get(key)
        hits += hangul is not None and len(key) >= _MIN_KEY
        out.append(hangul if hangul is not None else m.group(0))
        pos = m.end()
    out.append(line[pos:])
    return "".join(out) if hits >= _MIN_HITS else None


# -- Middle Korean spelling -------------------------------------------------------------------

#: obsolete letters: arae-a (conjoining and compatibility), ssang-arae-a, and the other
#: conjoining jamo outside the modern ranges
_OLD: Final = "\u119e\u11a2\u318d\u318e\u1140\u114c\u1150\u1154\u1155\u1159\u3186"
#: a run of Hangul (syllables and conjoining jamo) holding words
OLD_HANGUL_RUN: Final = re.compile(
    r"[\u1100-\u11ff\uac00-\ud7a3\u3131-\u318e]+"
    r"(?:[ \t,.]+[\u1100-\u11ff\uac00-\ud7a3\u3131-\u318e]+)*"
)
_OLD_RE: Final = re.compile(f"[{_OLD}]")


def old_hangul_marker(text: str) -> bool:
    return not text.isascii() and _OLD_RE.search(text) is not None


_S_BASE: Final = 0xAC00
#: initials (index in the 19), vowels (index in the 21)
_D, _T, _J, _CH, _JJ = 3, 16, 12, 14, 13
_YA, _YAE, _YEO, _YE, _YO, _YU, _I = 2, 3, 6, 7, 12, 17, 20
_PLAIN: Final = {_YA: 0, _YAE: 1, _YEO: 4, _YE: 5, _YO: 8, _YU: 13}


def _modern(ch: str) -> str:
    code = ord(ch) - _S_BASE
    if not 0 <= code < 11172:
        return ch
    initial, vowel, final = code // 588, code % 588 // 28, code % 28
    if initial in (_D, _T) and (vowel in _PLAIN or vowel == _I):
        initial = _J if initial == _D else _CH
    if initial in (_J, _CH, _JJ) and vowel in _PLAIN:
        vowel = _PLAIN[vowel]
    return chr(_S_BASE + (initial * 21 + vowel) * 28 + final)


def decode_old_hangul(run: str) -> str | None:
    """``run`` in today's spelling, when it holds an obsolete letter."""
    if _OLD_RE.search(run) is None:
        return None
    text = run.replace("\u119e", "\u1161").replace("\u11a2", "\u1167")
    text = text.replace("\u318d", "ㅏ").replace("\u318e", "ㅐ")
    text = unicodedata.normalize("NFC", text)
    return "".join(_modern(c) for c in text)


# -- man'yōgana -------------------------------------------------------------------------------

#: the characters hiragana and katakana were drawn from, each with its kana (one reading)
_MANYOGANA: Final = {
    **dict.fromkeys("安阿", "あ"), **dict.fromkeys("以伊", "い"), **dict.fromkeys("宇有", "う"),
    **dict.fromkeys("衣江", "え"), **dict.fromkeys("於", "お"), **dict.fromkeys("加可", "か"),
    **dict.fromkeys("幾支", "き"), **dict.fromkeys("久", "く"), **dict.fromkeys("計介", "け"),
    **dict.fromkeys("己古", "こ"), **dict.fromkeys("左佐", "さ"), **dict.fromkeys("之", "し"),
    **dict.fromkeys("寸須", "す"), **dict.fromkeys("世", "せ"), **dict.fromkeys("曽曾", "そ"),
    **dict.fromkeys("太多", "た"), **dict.fromkeys("知千", "ち"), **dict.fromkeys("川州", "つ"),
    **dict.fromkeys("天", "て"), **dict.fromkeys("止", "と"), **dict.fromkeys("奈", "な"),
    **dict.fromkeys("仁", "に"), **dict.fromkeys("奴", "ぬ"), **dict.fromkeys("祢", "ね"),
    **dict.fromkeys("乃", "の"), **dict.fromkeys("波八", "は"), **dict.fromkeys("比", "ひ"),
    **dict.fromkeys("不", "ふ"), **dict.fromkeys("部", "へ"), **dict.fromkeys("保", "ほ"),
    **dict.fromkeys("末万", "ま"), **dict.fromkeys("美三", "み"), **dict.fromkeys("武牟", "む"),
    **dict.fromkeys("女", "め"), **dict.fromkeys("毛", "も"), **dict.fromkeys("也", "や"),
    **dict.fromkeys("由", "ゆ"), **dict.fromkeys("与", "よ"), **dict.fromkeys("良", "ら"),
    **dict.fromkeys("利", "り"), **dict.fromkeys("留流", "る"), **dict.fromkeys("礼", "れ"),
    **dict.fromkeys("呂", "ろ"), **dict.fromkeys("和", "わ"), **dict.fromkeys("為", "ゐ"),
    **dict.fromkeys("恵", "ゑ"), **dict.fromkeys("遠乎", "を"), **dict.fromkeys("无", "ん"),
}  # fmt: skip
_HAN: Final = "\u4e00-\u9fff"
#: Han characters with the punctuation between them
MANYOGANA_RUN: Final = re.compile(rf"[{_HAN}](?:[{_HAN}、，,\s]*[{_HAN}])?")
_MIN_MANYOGANA: Final = 6


def manyogana_candidate(run: str) -> bool:
    """Six Han characters or more, nine in ten of them man'yōgana."""
    han = [c for c in run if "\u4e00" <= c <= "\u9fff"]
    inside = sum(1 for c in han if c in _MANYOGANA)
    return len(han) >= _MIN_MANYOGANA and inside * 10 >= len(han) * 9


def decode_manyogana(run: str) -> str | None:
    kana = "".join(_MANYOGANA.get(c, c) for c in run)
    return phonetic.decode_kana(kana, voiced=False)
