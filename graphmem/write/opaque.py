"""Opaque text: neither natural language in a known language nor a known data shape.

Every round of the red team brought ciphers nobody had listed (rail fence, Bacon, multitap,
Vigenère, text typed on the wrong keyboard, initials only, scripts mixed inside a word …), and
every round the gate added one decoder per cipher. This module is the structural rule that
does not need the cipher's name: text a model could be made to *decode* but that no one writes
as prose or as data is **opaque**. An untrusted source (tool output, document, web page, model
output) may carry it only as an inert observation, never as something to act on; a user's own
span that is opaque grounds nothing (:mod:`graphmem.write.poisoning` and the gate apply that).

What is *not* opaque, and is never read as such: numbers, dates, ids, hashes, URLs, e-mail
addresses, paths, code identifiers (anything with a digit, an underscore, a dot or a slash in
it, or written in capitals), tables of numbers, emoji in ordinary amounts, slang and
abbreviations (``lol``, ``brb``, ``ㅇㅋ``, ``ㄱㄱ``, ``ㅋㅋ``), names, and single odd words. A
stretch is opaque only when *most* of several consecutive words fail, so a typo, a name or an
abbreviation never tips it.

How a word is judged, by statistics rather than by the cipher's name:

* **Latin and Cyrillic words**: a character-bigram model of word forms (with word boundaries)
  trained on the BIP-39 word lists the gate already depends on (``mnemonic``: English, French,
  Italian, Portuguese, Spanish, Czech, Turkish, Russian), Chinese, Japanese and Korean words
  romanised (pinyin via ``pypinyin``, kana read as romaji, Hangul in Revised Romanisation) so
  romanised names stay plausible, and the words of the repository's own README (English
  function words). A word is implausible when it is no known word and it has no vowel, holds a
  letter pair the model never saw, or its mean bigram log-probability is far below prose.
* **Low-diversity tokens**: runs of tokens written with one or two symbols each (``ABBAB``,
  ``....``, ``7777``) — Bacon, tap code, multitap — which no language and no table writes.
* **Emoji runs**: many distinct pictographs in a row, grouped like words, with no text.
* **Hangul**: runs of consonant-only jamo tokens beyond laughter (초성체), and words that
  switch between Hangul and Latin letters *inside* the word in the way no loanword does
  (``저jang된``, ``bi밀beon호``; ``API를`` — Latin then a particle — is ordinary).
* **Han**: character components that are not free-standing characters (``扌``, ``宀``, ``刂``),
  as in 拆字 riddles.
* **A script foreign to the text** (round 11): a word in an alphabet no living language writes
  its everyday prose in (runes, Ogham, Gothic, Old Italic, Shavian, Deseret, Linear B,
  cuneiform, Glagolitic …) is judged by its reading (:mod:`graphmem.write.alphabets`): runes
  that spell words are prose, the rest — and every letter with no reading here — a cipher's.
  Katakana words in Korean text (Hangul, and no hiragana, which every Japanese sentence holds)
  are Korean written in a script Korean does not use. Before round 11 every word of a script
  other than Latin or Cyrillic counted as a word of prose, which is how such text passed.

Every pattern here is a single character class or a bounded repetition (linear time).
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

__all__ = ["OpaqueRun", "historic_letter", "opaque_runs", "opaque_share"]


@dataclass(frozen=True, slots=True)
class OpaqueRun:
    start: int
    end: int
    #: which judgement found it: ``words``, ``symbols``, ``emoji``, ``jamo``, ``mixed``, ``han``
    kind: str


# -- the word model ---------------------------------------------------------------------------

_LATIN_LISTS: Final = ("english", "french", "italian", "portuguese", "spanish", "czech", "turkish")
_README: Final = Path(__file__).resolve().parents[2] / "README.md"
_RR_INITIAL: Final = dict(
    zip(
        "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ",
        [
            "g",
            "kk",
            "n",
            "d",
            "tt",
            "r",
            "m",
            "b",
            "pp",
            "s",
            "ss",
            "",
            "j",
            "jj",
            "ch",
            "k",
            "t",
            "p",
            "h",
        ],
        strict=True,
    )
)
_RR_VOWEL: Final = dict(
    zip(
        "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ",
        [
            "a",
            "ae",
            "ya",
            "yae",
            "eo",
            "e",
            "yeo",
            "ye",
            "o",
            "wa",
            "wae",
            "oe",
            "yo",
            "u",
            "wo",
            "we",
            "wi",
            "yu",
            "eu",
            "ui",
            "i",
        ],
        strict=True,
    )
)
_RR_FINAL: Final = {"": "", "ㄱ": "k", "ㄴ": "n", "ㄹ": "l", "ㅁ": "m", "ㅂ": "p", "ㅇ": "ng"}


def _fold(word: str) -> str:
    """Lower case without accents (``précédentes`` → ``precedentes``)."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _romanised_korean(word: str) -> str:
    from graphmem.write.scripts import decomposed_syllable

    out = []
    for ch in word:
        jamo = decomposed_syllable(ch)
        if jamo is not None:
            initial, vowel, final = jamo
            out.append(_RR_INITIAL.get(initial, ""))
            out.append(_RR_VOWEL.get(vowel, ""))
            out.append(_RR_FINAL.get(final, "t" if final else ""))
    return "".join(out)


