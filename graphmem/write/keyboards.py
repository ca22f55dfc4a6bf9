"""Text typed with the wrong keyboard layout on (issue 11, round 9).

Korean typed while the input method is set to English comes out as Latin letters — the keys
of the standard 2-beolsik layout (``dlwjs wltlsms`` is 이전 지시는) — and English typed
while it is set to Korean comes out as Hangul jamo (``ㅑㅎㅜㅐㄱㄷ`` is *ignore*). A model
that knows the layouts reads both; a scanner for words reads neither. The layout is one
fixed table, so reading the text back is a lookup:

Latin → Hangul (:func:`decode_qwerty_korean`)
    each letter word is mapped key by key to jamo and composed by the syllable automaton
    (:func:`graphmem.write.scripts.composed_jamo`). A word counts only when *all* of it
    composes into syllables; the run is read back when at least three words and most of
    its letter words do, and the run reads as no Latin language (no function words of the
    six: :func:`graphmem.write.ciphers.cipher_candidate`), so English with a word that
    happens to compose (``the`` is 솓) stays English.
Hangul → Latin (:func:`decode_korean_qwerty`)
    a run of Hangul (syllables decomposed into their keys, jamo taken as they are) mapped
    to the Latin keys, kept when the reading reads as one of the six languages
    (:func:`graphmem.write.ciphers.language_share`): ordinary Korean read as keys is noise.
"""

from __future__ import annotations

import re

from graphmem.write import ciphers, scripts

__all__ = [
    "HANGUL_RUN",
    "LATIN_RUN",
    "decode_korean_qwerty",
    "decode_qwerty_korean",
    "qwerty_marker",
]

#: the 2-beolsik layout: Latin key → compatibility jamo (shifted keys for the tense ones)
_KEYS = dict(
    zip(
        "qwertyuiopasdfghjklzxcvbnmQWERTOP",
        "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡㅃㅉㄸㄲㅆㅒㅖ",
        strict=True,
    )
)
_JAMO_KEYS = {jamo: key for key, jamo in _KEYS.items()}
#: compound vowels and finals: the two keys they are typed with
_COMPOUND = {
    "ㅘ": "hk", "ㅙ": "ho", "ㅚ": "hl", "ㅝ": "nj", "ㅞ": "np", "ㅟ": "nl", "ㅢ": "ml",
    "ㄳ": "rt", "ㄵ": "sw", "ㄶ": "sg", "ㄺ": "fr", "ㄻ": "fa", "ㄼ": "fq", "ㄽ": "ft",
    "ㄾ": "fx", "ㄿ": "fv", "ㅀ": "fg", "ㅄ": "qt",
}  # fmt: skip
_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_FINALS = ("", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

#: three or more Latin words in a row (other tokens, such as a domain, may stand between)
LATIN_RUN = re.compile(r"[A-Za-z]{2,}(?:[ \t]+\S+){2,}")
#: Hangul (syllables or jamo) words in a row
HANGUL_RUN = re.compile(r"[\uac00-\ud7a3\u3131-\u3163]+(?:[ \t]+[\uac00-\ud7a3\u3131-\u3163]+){2,}")
_MIN_WORDS = 3
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_JAMO = re.compile("[\u3131-\u3163]")


def qwerty_marker(text: str) -> bool:
    """Cheap: a Latin word of five or more letters without a vowel letter (``dlwjs``,
    ``wltlsms``) — Korean keys put vowels on y-p, h-l, b-m, so such words are common."""
    return re.search(r"(?<![A-Za-z])[b-df-hj-np-tv-z]{2,}[a-z]*[b-df-hj-np-tv-z]{2}", text) is not None


def _hangul(word: str) -> str | None:
    jamo = "".join(_KEYS.get(c) or _KEYS.get(c.lower(), c) for c in word)
    composed, syllables = scripts.composed_jamo(jamo)
    return composed if syllables and _JAMO.search(composed) is None else None


def decode_qwerty_korean(run: str) -> str | None:
    """``run`` with its letter words read as Korean typed on the 2-beolsik layout."""
    if not ciphers.cipher_candidate(run):
        return None
    tokens = run.split()
    out: list[str] = []
    words = composed = 0
    for tok in tokens:
        core = tok.strip(".,:;!?")
        if not _LATIN_WORD.fullmatch(core):
            out.append(tok)
            continue
        words += 1
        korean = _hangul(core)
        if korean is None:
            out.append(tok)
            continue
        composed += 1
        out.append(tok.replace(core, korean))
    if composed < _MIN_WORDS or composed * 10 < words * 7:
        return None
    return " ".join(out)


def _keys(ch: str) -> str:
    code = ord(ch) - 0xAC00
    if not 0 <= code < 11172:
        return _COMPOUND.get(ch) or _JAMO_KEYS.get(ch, ch)
    initial, vowel, final = code // 588, code % 588 // 28, code % 28
    parts = (_INITIALS[initial], _VOWELS[vowel], _FINALS[final])
    return "".join(_COMPOUND.get(j) or _JAMO_KEYS.get(j, "") for j in parts if j)


def decode_korean_qwerty(run: str) -> str | None:
    """``run`` (Hangul) read as the Latin keys it was typed with, when that reads as one of
    the six languages."""
    reading = " ".join("".join(_keys(c) for c in tok) for tok in run.split())
    share, hits, _ = ciphers.language_share(reading)
    if hits < _MIN_WORDS or share < 0.3:
        return None
    return reading
