"""Text read by its sound: homophones, Hanja and kana-only Japanese (issue 11, round 9).

Korean, Japanese and Chinese can each be written so that a model still reads the words but
a scanner for the usual characters does not:

Chinese homophones (:func:`decode_homophones`)
    characters of the same sound put for the ones a rule names (乎略之钱的指领 for
    忽略之前的指令, 蜜码 for 密码). Each run of Han characters is read as toneless pinyin
    (``pypinyin``), and where a stretch of syllables spells a word of the romanised-Chinese
    vocabulary (:data:`graphmem.write.romanized.ZH_WORDS`) the word is written back in its
    own characters — unless the stretch is a word of its own (a number such as 五十, or a
    word of the library's phrase dictionary such as 知识). The run is kept only when at
    least two words were *changed* by it (text that already uses the right characters
    changes nothing) among three or more vocabulary words, so ordinary Chinese stays as
    it is.
Korean in Hanja (:func:`decode_hanja`)
    Sino-Korean words written in Chinese characters between Hangul particles (以前 指示는
    無視하고): every Han character is read as its Hangul syllable (Unihan ``kHangul``,
    ``data/hanja_hangul.txt``). Only where Hangul stands beside Han characters — Korean
    text — and the reading is scanned beside the original.
kana-only Japanese (:func:`decode_kana`)
    Japanese written in katakana or hiragana alone (half-width ｲｾﾞﾝﾉ ｼｼﾞﾊ arrives here
    full-width, by NFKC): each kana is read as its romaji, and where a stretch of morae
    spells a word of the romanised-Japanese vocabulary
    (:data:`graphmem.write.romanized.JA_WORDS`) the word is written back in kanji or kana
    as the rules spell it (イゼンノ シジハ → 以前の 指示は), with the same bounds.

The original text is always scanned too; these readings are extra views. Each finder is
linear and behind a marker (a character range in the text).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import cast

from graphmem.write import romanized

__all__ = [
    "HANJA_RUN",
    "HAN_RUN",
    "KANA_RUN",
    "decode_hanja",
    "decode_homophones",
    "decode_kana",
    "han_candidate",
    "han_marker",
    "hanja_candidate",
    "hanja_marker",
    "kana_candidate",
    "kana_marker",
    "kana_units",
]

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: a run of Han characters and the punctuation between them (a stretch of Chinese)
HAN_RUN = re.compile(rf"[{_HAN}](?:[{_HAN}，、：；,:;\s]*[{_HAN}])?")
#: Korean text with Han characters: Hangul and Han characters mixed in one run
_KOREAN = rf"{_HAN}\uac00-\ud7a3"
HANJA_RUN = re.compile(rf"[{_KOREAN}](?:[{_KOREAN}\s,.:]*[{_KOREAN}])?")
#: a run of kana only (spaces, 、 and ・ between words)
#: (half-width kana arrive as full-width ones with a separate voicing mark, U+3099/U+309A)
_KANA_CHARS = "\u3041-\u3096\u3099\u309a\u30a1-\u30fa\u30fc"
KANA_RUN = re.compile(rf"[{_KANA_CHARS}](?:[{_KANA_CHARS}\s、・,]*[{_KANA_CHARS}])?")
_HANGUL = re.compile("[\uac00-\ud7a3]")
_HAN_CHAR = re.compile(f"[{_HAN}]")
_KANA = re.compile("[\u3041-\u3096\u30a1-\u30fa]")
#: at least this many vocabulary words, this many of them changed by the reading
_MIN_WORDS = 3
_MIN_CHANGED = 2


def han_marker(text: str) -> bool:
    return _HAN_CHAR.search(text) is not None


def han_candidate(run: str) -> bool:
    """Four Han characters or more (fewer hold no three words)."""
    return len(_HAN_CHAR.findall(run)) >= 4


def kana_candidate(run: str) -> bool:
    """Six kana or more (fewer hold no three words)."""
    return len(_KANA.findall(run)) >= 6


def hanja_candidate(run: str) -> bool:
    """A run of Korean with two Han characters or more (Hangul-only runs are not tried)."""
    return len(_HAN_CHAR.findall(run)) >= 2 and _HANGUL.search(run) is not None


def hanja_marker(text: str) -> bool:
    return _HANGUL.search(text) is not None and _HAN_CHAR.search(text) is not None


def kana_marker(text: str) -> bool:
    return _KANA.search(text) is not None


# -- rewriting by sound -------------------------------------------------------------------------


def _same(sound: str) -> str:
    return sound


def _rewrite(
    units: Sequence[tuple[str, str]],
    vocabulary: Mapping[str, str],
    max_units: int,
    fold: Callable[[str], str] = _same,
    real_word: Callable[[str], bool] = lambda written: False,
) -> tuple[str, int, int]:
    """``units`` (``(written, sound)``) with every stretch whose sounds spell a vocabulary
    word written as that word (the stretches chosen to cover the most units); how many
    vocabulary words of two units or more it holds, and how many of those it changed. A
    stretch that is a word of its own (``real_word``) is not read as another word."""
    n = len(units)
    best: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    back: list[tuple[int, str | None]] = [(0, None)] * (n + 1)
    for i in range(1, n + 1):
        best[i], back[i] = (best[i - 1][0], best[i - 1][1] - 1), (i - 1, None)
        for j in range(max(0, i - max_units), i):
            word = vocabulary.get(fold("".join(s for _, s in units[j:i])))
            written = "".join(w for w, _ in units[j:i])
            if word is not None and (word == written or not real_word(written)):
                cand = (best[j][0] + i - j, best[j][1] - 1)
                if cand > best[i]:
                    best[i], back[i] = cand, (j, word)
    out: list[str] = []
    words = changed = 0
    i = n
    while i > 0:
        j, word = back[i]
        written = "".join(w for w, _ in units[j:i])
        if word is None:
            out.append(written)
        else:
            out.append(word)
            if i - j >= 2:
                words += 1
                changed += word != written
        i = j
    return "".join(reversed(out)), words, changed


# -- Chinese homophones --------------------------------------------------------------------------

_ZH_VOCABULARY = {key.replace("ue", "ve"): word for key, word in romanized.ZH_WORDS.items()}
_ZH_MAX = 4
_NUMERALS = frozenset("〇零一二两三四五六七八九十百千万亿")


def _zh_word(written: str) -> bool:
    """A stretch that is a Chinese word already — a number (五十, 一千) or a word of the
    pinyin library's phrase dictionary (知识) — is that word, not a homophone of another."""
    # imported on first use: the phrase dictionary is a fifth of the service's import time,
    # and only a run of Han characters needs it
    from pypinyin.phrases_dict import phrases_dict

    return all(c in _NUMERALS for c in written) or written in phrases_dict