@dataclass(frozen=True)
class _Model:
    pairs: Counter[str]
    firsts: Counter[str]
    vocabulary: frozenset[str]

    def logp(self, a: str, b: str) -> float:
        return math.log((self.pairs[a + b] + 0.1) / (self.firsts[a] + 3.0))


def _train(words: list[str]) -> _Model:
    pairs: Counter[str] = Counter()
    firsts: Counter[str] = Counter()
    for w in words:
        s = f"^{w}$"
        for a, b in itertools.pairwise(s):
            pairs[a + b] += 1
            firsts[a] += 1
    return _Model(pairs, firsts, frozenset(words))


def _wordlist(name: str) -> list[str]:
    from mnemonic import Mnemonic

    return list(Mnemonic(name).wordlist)


@cache
def _latin_model() -> _Model:
    from pypinyin import lazy_pinyin

    from graphmem.write.phonetic import romaji

    words = [_fold(w) for name in _LATIN_LISTS for w in _wordlist(name)]
    words += lazy_pinyin("".join(_wordlist("chinese_simplified")))
    words += [romaji(w) for w in _wordlist("japanese")]
    words += [_romanised_korean(w) for w in _wordlist("korean")]
    if _README.exists():
        words += [_fold(w) for w in re.findall(r"[A-Za-z]{2,}", _README.read_text("utf-8"))]
    return _train([w for w in words if w.isalpha() and w.isascii()])


@cache
def _cyrillic_model() -> _Model:
    return _train([_fold(w) for w in _wordlist("russian")])


_CYRILLIC_FOLD: Final = str.maketrans(
    {"і": "и", "ї": "и", "є": "е", "ґ": "г", "ў": "у", "ј": "й", "љ": "ль", "њ": "нь", "ћ": "ч",
     "ђ": "дж", "џ": "дж", "ѓ": "г", "ќ": "к", "ѕ": "з", "'": "", "’": ""}
)  # fmt: skip
_LATIN_VOWELS: Final = frozenset("aeiouy")
_CYRILLIC_VOWELS: Final = frozenset("аеёиоуыэюяієї")
#: mean log-probability per letter pair below which a word reads as no language's word
#: (LoCoMo's 74,000 words: 0.6 % of words fall below it, almost all "Yeah" and "John")
_MIN_MEAN_LOGP: Final = -3.6


def _implausible(word: str, model: _Model, vowels: frozenset[str]) -> bool:
    folded = _fold(word)
    if folded in model.vocabulary:
        return False
    if not any(c in vowels for c in folded):
        return True
    s = f"^{folded}$"
    scores = [model.logp(a, b) for a, b in itertools.pairwise(s)]
    unseen = sum(1 for a, b in itertools.pairwise(s) if not model.pairs[a + b])
    return unseen > 0 or sum(scores) / len(scores) < _MIN_MEAN_LOGP


# -- tokens ------------------------------------------------------------------------------------

_TOKEN: Final = re.compile(r"\S+")
_EDGE: Final = "\"'“”‘’()[]{}<>«»「」『』（）【】〈〉《》：，。、！？.,:;!?…—–-*"
_LATIN_WORD: Final = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:'[A-Za-z]{1,3})?")
_CYRILLIC_WORD: Final = re.compile(r"[\u0400-\u04FF]+")
_MIXED_LEET: Final = re.compile(r"[A-Za-z\u00C0-\u024F0-9]{3,}")
_LEET_DIGITS: Final = frozenset("0134579")
_HEX: Final = re.compile(r"[0-9a-fA-F]+")

