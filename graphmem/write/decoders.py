"""Decoders for classes of encodings (issue 11, round 7), used by the normaliser.

Round 6 decoded named encodings one by one (``\\uXXXX``, base32, quoted-printable, Morse),
and each held-out set brought the next one. These decoders are written per *class*, so a
member of the class nobody listed is read too:

character codes (:data:`CHAR_CODES`)
    a run of numbers, each one a character: decimal (``105 103 110``, the list inside
    ``String.fromCharCode(…)`` or ``chr()``), 7/8-bit binary groups, octal escapes
    (``\\151\\147``).
letter alphabets (:data:`ALPHABET`)
    a run written in another alphabet for the same Latin letters: Braille cells, regional
    indicator symbols, upside-down letters (read back and reversed). Circled, parenthesised,
    small-capital and mathematical letters are folded by NFKC and TR39 already.
letter rotations (:data:`ROTATION`)
    a run of printable ASCII words that reads as no language, tried through every
    substitution of one fixed shape — the 25 Caesar shifts (ROT13 among them), Atbash and
    ROT47 — and kept in the reading where common English function words appear. The test
    is *readability*, not a list of attack words: the word list is the most frequent words
    of English (``the``, ``and``, ``to`` …), and a run is tried only when it does not
    already read.
7-bit transport encodings (:data:`UTF7`, :data:`ASCII85`)
    UTF-7 ``+…-`` shifts, and Ascii85 (``<~…~>`` or a bare run with its punctuation).

Each decoder returns the decoded text only when it is readable (the normaliser's
``_readable``), so a table of numbers or a hash stays what it is; a decoded run is then
normalised and scanned like any other. Every run pattern is linear, and each decoder is
preceded by a cheap marker test (:data:`MARKERS`) so ordinary text pays one ``in`` or one
search, not a decode.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Callable

from graphmem.write import ciphers

__all__ = [
    "ALPHABET",
    "ASCII85",
    "CANDIDATE",
    "CHAR_CODES",
    "COMMON_WORDS",
    "MARKERS",
    "ROTATION",
    "UTF7",
    "decode_alphabet",
    "decode_ascii85",
    "decode_char_codes",
    "decode_rotation",
    "decode_utf7",
    "drop_stacked_marks",
    "rotation_candidate",
]

Readable = Callable[[bytes], str | None]

# -- character codes ------------------------------------------------------------------------------

#: eight or more numbers of 2-3 digits separated by commas or spaces (a decimal code list),
#: eight or more 7/8-bit binary groups, or six or more octal escapes
CHAR_CODES = re.compile(
    r"(?<![\d.])(?:\d{2,3}[ \t]*,[ \t]*|\d{2,3}[ \t]+){7,}\d{2,3}(?![\d.])"
    r"|(?<![01])(?:[01]{7,8}[ ,]?){6,}(?![01])"
    r"|(?:\\[0-3][0-7]{2}){6,}"
)


def decode_char_codes(run: str, readable: Readable) -> str | None:
    if run.startswith("\\"):
        codes = [int(c, 8) for c in run.split("\\") if c]
        if any(c > 0x7E for c in codes):
            # octal escapes of UTF-8 bytes ("\354\235\264" is 이): read as the bytes they are
            return readable(bytes(codes))
    else:
        tokens = re.findall(r"\d+", run)
        base = 2 if all(len(t) >= 7 and set(t) <= {"0", "1"} for t in tokens) else 10
        codes = [int(t, base) for t in tokens]
    if not codes or any(not 9 <= c <= 0x7E for c in codes):
        return None
    return readable("".join(map(chr, codes)).encode())


# -- other alphabets for Latin letters ------------------------------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_BRAILLE = dict(zip("⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", _LETTERS, strict=True))
_REGIONAL = {chr(0x1F1E6 + k): c for k, c in enumerate(_LETTERS)}
#: upside-down letters; the ASCII ones among them (l o s x z and the mirrored pairs) are
#: read back only inside a run that holds the non-ASCII ones
_FLIPPED = dict(zip("ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎz", _LETTERS, strict=True))
_FLIP_ONLY = "".join(c for c in _FLIPPED if not c.isascii())

#: six or more Braille cells or regional indicators (spaces and punctuation between them),
#: or an upside-down run: three or more of its non-ASCII letters with ASCII among them
ALPHABET = re.compile(
    rf"[{''.join(_BRAILLE)}](?:[ .,:@/\-]*[{''.join(_BRAILLE)}]){{5,}}"
    rf"|[\U0001F1E6-\U0001F1FF](?:[ .,:@/\-]*[\U0001F1E6-\U0001F1FF]){{7,}}"
    rf"|[{_FLIP_ONLY}](?:[a-z .,:@/\-]*[{_FLIP_ONLY}]){{2,}}[a-z]*"
)


def decode_alphabet(run: str, readable: Readable) -> str | None:
    first = run[0]
    if first in _BRAILLE:
        decoded = "".join(_BRAILLE.get(c, c) for c in run)
    elif first in _REGIONAL:
        decoded = "".join(_REGIONAL.get(c, c) for c in run)
    else:
        decoded = "".join(_FLIPPED.get(c, c) for c in reversed(run))
    return readable(decoded.encode())


# -- substitution ciphers of one fixed shape ------------------------------------------------------

#: the most frequent words of English (a readability test, not an attack vocabulary)
_COMMON = frozenset(
    """the and to of a in is you that it for on with as are be this your all from or by not
    at we an have but can will if my me do so our they he she his her them their what which
    who when there here then than now up out into over about any more some no yes new one
    get send make use see go come take give keep tell let please just also only each every
    after before again off down back was were been has had would could should may must""".split()  # noqa: SIM905
)
COMMON_WORDS = _COMMON
_ASCII_WORD = re.compile(r"[A-Za-z]+")
#: four to thirty tokens of printable ASCII (a line of words; ROT47 turns letters into
#: symbols); a longer line is read as several runs
ROTATION = re.compile(r"(?:[!-~]{1,40}[ \t]+){3,29}[!-~]{1,40}")
#: vowels: about two fifths of the letters of English, German, Spanish or French prose, and
#: far fewer after a rotation (a Caesar shift or Atbash moves the vowels onto consonants)
_VOWELS = frozenset("aeiouAEIOU")
_MIN_SHARE = 0.2
_ROTATIONS: tuple[dict[int, int], ...] = (
    *(
        str.maketrans(
            _LETTERS + _LETTERS.upper(),
            _LETTERS[k:] + _LETTERS[:k] + (_LETTERS[k:] + _LETTERS[:k]).upper(),
        )
        for k in range(1, 26)
    ),
    str.maketrans(_LETTERS + _LETTERS.upper(), _LETTERS[::-1] + _LETTERS.upper()[::-1]),
    {c: 33 + (c - 33 + 47) % 94 for c in range(33, 127)},
)


def _share(text: str) -> tuple[float, int]:
    words = [w.lower() for w in text.split()]
    if not words:
        return 0.0, 0
    hits = sum(
        1 for w in words if (m := _ASCII_WORD.fullmatch(w.strip(".,:;!?'\""))) and m[0] in _COMMON
    )
    return hits / len(words), hits


def rotation_candidate(run: str) -> bool:
    """Cheap: whether a run could be rotated text — mostly letters (or, for ROT47, mostly
    symbols) in word-sized tokens, with fewer vowels than any natural language writes.
    Prose, numbers and tables are not candidates and cost one pass."""
    letters = vowels = other = 0
    for c in run:
        if c.isalpha():
            letters += 1
            vowels += (c if c.isascii() else unicodedata.normalize("NFD", c)[0]) in _VOWELS
        elif not c.isspace() and not c.isdigit():
            other += 1
    if letters + other < 12:
        return False
    if letters >= 2 * other and vowels < 0.3 * letters:
        return True  # Caesar shifts, ROT13, Atbash
    # ROT47 turns letters into digits and punctuation inside words: most of its tokens mix
    # a letter with a digit or a symbol (":8?@C6")
    tokens = run.split()
    mixed = sum(
        1
        for t in tokens
        if any(c.isalpha() for c in t) and any(not c.isalpha() for c in t.strip(".,:;!?"))
    )
    return mixed * 2 >= len(tokens)


def decode_rotation(run: str, readable: Readable) -> str | None:
    # a letter substitution of any of six languages, or words reversed in place (round 9);
    # then ROT47, which turns letters into symbols, read as English
    deciphered = ciphers.decode_cipher(run)
    if deciphered is not None:
        return readable(deciphered.encode())
    if not rotation_candidate(run) or _share(run)[0] >= _MIN_SHARE:
        return None  # it reads already
    best: tuple[float, str] | None = None
    for table in _ROTATIONS:
        candidate = run.translate(table)
        share, hits = _share(candidate)
        if hits >= 2 and share >= _MIN_SHARE and (best is None or share > best[0]):
            best = (share, candidate)
    return readable(best[1].encode()) if best is not None else None


# -- 7-bit transport encodings --------------------------------------------------------------------

#: three or more UTF-7 shifts (``+AGk-``) in one run of non-space text
UTF7 = re.compile(r"(?:[^\s+]{0,64}\+[A-Za-z0-9/]{2,}-){3,}[^\s+]{0,64}")


def decode_utf7(run: str, readable: Readable) -> str | None:
    try:
        decoded = run.encode("ascii").decode("utf-7")
    except (UnicodeError, ValueError):
        return None
    return readable(decoded.encode()) if decoded != run else None


#: Ascii85 between ``<~ ~>``, or a bare run of 20+ of its characters that holds some of its
#: punctuation (base64 and words hold none of ``!"#$&'();<>[\\]^``)
ASCII85 = re.compile(
    r"<~[!-u\s]{10,}~>"
    r"|(?<![!-u])(?=[!-u]*[!\"#$&'();<>\[\\\]^][!-u]*[!\"#$&'();<>\[\\\]^])[!-u]{20,}(?![!-u])"
)


def decode_ascii85(run: str, readable: Readable) -> str | None:
    body = run[2:-2] if run.startswith("<~") else run
    try:
        return readable(base64.a85decode(re.sub(r"\s+", "", body)))
    except (binascii.Error, ValueError):
        return None


#: a run that fails its decoder's candidate test is skipped without counting as a try
CANDIDATE: dict[str, Callable[[str], bool]] = {
    "rotation": lambda run: rotation_candidate(run) or ciphers.cipher_candidate(run)
}

#: a decoder runs only when its marker is in the text (one ``in`` or one search)
MARKERS: dict[str, Callable[[str], bool]] = {
    "codes": lambda t: re.search(r"\d\d[ ,]+\d\d|[01]{7}|\\[0-3][0-7]", t) is not None,
    "alphabet": lambda t: (
        any(0x2800 <= ord(c) <= 0x28FF or ord(c) >= 0x1F1E6 for c in t)
        or any(c in _FLIP_ONLY for c in t)
    ),
    "rotation": lambda t: len(t) >= 16,
    "utf7": lambda t: "+" in t,
    "ascii85": lambda t: len(t) >= 20,
}


# -- stacked combining marks (Zalgo) --------------------------------------------------------------


def drop_stacked_marks(prev: str, mark: str) -> str | None:
    """A combining mark after ``prev``: the composed letter when NFC composes the two (a
    decomposed ``é`` stays ``é``), or ``None`` to drop a mark that composes with nothing
    (stacked marks, Zalgo text)."""
    composed = unicodedata.normalize("NFC", prev + mark)
    return composed if len(composed) == 1 else None
