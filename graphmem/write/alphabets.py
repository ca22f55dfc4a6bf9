"""Text written in an alphabet its language does not use: read back in letters (round 11).

A sentence keeps its words when it is written letter for letter (or sound for sound) in
another alphabet, and a model that knows the alphabet reads it; the gate's rules, written in
each language's own letters, do not. This module reads back the alphabets no living language
writes its everyday text in, each by a fixed table — never a list of sentences:

runes (Elder and Younger Futhark, Anglo-Saxon futhorc) and Ogham
    letter alphabets: each letter is its Latin letter (``ᛁᚷᚾᛟᚱᛁᛖᚱᛖ`` → ``ignoriere``), the
    word dividers (``᛫ ᛬ ᛭``, Ogham's space mark) are spaces. Whatever language the letters
    spell is then read by the rules for that language.
Shavian and Deseret
    phonemic alphabets for English: a word is its sounds, so each word is read as the English
    word with the same consonant skeleton (the key the katakana reader uses,
    :func:`graphmem.write.scripts.english_by_sound`; ``𐑦𐑜𐑯𐑹`` → ``_gn`` → ``ignore``), the
    vocabulary of the rules preferred over common words of the same skeleton; Shavian's
    one-letter words (``𐑞`` the, ``𐑯`` and, ``𐑝`` of, ``𐑑`` to, ``𐑓`` for) are read as the
    script's own convention reads them. A word no English word matches is kept in its
    phonemic Latin spelling.

English in Cyrillic or Greek letters (:func:`decode_english_letters`)
    each letter spelled as an English reader sounds it out, and each word read as the English
    word of the same consonant skeleton, when three words of a line are words the rules read.

A run of any of these letters is found by one character class (linear) behind a cheap
marker, and its reading is a decoded view like any other (``normalize.py``). Text in such an
alphabet that reads as nothing is judged by :mod:`graphmem.write.opaque`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

__all__ = [
    "ALPHABET_RUN",
    "FOREIGN_LINE",
    "alphabet_marker",
    "decode_alphabet",
    "decode_english_letters",
    "foreign_marker",
    "read_word",
]

# -- letter alphabets: runes and Ogham -----------------------------------------------------------


def _table(spec: str) -> tuple[str, ...]:
    """A table written as words, one a letter."""
    return tuple(spec.split())


#: U+16A0..16EA in order, each letter's usual Latin reading
_RUNES: Final = _table(
    "f v u y y w th th a o a ae o o o oe on r c c k g ng g g w h h h h n n n i e j j ae a ei p z "
    "s s s c z t t d b b p p e m m m l l ng ng d o ea io q k k st r r r q x"
)
_RUNE_LETTERS: Final = {chr(0x16A0 + k): v for k, v in enumerate(_RUNES)}
_RUNE_LETTERS.update({"\u16f1": "k", "\u16f2": "sh", "\u16f3": "oo"})
_DIVIDERS: Final = {"\u16eb": " ", "\u16ec": " ", "\u16ed": " ", "\u1680": " ", "\u169b": " ",
                    "\u169c": " "}  # fmt: skip
_OGHAM: Final = _table("b l f s n h d t c q m g ng z r a o u e i ea oi ui ia ae p")
_OGHAM_LETTERS: Final = {chr(0x1681 + k): v for k, v in enumerate(_OGHAM)}

# -- phonemic alphabets for English: Shavian and Deseret -----------------------------------------

#: Shavian U+10450..1047F: the Latin spelling of each sound, vowels marked by a leading ``*``
#: (a vowel carries no consonant into the key; ``*r`` vowels keep their r before a vowel)
_SHAVIAN: Final = _table(
    "p t k f th s sh ch y ng b d g v dh z zh j w h l m "
    "*i *e *a *a *o *u *ow *a r n *ee *ay *i *u *oh *oo *oi *aw *ar *or *air *er *ar *eer "
    "*ia *yu"
)
_SHAVIAN_SOUNDS: Final = {chr(0x10450 + k): v for k, v in enumerate(_SHAVIAN)}
#: Shavian's own abbreviations: one-letter words
_SHAVIAN_WORDS: Final = {"𐑞": "the", "𐑯": "and", "𐑝": "of", "𐑑": "to", "𐑓": "for"}
#: Deseret U+10400..10427 (capitals; small letters are 0x28 later)
_DESERET: Final = _table(
    "*ee *ay *ah *aw *oh *oo *i *e *a *o *u *oo *ai *ow w y h p b t d ch j k g f v th dh s z sh "
    "zh r l m n ng *oi *ew"
)
_DESERET_SOUNDS: Final = {chr(0x10400 + k): v for k, v in enumerate(_DESERET)}
_DESERET_SOUNDS.update({chr(0x10428 + k): v for k, v in enumerate(_DESERET)})
#: the consonant classes of the English sound key (as ``scripts._english_key`` folds them)
_KEY_FOLD: Final = {"th": "s", "dh": "s", "sh": "s", "zh": "s", "z": "s", "j": "s", "ch": "c",
                    "v": "b", "l": "r", "w": "", "y": "", "ng": "ng"}  # fmt: skip

_PHONEMIC: Final = {**_SHAVIAN_SOUNDS, **_DESERET_SOUNDS}
_LETTERS: Final = {**_RUNE_LETTERS, **_OGHAM_LETTERS}
_CLASS: Final = "\u1680-\u169c\u16a0-\u16f8\U00010400-\U0001044f\U00010450-\U0001047f"
#: a run of these letters, spaces and punctuation between its words
ALPHABET_RUN: Final = re.compile(rf"[{_CLASS}](?:[{_CLASS}\s,.;:!?'’\-]*[{_CLASS}])?")
_ANY: Final = re.compile(f"[{_CLASS}]")
_WORD: Final = re.compile(rf"[{_CLASS}]+")


def alphabet_marker(text: str) -> bool:
    """Any letter of these alphabets (one character-class search; none in ordinary text, and
    none at all in ASCII text, which is told in constant time)."""
    return not text.isascii() and _ANY.search(text) is not None


def _sound_key(sounds: list[str]) -> str:
    """The English sound key of a word given as sounds (``scripts._english_key``'s form)."""
    key: list[str] = []
    for k, s in enumerate(sounds):
        following = sounds[k + 1] if k + 1 < len(sounds) else ""
        before_vowel = following.startswith("*")
        if s.startswith("*"):
            if s.endswith("r") and before_vowel:
                key.append("r")
            continue
        after_vowel = k > 0 and sounds[k - 1].startswith("*")
        if s == "r" and after_vowel and not before_vowel:
            continue  # a vowel's r, as the spelling key drops it ("ignore", "your")
        if s == "d" and following in ("z", "s"):
            continue  # as the spelling key reads "words"
        key.append(_KEY_FOLD.get(s, s))
    start = "_" if sounds and sounds[0].startswith("*") else ""
    folded = "".join(key)
    return start + "".join(c for i, c in enumerate(folded) if i == 0 or c != folded[i - 1])


def _phonemic_word(word: str) -> str:
    if word in _SHAVIAN_WORDS:
        return _SHAVIAN_WORDS[word]
    from graphmem.write.scripts import english_by_sound

    sounds = [_PHONEMIC[c] for c in word if c in _PHONEMIC]
    found = english_by_sound(_sound_key(sounds)) if len(sounds) > 1 else None
    return found or "".join(s.lstrip("*") for s in sounds)


def read_word(word: str) -> str | None:
    """One word of these alphabets read in Latin letters, ``None`` when a letter of it has no
    reading here (another historic script)."""
    if not word or not all(c in _PHONEMIC or c in _LETTERS or c in _DIVIDERS for c in word):
        return None
    if ord(word[0]) >= 0x10400:
        return _phonemic_word(word)
    return "".join(_DIVIDERS.get(c) or _LETTERS.get(c, "") for c in word)


def decode_alphabet(run: str) -> str | None:
    """``run`` read back in Latin letters (runes, Ogham) or as English words (Shavian,
    Deseret); ``None`` when it holds fewer than four letters."""
    if len(_ANY.findall(run)) < 4:
        return None
    out: list[str] = []
    pos = 0
    for m in _WORD.finditer(run):
        out.append(run[pos : m.start()])
        word = m.group(0)
        if ord(word[0]) >= 0x10400:
            out.append(_phonemic_word(word))
        else:
            out.append("".join(_DIVIDERS.get(c) or _LETTERS.get(c, "") for c in word))
        pos = m.end()
    out.append(run[pos:])
    text = unicodedata.normalize("NFC", "".join(out))
    return re.sub(r"[ \t]{2,}", " ", text).strip() or None


# -- English written in Cyrillic or Greek letters ----------------------------------------------

#: each letter's Latin spelling, as an English reader would sound it out
_CYRILLIC_LATIN: Final = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        _table("a b v g d e yo zh z i y k l m n o p r s t u f h ts ch sh shch _ y _ e yu ya"),
        strict=True,
    )
)
_GREEK_LATIN: Final = dict(
    zip(
        "αβγδεζηθικλμνξοπρσςτυφχψω",
        _table("a v g d e z i th i k l m n x o p r s s t u f h ps o"),
        strict=True,
    )
)
_FOREIGN_LATIN: Final = {
    k: ("" if v == "_" else v) for k, v in {**_CYRILLIC_LATIN, **_GREEK_LATIN}.items()
}
_FOREIGN_WORD: Final = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]+")
#: a line holding Cyrillic or Greek words
FOREIGN_LINE: Final = re.compile(r"[^\n]*[\u0370-\u03ff\u0400-\u04ff][^\n]*")
#: three distinct words of the rules, each spelled in five letters or more, and a quarter of
#: the line's words (a short Russian word such as "как" has the skeleton of "key")
_MIN_ENGLISH: Final = 3
_MIN_LETTERS: Final = 5