#: a stretch is opaque when this many of its words fail, and they are most of it
_MIN_BAD_WORDS: Final = 5
_MIN_BAD_SHARE: Final = 0.6
_MIN_BAD_LETTERS: Final = 24
#: how far one stretch is followed (bounds the work on a long text to linear)
_MAX_WINDOW: Final = 200


def _leet_word(core: str) -> bool:
    """A word whose letters are partly written as digits (``1n57ruc710n5``): letters and
    leet digits alternating at least twice, not a hexadecimal id, no unit or ordinal."""
    if not _MIXED_LEET.fullmatch(core) or _HEX.fullmatch(core):
        return False
    letters = sum(c.isalpha() for c in core)
    digits = [c for c in core if c.isdigit()]
    if not letters or not digits or not set(digits) <= _LEET_DIGITS:
        return False
    switches = sum(1 for a, b in itertools.pairwise(core) if a.isdigit() != b.isdigit())
    return switches >= 2


#: alphabets no living language writes its everyday prose in: historic and constructed
#: scripts (runes, Ogham, Old Italic, Gothic, Old Permic, Ugaritic, Old Persian, Deseret,
#: Shavian, Linear A and B, Phoenician, Old Turkic, Old Hungarian, cuneiform, hieroglyphs,
#: Glagolitic). A word in one of them is read by no one as prose: a cipher's letters (round 11)
_HISTORIC: Final = (
    (0x1680, 0x169F), (0x16A0, 0x16FF), (0x2C00, 0x2C5F), (0x10000, 0x100FF),
    (0x10300, 0x1047F), (0x10600, 0x1077F), (0x10900, 0x1091F), (0x10C00, 0x10CFF),
    (0x12000, 0x1254F), (0x13000, 0x1345F), (0x14400, 0x1467F),
)  # fmt: skip


def historic_letter(ch: str) -> bool:
    o = ord(ch)
    return o >= 0x1680 and any(a <= o <= b for a, b in _HISTORIC)


_KANA_RE: Final = re.compile("[\u30a1-\u30fa]")
_HANGUL_RE: Final = re.compile("[\uac00-\ud7a3]")
_HIRAGANA_RE: Final = re.compile("[\u3041-\u3096]")


def _hangul_home(text: str) -> bool:
    """Whether ``text`` is Korean around its katakana: Hangul in it, and no hiragana (which
    every Japanese sentence holds, in its particles)."""
    return _HANGUL_RE.search(text) is not None and _HIRAGANA_RE.search(text) is None


def _word_kind(core: str, *, hangul_home: bool = False) -> str | None:
    """``bad`` / ``ok`` for a word of prose, ``None`` for a token that is no word (data, code,
    a number, an abbreviation in capitals, one letter) and so neither breaks nor extends a
    stretch of bad words. ``hangul_home``: the text around is Korean, where a word written in
    kana is Korean in a script Korean does not use (round 11)."""
    if _leet_word(core):
        return "bad"
    if len(core) <= 2:
        return None  # too short to tell a cipher's fragment from a function word
    if _LATIN_WORD.fullmatch(core):
        if core.isupper() and len(core) <= 6:
            return None
        if not _implausible(core, _latin_model(), _LATIN_VOWELS):
            return "ok"
        # a capitalised word the model does not know is most often a name (Krzysztof,
        # Brzęczyszczykiewicz, Mxyzptlk): names are not judged
        return None if core[0].isupper() and core[1:].islower() else "bad"
    if _CYRILLIC_WORD.fullmatch(core):
        if core.isupper():
            return None
        # Ukrainian, Belarusian, Serbian and Macedonian letters read as their Russian sound
        # (round 11: the model is Russian's, and "Інструкції" is a word, not a cipher)
        russian = core.lower().translate(_CYRILLIC_FOLD)
        return "bad" if _implausible(russian, _cyrillic_model(), _CYRILLIC_VOWELS) else "ok"
    if any(historic_letter(c) for c in core):
        # judged by its reading: runes that spell words are prose in runes, the rest a cipher
        from graphmem.write.alphabets import read_word

        reading = read_word(core)
        if reading is None or not reading.isalpha() or not reading.isascii():
            return "bad"
        return "ok" if _word_kind(reading) == "ok" else "bad"
    if hangul_home and all("\u30a1" <= c <= "\u30fc" for c in core):
        return "bad"
    if any(c.isalpha() for c in core) and not any(c.isdigit() for c in core):
        return "ok"  # another script, or letters with symbols: judged elsewhere
    return None  # a number, or an id of letters and digits