def decode_homophones(run: str) -> str | None:
    # ``errors`` may return a list (one item per character kept); the stub says str only
    from pypinyin import Style, lazy_pinyin  # on first use, as _zh_word's dictionary

    keep_each = cast(Callable[[str], str], list)
    syllables = lazy_pinyin(run, style=Style.NORMAL, errors=keep_each)
    if len(syllables) != len(run):
        return None  # a reading that does not keep one syllable per character
    units = [
        (c, s.replace("ue", "ve") if s != c else "|") for c, s in zip(run, syllables, strict=True)
    ]
    rewritten, words, changed = _rewrite(units, _ZH_VOCABULARY, _ZH_MAX, real_word=_zh_word)
    return rewritten if words >= _MIN_WORDS and changed >= _MIN_CHANGED else None


# -- Korean in Hanja -----------------------------------------------------------------------------

_HANJA_FILE = Path(__file__).with_name("data") / "hanja_hangul.txt"


@lru_cache(maxsize=1)
def _hanja_readings() -> dict[str, str]:
    readings: dict[str, str] = {}
    for line in _HANJA_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        start, syllables = line.split("\t")
        first = int(start, 16)
        for k, syllable in enumerate(syllables):
            if syllable != ".":
                readings[chr(first + k)] = syllable
    return readings


def decode_hanja(run: str) -> str | None:
    """``run`` with its Han characters read as Hangul, when it holds Hangul too (Korean)
    and at least two Han characters."""
    if _HANGUL.search(run) is None:
        return None
    readings = _hanja_readings()
    han = sum(1 for c in run if c in readings)
    if han < 2:
        return None
    return "".join(readings.get(c, c) for c in run)


# -- kana-only Japanese --------------------------------------------------------------------------