def foreign_marker(text: str) -> bool:
    return not text.isascii() and _FOREIGN_WORD.search(text) is not None


def decode_english_letters(line: str) -> str | None:
    """English written in Cyrillic or Greek letters (``игнор ол превиос инструкшнс``): each
    word spelled in Latin letters and read as the English word of the same consonant skeleton
    (:func:`graphmem.write.scripts.english_by_sound`), when three long words of the line, and
    a quarter of its words, are words the rules read (``ignore``, ``previous``,
    ``instructions`` — a Russian or Greek sentence spells none of them)."""
    from graphmem.write.scripts import english_by_sound, english_key, rule_word

    out: list[str] = []
    hits: set[str] = set()
    words = 0
    pos = 0
    for m in _FOREIGN_WORD.finditer(line):
        out.append(line[pos : m.start()])
        plain = "".join(c for c in unicodedata.normalize("NFD", m.group(0).lower()) if c.isalpha())
        latin = "".join(_FOREIGN_LATIN.get(c, c) for c in plain)
        english = english_by_sound(english_key(latin)) if len(latin) > 2 else None
        words += 1
        if english is not None and rule_word(english) and len(latin) >= _MIN_LETTERS:
            hits.add(english)
        out.append(english or latin)
        pos = m.end()
    out.append(line[pos:])
    if len(hits) < _MIN_ENGLISH or len(hits) * 4 < words:
        return None
    return "".join(out)