def _word_runs(text: str) -> list[OpaqueRun]:
    """Stretches of words most of which no language writes: from a bad word, the longest
    stretch whose bad words hold at least :data:`_MIN_BAD_SHARE` of its letters, kept when it
    has :data:`_MIN_BAD_WORDS` bad words, or three long ones (:data:`_MIN_BAD_LETTERS`)."""
    out: list[OpaqueRun] = []
    #: ``(start, end, letters, bad)`` of each judged word, in order
    marks: list[tuple[int, int, int, bool]] = []
    home = _KANA_RE.search(text) is not None and _hangul_home(text)
    for m in _TOKEN.finditer(text):
        core = m.group().strip(_EDGE)
        if not core or any(c in core for c in "@/\\=_.:"):
            continue  # an address, a path, code: data, neither prose nor cipher
        kind = _word_kind(core, hangul_home=home)
        if kind is not None:
            marks.append((m.start(), m.end(), len(core), kind == "bad"))
    i = 0
    while i < len(marks):
        if not marks[i][3]:
            i += 1
            continue
        bad_letters = letters = bad_words = 0
        best: tuple[int, int] | None = None
        j = i
        while j < len(marks) and j - i < _MAX_WINDOW:
            letters += marks[j][2]
            if marks[j][3]:
                bad_letters += marks[j][2]
                bad_words += 1
                if bad_letters >= _MIN_BAD_SHARE * letters and (
                    bad_words >= _MIN_BAD_WORDS
                    or (bad_words >= 3 and bad_letters >= _MIN_BAD_LETTERS)
                ):
                    best = (j, bad_words)
            if bad_letters < 0.4 * letters:
                break
            j += 1
        if best is not None:
            out.append(OpaqueRun(marks[i][0], marks[best[0]][1], "words"))
            i = best[0] + 1
            continue
        i += 1
    return out


_SHORT: Final = re.compile(r"[a-z]{1,3}")
_MIN_INITIALS: Final = 6


def _initial_runs(text: str) -> list[OpaqueRun]:
    """Stretches of one-to-three-letter lowercase tokens most of which have no vowel
    (``hl zq zl bc mm fd``): initials of words, or words stripped of their vowels. Chat writes
    a few such abbreviations (``brb``, ``tbh``, ``ngl``), not six in a stretch of them."""
    out: list[OpaqueRun] = []
    stretch: list[tuple[int, int, bool]] = []

    def close() -> None:
        bare = sum(1 for _, _, b in stretch if b)
        if bare >= _MIN_INITIALS and bare >= _MIN_BAD_SHARE * len(stretch):
            out.append(OpaqueRun(stretch[0][0], stretch[-1][1], "initials"))
        stretch.clear()

    for m in _TOKEN.finditer(text):
        core = m.group().strip(_EDGE)
        if _SHORT.fullmatch(core):
            stretch.append((m.start(), m.end(), not any(c in _LATIN_VOWELS for c in core)))
        elif core:
            close()
    close()
    return out


# -- symbols, emoji, Hangul, Han ----------------------------------------------------------------

_SYMBOL_TOKEN: Final = re.compile(r"[^\s/|]+")
_MIN_SYMBOL_TOKENS: Final = 8


def _low_diversity(tok: str) -> bool | None:
    """Whether a token is written with one or two symbols (``ABBAB``, ``...``, ``7777``);
    ``None`` for a token too short to tell (one character, a two-letter word)."""
    if tok.isdigit():
        return len(set(tok)) == 1 if len(tok) >= 2 else None
    if tok.isalpha() and len(tok) < 4:
        return None
    if tok.isalnum() and len(tok) <= 2:
        return None  # "e4", "w0", "B2": a letter and a digit hold two symbols by their length
    if len(tok) < 2 and tok.isalnum():
        return None
    return len(set(tok.casefold())) <= 2


def _symbol_runs(text: str) -> list[OpaqueRun]:
    out: list[OpaqueRun] = []
    start = end = -1
    count = 0
    for m in _SYMBOL_TOKEN.finditer(text):
        low = _low_diversity(m.group())
        if low is None:
            continue
        if low:
            if count == 0:
                start = m.start()
            count += 1
            end = m.end()
            continue
        if count >= _MIN_SYMBOL_TOKENS:
            out.append(OpaqueRun(start, end, "symbols"))
        count = 0
    if count >= _MIN_SYMBOL_TOKENS:
        out.append(OpaqueRun(start, end, "symbols"))
    return out