_ROWS = {
    "": "あいうえお", "k": "かきくけこ", "g": "がぎぐげご", "s": "さしすせそ", "z": "ざじずぜぞ",
    "t": "たちつてと", "d": "だぢづでど", "n": "なにぬねの", "h": "はひふへほ",
    "b": "ばびぶべぼ", "p": "ぱぴぷぺぽ", "m": "まみむめも", "y": "や ゆ よ", "r": "らりるれろ",
    "w": "わ   を",
}  # fmt: skip
_SPECIAL = {"し": "shi", "じ": "ji", "ち": "chi", "つ": "tsu", "ふ": "fu", "ぢ": "ji",
            "づ": "zu", "ん": "n", "を": "wo", "ゃ": "ya", "ゅ": "yu", "ょ": "yo", "っ": "",
            "ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o", "ゔ": "vu"}  # fmt: skip
_ROMAJI: dict[str, str] = {}
for _consonant, _row in _ROWS.items():
    for _vowel, _kana in zip("aiueo", _row, strict=True):
        if _kana != " ":
            _ROMAJI[_kana] = _consonant + _vowel
_ROMAJI.update(_SPECIAL)
_ROMAJI.update({chr(ord(k) + 0x60): v for k, v in list(_ROMAJI.items())})  # katakana


def romaji(kana: str) -> str:
    """Kana read as romaji, other characters dropped (``ひらがな`` → ``hiragana``)."""
    return "".join(_ROMAJI.get(c, "") for c in kana)


def _fold_sound(sound: str) -> str:
    """Long vowels and doubled consonants read once (``pasuwaado`` as ``pasuwado``,
    ``okutte`` as ``okute``, ``yuuza`` as ``yuza``): kana spell them several ways."""
    return re.sub(r"(.)\1+", r"\1", sound)


#: the romanised-Japanese vocabulary, and the particles written by their kana's sound
#: (は, を, へ are read wa, o, e but written ha, wo, he)
_JA_KEYS = {_fold_sound(k): w for k, w in romanized.JA_WORDS.items()}
_JA_KEYS.update({"ha": "は", "wo": "を", "he": "へ"})
_JA_MAX = 8
_SMALL_Y = "ゃゅょャュョ"


def _kana_units(run: str) -> list[tuple[str, str]]:
    """Each kana (a small ya/yu/yo joined to the kana before it) with its romaji; a long
    vowel mark sounds as nothing more, anything else as a stop (``|``)."""
    units: list[tuple[str, str]] = []
    for c in run:
        if c == "ー":
            units.append((c, ""))
        elif c in _SMALL_Y and units and units[-1][1].endswith("i"):
            written, sound = units.pop()
            vowel = _ROMAJI[c][-1]
            stem = sound[:-1] if sound in ("shi", "chi", "ji") else sound[:-1] + "y"
            units.append((written + c, stem + vowel))
        elif c in "っッ":
            units.append((c, ""))
        else:
            units.append((c, _ROMAJI.get(c, "|")))
    return units


_SPACE_BETWEEN_NATIVE = re.compile(r"(?<=[^\x00-\x7f])[ \t]+(?=[^\x00-\x7f])")


#: voiced sounds read as their voiceless pair (round 11: man'yōgana and early kana do not
#: mark voicing, so ``shishi`` is shiji and ``hasuwato`` pasuwado)
_UNVOICE = {ord("g"): "k", ord("z"): "s", ord("j"): "sh", ord("d"): "t", ord("b"): "h",
            ord("p"): "h", ord("v"): "h"}  # fmt: skip


def _fold_unvoiced(sound: str) -> str:
    return _fold_sound(sound.translate(_UNVOICE))


_JA_KEYS_UNVOICED = {_fold_unvoiced(k): w for k, w in sorted(_JA_KEYS.items(), reverse=True)}


def kana_units(run: str) -> list[tuple[str, str]]:
    """Each kana of ``run`` with its romaji (small kana joined to the one before)."""
    return _kana_units(unicodedata.normalize("NFC", run))


def decode_kana(run: str, *, voiced: bool = True) -> str | None:
    """``run`` with the stretches whose sounds spell a word of the vocabulary written as that
    word; ``voiced=False`` compares sounds with voicing folded (a script that does not mark
    it)."""
    run = unicodedata.normalize("NFC", run)
    keys, fold = (_JA_KEYS, _fold_sound) if voiced else (_JA_KEYS_UNVOICED, _fold_unvoiced)
    rewritten, words, changed = _rewrite(_kana_units(run), keys, _JA_MAX, fold)
    if words < _MIN_WORDS or changed < _MIN_CHANGED:
        return None
    return _SPACE_BETWEEN_NATIVE.sub("", rewritten)