def _pictograph(ch: str) -> bool:
    o = ord(ch)
    return 0x1F000 <= o <= 0x1FAFF or 0x2600 <= o <= 0x27BF


_MIN_EMOJI: Final = 15
_MIN_DISTINCT_EMOJI: Final = 8


def _emoji_runs(text: str) -> list[OpaqueRun]:
    """Many distinct pictographs in a row (spaces and separators between them, no words)."""
    out: list[OpaqueRun] = []
    start, seen, count, last = -1, set[str](), 0, -1
    for i, ch in enumerate(text):
        if _pictograph(ch):
            if count == 0:
                start = i
            count += 1
            seen.add(ch)
            last = i
        elif ch.isalnum():
            if count >= _MIN_EMOJI and len(seen) >= _MIN_DISTINCT_EMOJI:
                out.append(OpaqueRun(start, last + 1, "emoji"))
            count, seen = 0, set()
    if count >= _MIN_EMOJI and len(seen) >= _MIN_DISTINCT_EMOJI:
        out.append(OpaqueRun(start, last + 1, "emoji"))
    return out


_JAMO_TOKEN: Final = re.compile(r"(?<![\w])[\u3131-\u314E]{2,8}(?![\w])")
#: laughter, crying, agreement and trembling: tone, not words (ㅋㅋ, ㅎㅎ, ㅇㅇ, ㄷㄷ)
_TONE_JAMO: Final = frozenset("ㅋㅎㅇㄷ")
_MIN_JAMO_TOKENS: Final = 6


def _jamo_runs(text: str) -> list[OpaqueRun]:
    """Consonant-only words (초성체) beyond laughter: six or more in one text."""
    tokens = [m for m in _JAMO_TOKEN.finditer(text) if not set(m.group()) <= _TONE_JAMO]
    if len(tokens) < _MIN_JAMO_TOKENS:
        return []
    return [OpaqueRun(tokens[0].start(), tokens[-1].end(), "jamo")]


_HANGUL_LATIN_TOKEN: Final = re.compile(r"[\uac00-\ud7a3A-Za-z]+")
_SWITCH: Final = re.compile(r"[\uac00-\ud7a3][A-Za-z]|[A-Za-z][\uac00-\ud7a3]{1,2}[A-Za-z]")
_MIN_MIXED_WORDS: Final = 2


def _mixed_runs(text: str) -> list[OpaqueRun]:
    """Words that switch from Hangul to Latin letters inside the word (``저jang된``,
    ``bi밀beon호``). Korean writes a Latin word and then a particle (``API를``, ``email로``),
    never Hangul and then Latin letters in one word; two such words in a text are opaque."""
    words = [m for m in _HANGUL_LATIN_TOKEN.finditer(text) if _SWITCH.search(m.group())]
    if len(words) < _MIN_MIXED_WORDS:
        return []
    return [OpaqueRun(words[0].start(), words[-1].end(), "mixed")]


#: Han components that are not written as free-standing characters (the hand, water, person,
#: speech, silk, metal, food, heart, roof, cover, knife, mound, grass, walk radicals …)
_BOUND_COMPONENTS: Final = frozenset("扌氵亻讠纟钅饣忄宀冖刂阝艹辶廴彳犭礻衤疒丬冫丶丿亠")
_MIN_BOUND: Final = 3


def _han_runs(text: str) -> list[OpaqueRun]:
    hits = [i for i, ch in enumerate(text) if ch in _BOUND_COMPONENTS]
    if len(hits) < _MIN_BOUND:
        return []
    return [OpaqueRun(hits[0], hits[-1] + 1, "han")]


#: a dump of byte values: sixteen or more two-digit hex tokens in a row. Two-character tokens
#: are too short for the one-or-two-symbols rule ("e4", "A1", "w0"), but a long run of byte pairs
#: is no language (an EBCDIC or UTF-16 dump reads as nothing until decoded). Counted token by
#: token (one pass), not by a repeated group a failed ending would retry from every pair.
_TOKEN_SPAN: Final = re.compile(r"\S+")
_BYTE: Final = re.compile(r"[0-9A-Fa-f]{2}")
_MIN_DUMP_BYTES: Final = 16


def _hex_dump_runs(text: str) -> list[OpaqueRun]:
    out: list[OpaqueRun] = []
    start = end = -1
    count = 0
    for m in _TOKEN_SPAN.finditer(text):
        if _BYTE.fullmatch(m.group()):
            if count == 0:
                start = m.start()
            count += 1
            end = m.end()
            continue
        if count >= _MIN_DUMP_BYTES:
            out.append(OpaqueRun(start, end, "symbols"))
        count = 0
    if count >= _MIN_DUMP_BYTES:
        out.append(OpaqueRun(start, end, "symbols"))
    return out


#: Hangul syllables in everyday use: the 2,350 of KS X 1001 (the two-byte EUC-KR set).
#: Korean prose writes almost nothing else; Hangul shifted by a code point ("익젅 직식늕")
#: lands on the other 8,822 one syllable in four (round 15)
_MIN_RARE_HANGUL: Final = 3
_RARE_HANGUL_SHARE: Final = 0.15
_HANGUL: Final = re.compile(r"[\uac00-\ud7a3]")


@cache
def _everyday_hangul() -> frozenset[str]:
    out = []
    for code in range(0xAC00, 0xD7A4):
        ch = chr(code)
        try:
            if len(ch.encode("euc_kr")) == 2:
                out.append(ch)
        except UnicodeEncodeError:
            continue
    return frozenset(out)


def _rare_hangul_runs(text: str) -> list[OpaqueRun]:
    syllables = list(_HANGUL.finditer(text))
    if len(syllables) < _MIN_RARE_HANGUL:
        return []
    everyday = _everyday_hangul()
    rare = [m for m in syllables if m.group() not in everyday]
    if len(rare) < _MIN_RARE_HANGUL or len(rare) < _RARE_HANGUL_SHARE * len(syllables):
        return []
    return [OpaqueRun(rare[0].start(), rare[-1].end(), "hangul")]


#: kana written as space-separated words: Japanese puts no spaces between its words, so four
#: or more kana-only words in a row are kana used as a cipher's alphabet (kana shifted by a
#: code point: "みぉは じすば ずぺで")
_KANA_WORDS: Final = re.compile(
    r"(?:[\u3041-\u309f\u30a1-\u30ff]{2,}[ \t\u3000]+){3,}[\u3041-\u309f\u30a1-\u30ff]{2,}"
)


def _spaced_kana_runs(text: str) -> list[OpaqueRun]:
    return [OpaqueRun(m.start(), m.end(), "kana") for m in _KANA_WORDS.finditer(text)]


#: kana with Greek, Cyrillic and mathematical signs inside one unspaced stretch: kana drawn
#: from look-alike symbols (gyaru-moji, "⊇∤маτ゛σιι゛ぉ"); four such signs beside kana
_KANA: Final = re.compile(r"[\u3041-\u309f\u30a1-\u30ff\uff66-\uff9f]")
_LOOKALIKE: Final = re.compile(r"[\u0370-\u03ff\u0400-\u04ff\u2200-\u22ff\u2190-\u21ff]")
_MIN_LOOKALIKES: Final = 4


def _lookalike_kana_runs(text: str) -> list[OpaqueRun]:
    out: list[OpaqueRun] = []
    for m in _TOKEN_SPAN.finditer(text):
        token = m.group()
        if len(token) >= 6 and _KANA.search(token):
            signs = _LOOKALIKE.findall(token)
            if len(signs) >= _MIN_LOOKALIKES:
                out.append(OpaqueRun(m.start(), m.end(), "lookalike"))
    return out


_MAX_TEXT: Final = 200_000


def opaque_runs(text: str) -> list[OpaqueRun]:
    """Every opaque stretch of ``text``, in order. Pure; linear in the text."""
    text = text[:_MAX_TEXT]
    runs = [
        *_word_runs(text),
        *_initial_runs(text),
        *_symbol_runs(text),
        *_hex_dump_runs(text),
        *_emoji_runs(text),
        *_jamo_runs(text),
        *_mixed_runs(text),
        *_han_runs(text),
        *_rare_hangul_runs(text),
        *_spaced_kana_runs(text),
        *_lookalike_kana_runs(text),
    ]
    return sorted(runs, key=lambda r: (r.start, r.end))


def opaque_share(text: str, runs: list[OpaqueRun]) -> float:
    """The share of ``text``'s non-space characters inside ``runs``."""
    total = sum(1 for c in text if not c.isspace())
    if not total:
        return 0.0
    covered = [False] * len(text)
    for r in runs:
        for i in range(r.start, min(r.end, len(text))):
            covered[i] = True
    inside = sum(1 for i, c in enumerate(text) if covered[i] and not c.isspace())
    return inside / total
