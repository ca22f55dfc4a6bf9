"""The gate's normalisation step: what every scanner reads instead of the raw text.

An injection, a secret or a grant written to dodge a pattern stays the same text for a model
that reads it later: zero-width characters, Unicode TAG characters (invisible ASCII), Cyrillic
look-alikes, full-width letters, leetspeak, HTML entities and comments, ``i g n o r e`` or
``ig-nore``, spaced-out Hangul, or a base64 / hex / URL-encoded / reversed run. So before any
scanner runs, :func:`normalize` turns a text into *views*, and every scanner (injection,
authorization, instruction shape, secrets, personal data) reads all the views it can use:

``raw``
    the text as given (markup-shaped injections such as ``<|im_start|>`` are read here).
``clean``
    NFKC; invisible and format characters (Unicode category Cf, variation selectors, other
    control characters) dropped; TAG characters dropped from here and decoded into a ``tags``
    view; HTML entities decoded; tag and comment delimiters dropped (their text kept);
    confusables folded to their Latin prototype (Unicode TR39 data from the
    ``confusable-homoglyphs`` package, for non-ASCII characters outside Hangul, Kana and CJK);
    diacritics dropped from Latin letters.
``joined``
    ``clean`` with broken words rejoined: runs of single characters separated by one space,
    dot, hyphen or underscore (``i g n o r e``, ``무 시 하 고``, ``s-k-_``) and hyphens inside
    words (``ig-nore``).
``leet``
    ``joined`` with digits and symbols inside letter words read as letters (``1gn0r3``).
``digits``
    ``joined`` with digit words in English, Spanish, German, Korean, Japanese and Chinese read
    as digits (``four seven two nine`` → ``4729``) and spaced digits joined.
``reversed``
    ``joined`` backwards.
``regrouped``
    ``clean`` with a token written in short space-separated groups put back together
    (``ghp_ Lq8W 2mZx 9Tb4 …``): four or more groups, most holding a digit.
``base64`` / ``hex`` / ``url`` / ``tags``
    each encoded run decoded (when it decodes to readable text) and normalised again, to a
    depth of two. A run is found wherever it stands — after ``=`` or ``:`` (``attachment=…``,
    ``"data": "…"``), quoted, in a URL's path or query, or wrapped over several lines or
    space-separated chunks (MIME) — and urlsafe base64 is read too.
``whitespace``
    the message spelled by the text's trailing spaces and tabs or its one- and two-space
    word gaps (``channels.py``), normalised again like a decoded run; a text that has one is
    refused as HIDDEN_TEXT (``WHITESPACE_CHANNEL``) by the gate's normalisation stage.
``inline``
    ``clean`` with every decoded run put back *in place* of the encoded one, so the decoded
    text is read with what stands around it (``pw=<base64>`` reads ``pw=Hunter#2026``;
    ``Note to the assistant: <base64>`` reads as one sentence).

The decoded runs include, from round 9, Latin ciphers found by language statistics
(``ciphers.py``), text typed on the wrong keyboard layout (``keyboards.py``) and native text
read by its sound — Chinese homophones, Korean in Hanja, kana-only Japanese (``phonetic.py``).

Each view maps every character back to the original text (``starts``/``ends``), so a finding
in any view points at the original characters (a decoded run maps to the whole run): that is
how a secret found only after decoding is still redacted in the stored source. The step also
reports what it undid (:attr:`Normalized.findings`, :class:`~graphmem.write.codes.Rule`), which
the pipeline puts on the receipt (NORMALIZE stage, ``OBFUSCATION`` / ``HIDDEN_TEXT``).
"""

from __future__ import annotations

import base64
import binascii
import bz2
import html
import itertools
import lzma
import quopri
import re
import unicodedata
import urllib.parse
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache, partial

from confusable_homoglyphs.confusables import confusables_data

from graphmem.write import (
    alphabets,
    channels,
    decoders,
    keyboards,
    phonetic,
    romanized,
    scripts,
    spelled,
    transcribed,
)
from graphmem.write.codes import Rule

__all__ = ["NUMBER_WORDS", "Normalized", "View", "base64_text", "normalize"]

_MAX_DEPTH = 2
#: longer texts are not also read backwards (a reversed payload hides in a short text)
_MAX_REVERSED = 20_000
_MAX_DECODED_RUNS = 8


@dataclass(frozen=True, slots=True)
class View:
    """One reading of a text. ``starts[i]``/``ends[i]``: the original characters that
    character ``i`` of :attr:`text` stands for."""

    name: str
    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original characters behind ``text[start:end]``."""
        if end <= start:
            return (self.starts[start], self.starts[start]) if start < len(self.starts) else (0, 0)
        return min(self.starts[start:end]), max(self.ends[start:end])


@dataclass(frozen=True, slots=True)
class Normalized:
    original: str
    views: tuple[View, ...]
    findings: tuple[Rule, ...]

    def view(self, name: str) -> View:
        return next(v for v in self.views if v.name == name)

    def texts(self, *names: str) -> list[str]:
        """The distinct texts of the named views (all views when none is named), decoded ones
        too (``base64/clean`` counts as ``clean``), in view order. Distinct: most views of an
        ordinary text are the text itself, and a scanner that searched each copy again spent
        most of its time finding nothing twice."""
        views = (
            self.views
            if not names
            else [v for v in self.views if v.name.rsplit("/", 1)[-1] in names]
        )
        return list(dict.fromkeys(v.text for v in views))

    @property
    def obfuscated(self) -> bool:
        return bool(self.findings)


# -- character classes ---------------------------------------------------------------------------


def _keep_script(ch: str) -> bool:
    """Scripts never folded to Latin: Hangul, Kana, CJK (their look-alikes are real letters)."""
    cp = ord(ch)
    return (
        0x1100 <= cp <= 0x11FF
        or 0x3000 <= cp <= 0x30FF
        or 0x3130 <= cp <= 0x318F
        or 0x3400 <= cp <= 0x9FFF
        or 0xA960 <= cp <= 0xA97F
        or 0xAC00 <= cp <= 0xD7FF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFF65 <= cp <= 0xFFDC
    )


@lru_cache(maxsize=8192)
def _prototype(ch: str) -> str | None:
    """The ASCII look-alike of a non-ASCII letter (TR39 confusables), if it has one."""
    if ch.isascii() or _keep_script(ch):
        return None
    if unicodedata.category(ch) == "Nd":
        # a decimal digit of any script is its value, not its look-alike (Bengali ৪ is 4, not
        # the 8 it resembles; Persian ۴ is 4): round 15
        return str(unicodedata.digit(ch))
    for entry in confusables_data.get(ch, ()):
        target = entry.get("c", "")
        if target and target.isascii() and target.isalnum():
            return str(target)
    return None


def _invisible(ch: str) -> bool:
    cp = ord(ch)
    if ch in "\n\t\r":
        return False
    cat = unicodedata.category(ch)
    return (
        cat in ("Cf", "Cc", "Co")
        or 0xFE00 <= cp <= 0xFE0F
        or 0xE0100 <= cp <= 0xE01EF
        or cp in (0x115F, 0x1160, 0x3164, 0xFFA0, 0x180E, 0x034F)
    )


def _tag(ch: str) -> bool:
    return 0xE0000 <= ord(ch) <= 0xE007F


# -- building views ------------------------------------------------------------------------------


class _Builder:
    __slots__ = ("chars", "ends", "starts")

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.starts: list[int] = []
        self.ends: list[int] = []

    def add(self, text: str, start: int, end: int) -> None:
        for c in text:
            self.chars.append(c)
            self.starts.append(start)
            self.ends.append(end)

    def view(self, name: str) -> View:
        return View(name, "".join(self.chars), tuple(self.starts), tuple(self.ends))


_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_TAG_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9:_-]*(?P<attrs>[^<>]{0,400})>")
_ATTR_VALUE = re.compile(r"""=\s*(?:"([^"]*)"|'([^']*)')""")


#: printable ASCII with nothing to decode: the clean view is the text itself
#: a reading in kana, in parentheses, right after a kanji (furigana set inline)
_FURIGANA = re.compile(r"[(（][\u3041-\u309f\u30a1-\u30faー]{1,12}[)）]")
_KANJI = re.compile(r"[\u4e00-\u9fff々]")
_PLAIN_ASCII = re.compile(r"[\x20-\x25\x27-\x3b\x3d-\x7e\n\t]*")


def _clean(
    text: str, starts: tuple[int, ...], ends: tuple[int, ...], name: str
) -> tuple[View, str, set[Rule]]:
    """The ``clean`` view, the decoded TAG text and what was undone."""
    if _PLAIN_ASCII.fullmatch(text) and "-->" not in text:
        return View(name, text, starts, ends), "", set()
    found: set[Rule] = set()
    out = _Builder()
    hidden: list[str] = []
    native = _native_words(text)
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "&":
            m = _ENTITY.match(text, i)
            if m is not None:
                decoded = html.unescape(m.group(0))
                if decoded != m.group(0):
                    found.add(Rule.MARKUP)
                    for c in decoded:
                        _emit(c, starts[i], ends[m.end() - 1], out, found)
                    i = m.end()
                    continue
        if ch == "<":
            if text.startswith("<!--", i):
                found.add(Rule.MARKUP)
                out.add(" ", starts[i], ends[i + 3])
                i += 4
                continue
            m = _TAG_RE.match(text, i)
            if m is not None:
                # a tag's own text is dropped, its attribute values (title, alt) kept
                found.add(Rule.MARKUP)
                out.add(" ", starts[i], ends[i])
                for v in _ATTR_VALUE.finditer(text, m.start("attrs"), m.end("attrs")):
                    g = 1 if v.group(1) is not None else 2
                    for k in range(v.start(g), v.end(g)):
                        _emit(text[k], starts[k], ends[k], out, found)
                    out.add(" ", starts[v.end() - 1], ends[v.end() - 1])
                i = m.end()
                continue
        if ch == "-" and text.startswith("-->", i):
            found.add(Rule.MARKUP)
            out.add(" ", starts[i], ends[i + 2])
            i += 3
            continue
        if _tag(ch):
            found.add(Rule.TAG_CHARS)
            inner = ord(ch) - 0xE0000
            if 0x20 <= inner <= 0x7E:
                hidden.append(chr(inner))
            i += 1
            continue
        if _invisible(ch):
            found.add(Rule.INVISIBLE_CHARS)
            i += 1
            continue
        if ch in "(（" and out.chars and _KANJI.match(out.chars[-1]):
            m = _FURIGANA.match(text, i)
            if m is not None:
                # a reading in kana after a kanji ("処理（しょり）") glosses it: the sentence
                # reads on without it (round 17)
                i = m.end()
                continue
        if 0x1100 <= ord(ch) <= 0x1112 and i + 1 < n and 0x1161 <= ord(text[i + 1]) <= 0x1175:
            # Hangul spelled in conjoining jamo (NFD, as macOS writes file names): one
            # syllable again, "처리" and not six letters no Korean pattern reads (round 17)
            j = i + 3 if i + 2 < n and 0x11A8 <= ord(text[i + 2]) <= 0x11C2 else i + 2
            out.add(unicodedata.normalize("NFC", text[i:j]), starts[i], ends[j - 1])
            i = j
            continue
        if unicodedata.category(ch) == "Me":
            # an enclosing mark (the keycap of 4️⃣, a circle) frames the character before it
            # and leaves it what it is: "4⃣7⃣2⃣9⃣" reads 4729 (round 12)
            i += 1
            continue
        if out.chars and _latin(out.chars[-1]) and unicodedata.category(ch) == "Mn":
            composed = decoders.drop_stacked_marks(out.chars[-1], ch)
            if composed is None:
                found.add(Rule.STACKED_MARKS)
            else:
                out.chars[-1] = composed
                out.ends[-1] = ends[i]
            i += 1
            continue
        _emit(ch, starts[i], ends[i], out, found, fold=i not in native)
        i += 1
    return out.view(name), "".join(hidden), found


_LETTER_RUN = re.compile(r"[^\W\d_]+")


def _latin_script(ch: str) -> bool:
    """Latin letters: ASCII, Latin-1 to Latin Extended-B, IPA and phonetic (small capitals),
    Latin Extended Additional (Vietnamese)."""
    cp = ord(ch)
    return (
        cp < 0x80
        or 0xC0 <= cp <= 0x2AF
        or 0x1D00 <= cp <= 0x1DBF
        or 0x1E00 <= cp <= 0x1EFF
        or 0xA720 <= cp <= 0xA7FF
    )


def _native_words(text: str) -> set[int]:
    """Positions of words written in another script's own letters (``Не люблю``, ``пароль``),
    not folded as look-alikes. A look-alike is a letter of another script inside a Latin word
    (``раypal``, ``іgnоrе``) or a word made only of look-alikes (``рас``) in Latin text. A
    non-Latin word with a letter that has no Latin look-alike (л, ю, ж) is native; one made
    only of look-alikes (Не) is native when the text is mostly such words, not Latin ones."""
    latin = 0
    strong: list[tuple[int, int]] = []
    weak: list[tuple[int, int]] = []
    for m in _LETTER_RUN.finditer(text):
        word = m.group(0)
        if word.isascii() or any(_latin_script(c) for c in word):
            latin += 1
        elif _keep_script(word[0]):
            continue
        elif any(_prototype(c) is None for c in word):
            strong.append((m.start(), m.end()))
        else:
            weak.append((m.start(), m.end()))
    keep: set[int] = set()
    if strong and len(strong) + len(weak) > latin:
        strong += weak
    for a, b in strong:
        keep.update(range(a, b))
    return keep


def _latin(ch: str) -> bool:
    cp = ord(ch)
    return ch.isalpha() and (cp < 0x250 or 0x1E00 <= cp <= 0x1EFF)


def _enclosed(ch: str) -> str:
    """Negative circled and negative squared letters (🅐, 🅰): the letter, as NFKC reads the
    circled and squared ones (Ⓐ, 🄰); it leaves these as they are. (Parenthesised letters,
    ⒜, NFKC spells with their brackets; :func:`_emit` reads them as the letter.)"""
    k = (ord(ch) - 0x1F150) % 0x20
    return chr(ord("A") + k) if k < 26 else ch


def _emit(
    ch: str, start: int, end: int, out: _Builder, found: set[Rule], *, fold: bool = True
) -> None:
    # Hangul compatibility jamo (ㅋ, ㅎ) stay as written: NFKC would turn them into
    # conjoining jamo, which no Korean text (or rule) uses on its own
    folded = ch if 0x3130 <= ord(ch) <= 0x318F else unicodedata.normalize("NFKC", ch)
    if folded == ch and 0x1F150 <= ord(ch) <= 0x1F189:
        folded = _enclosed(ch)
    elif 0x249C <= ord(ch) <= 0x24B5:
        folded = chr(ord(ch) - 0x249C + 97)
    elif 0x1F110 <= ord(ch) <= 0x1F129:
        folded = chr(ord(ch) - 0x1F110 + 65)
    elif folded == ch and unicodedata.digit(ch, None) is not None and not ch.isdecimal():
        folded = str(unicodedata.digit(ch))  # dingbat digits ❶ ➋ ⓷, which NFKC keeps
    if folded != ch and not _keep_script(ch):
        found.add(Rule.COMPATIBILITY_FORMS)
    for c in folded:
        if fold and not c.isascii() and not unicodedata.normalize("NFD", c)[0].isascii():
            # a look-alike from another script (Cyrillic о, Greek ρ, math 𝐢); a Latin letter
            # with a diacritic (ó, ü) is a letter of Spanish or German and stays
            proto = _prototype(c)
            if proto is not None:
                found.add(Rule.CONFUSABLES)
                out.add(proto, start, end)
                continue
        out.add(c, start, end)


_INNER_HYPHEN = re.compile(r"(?<=[^\W_])[\-‐‑](?:\n\s*)?(?=[^\W_]|[=:])")
#: fewer single characters than this in a row are words ("I a m" is not a broken word)
_MIN_RUN = 3


#: three single characters in a row with one separator between them, cheap to look for
_MAYBE_SPACED = re.compile(
    r"(?<!\S)\S[ .\-_·•]\S[ .\-_·•]\S(?!\S)"
    r"|(?<![^\W_])[^\W_][.\-_·•][^\W_][.\-_·•][^\W_](?![^\W_])"
    # round 16: a symbol or an emoji between letters ("비🌸서🌸님🌸은")
    r"|(?<![^\W_])[^\W_][^\w\s][^\W_][^\w\s][^\W_](?![^\W_])"
)


def _symbol(ch: str) -> bool:
    """A pictograph or a sign (🌸, ★, ♥), not a letter, a digit or punctuation."""
    return ch > "~" and unicodedata.category(ch).startswith("S")


def _spaced_runs(text: str) -> set[int]:
    """Separator positions inside runs of single characters: ``i g n o r e`` (one space
    between any characters) and ``s-k-_`` (one dot, hyphen or underscore between letters).
    Once a text shows such a run, shorter runs in it are broken words too (``a m``)."""
    if not _MAYBE_SPACED.search(text):
        return set()
    drop = _runs(text, _MIN_RUN, spaces=True) | _runs(text, _MIN_RUN, spaces=False)
    if not drop:
        return drop
    return _runs(text, 2, spaces=True) | _runs(text, 2, spaces=False)


def _runs(text: str, min_run: int, *, spaces: bool) -> set[int]:
    def member(ch: str) -> bool:
        return not ch.isspace() if spaces else (ch.isalnum() or ch == "_")

    seps = " " if spaces else ".-_·•"
    drop: set[int] = set()
    n = len(text)
    i = 0
    while i < n:
        if not member(text[i]) or (i > 0 and member(text[i - 1])):
            i += 1
            continue
        members = [i]
        j = i
        sep = None
        while (
            j + 2 < n
            and (text[j + 1] in seps or (not spaces and _symbol(text[j + 1])))
            and (sep is None or text[j + 1] == sep)
            and member(text[j + 2])
            and (j + 3 >= n or not member(text[j + 3]))
        ):
            sep = text[j + 1]
            members.append(j + 2)
            j += 2
        if len(members) >= min_run and (j + 1 >= n or not member(text[j + 1])):
            drop.update(m + 1 for m in members[:-1])
            i = members[-1] + 1
        else:
            i += 1
    return drop


def _joined(clean: View) -> tuple[View, bool]:
    """``clean`` with broken words rejoined; True when a spaced-out run was found (a hyphen
    inside a word is joined silently: "e-mail" is not an obfuscation)."""
    text = clean.text
    drop = _spaced_runs(text)
    spaced = bool(drop)
    for m in _INNER_HYPHEN.finditer(text):
        drop.update(range(m.start(), m.end()))
    if not drop:
        return View("joined", text, clean.starts, clean.ends), False
    keep = [k for k in range(len(text)) if k not in drop]
    return (
        View(
            "joined",
            "".join(text[k] for k in keep),
            tuple(clean.starts[k] for k in keep),
            tuple(clean.ends[k] for k in keep),
        ),
        spaced,
    )


_LEET = {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", "$": "s",
         "|": "l", "!": "i"}  # fmt: skip
_LEET_WORD = re.compile(r"[A-Za-z0-9@$|!]{2,}")
_EMAILISH = re.compile(r"^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+$")


def _leet(joined: View) -> tuple[View, bool]:
    """Digits and symbols inside words read as letters, and diacritics dropped
    (``1gn0r3``, ``ïgnöre`` → ``ignore``): the folded reading English rules match."""
    text = [
        unicodedata.normalize("NFD", c)[0] if 0x80 <= ord(c) <= 0x24F and c.isalpha() else c
        for c in joined.text
    ]
    folded = "".join(text)
    changed = False
    for m in _LEET_WORD.finditer(folded):
        word = m.group(0)
        core = word.rstrip("!")
        if core != word and len(core) >= 2 and core.isalpha():
            # "great!" and "AI!" end a sentence: a "!" after plain letters is punctuation, and
            # read as an i it joins two sentences into one clause ("…great! Challenges force")
            word = core
        letters = sum(c.isalpha() for c in word)
        leets = sum(c in _LEET for c in word)
        if letters < 1 or leets == 0 or word.isdigit() or _EMAILISH.match(word):
            continue
        for k, c in enumerate(word):
            if c in _LEET:
                text[m.start() + k] = _LEET[c]
                changed = True
    return View(joined.name, "".join(text), joined.starts, joined.ends), changed


#: zero to twelve in English, Spanish, German, French and Portuguese (grounding reads these
#: as numbers too)
NUMBER_WORDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(words.split())
    for words in (
        "zero one two three four five six seven eight nine ten eleven twelve",
        "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
        "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
        "zéro un deux trois quatre cinq six sept huit neuf dix onze douze",
        "zero um dois três quatro cinco seis sete oito nove dez onze doze",
    )
)
_DIGIT_WORDS: dict[str, str] = {
    word: str(digit) for words in NUMBER_WORDS for digit, word in enumerate(words[:10])
} | {"oh": "0", "fuenf": "5", "zwo": "2"}
_CJK_DIGITS = {**dict(zip("〇零一二三四五六七八九", "00123456789", strict=True)),
               **dict(zip("공영일이삼사오육칠팔구", "00123456789", strict=True)),
               # the financial numerals of cheques and receipts (大写), simplified and
               # traditional (round 12)
               **dict(zip("壹贰叁肆伍陆柒捌玖貳參陸", "123456789236", strict=True))}  # fmt: skip
_WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


def _digits(joined: View) -> tuple[View, bool]:
    """Digit words read as digits, when three or more stand together (a spoken number: a PIN,
    a phone); separators between them dropped. A lone "one" stays a word."""
    text = joined.text
    tokens: list[tuple[int, int, str]] = []  # (start, end, digit) of each digit token
    for m in _WORD.finditer(text):
        d = _DIGIT_WORDS.get(m.group(0).lower())
        if d is not None:
            tokens.append((m.start(), m.end(), d))
    for k, ch in enumerate(text):
        if ch in _CJK_DIGITS:
            tokens.append((k, k + 1, _CJK_DIGITS[ch]))
        elif ch.isdigit() and ch.isascii():
            tokens.append((k, k + 1, ch))
    tokens.sort()
    runs: list[list[tuple[int, int, str]]] = []
    for tok in tokens:
        if runs and re.fullmatch(r"[\s,.\-/]{0,3}", text[runs[-1][-1][1] : tok[0]]):
            runs[-1].append(tok)
        else:
            runs.append([tok])
    out = _Builder()
    pos = 0
    changed = False
    for run in runs:
        spoken = any(t[2] != text[t[0] : t[1]] for t in run)
        spaced = any(t[1] != u[0] for t, u in itertools.pairwise(run))
        if len(run) < 3 or not (spoken or spaced):
            continue
        if not spoken and len(run) < 4:
            continue
        for k in range(pos, run[0][0]):
            out.add(text[k], joined.starts[k], joined.ends[k])
        for s, e, d in run:
            out.add(d, joined.starts[s], joined.ends[e - 1])
        pos = run[-1][1]
        changed = True
    if not changed:
        return View("digits", text, joined.starts, joined.ends), False
    for k in range(pos, len(text)):
        out.add(text[k], joined.starts[k], joined.ends[k])
    return out.view("digits"), True


def _reversed(joined: View) -> View:
    return View(
        "reversed", joined.text[::-1], tuple(reversed(joined.starts)), tuple(reversed(joined.ends))
    )


# -- encoded runs --------------------------------------------------------------------------------

#: a base64 (or urlsafe base64) run; ``=`` and ``:`` before it are separators, not part of it
_B64_RUN = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{16,}={0,2}(?![A-Za-z0-9+/=_\-])")
#: a run wrapped over lines or split by spaces: two or more chunks of 8+ characters
_B64_WRAPPED = re.compile(
    r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/]{8,}(?:[ \t]*\r?\n[ \t]*|[ \t]+)"
    r"(?:[A-Za-z0-9+/]{8,}(?:[ \t]*\r?\n[ \t]*|[ \t]+))*[A-Za-z0-9+/]{2,}={0,2}"
    r"(?![A-Za-z0-9+/=_\-])"
)
_HEX_RUN = re.compile(r"(?<![0-9A-Fa-f])(?:(?:\\x|0x)?[0-9A-Fa-f]{2}[ :]?){8,}(?![0-9A-Fa-f])")
_URL_RUN = re.compile(r"[^\s%]{0,64}(?:%[0-9A-Fa-f]{2}[^\s%]{0,64}){3,}")


#: a decompressed payload larger than this is not read (a zip bomb stays a few bytes)
_MAX_INFLATED = 1 << 16


def _unwrapped(raw: bytes) -> bytes:
    """``raw`` inflated when it is zlib or gzip data (``eJ…``/``H4sI…`` in base64), and read
    as UTF-16LE when every other byte is zero (PowerShell's ``-EncodedCommand``): two
    general wrappers, whatever the payload (round 10)."""
    if raw[:1] == b"\x78" or raw[:2] == b"\x1f\x8b":
        try:
            raw = zlib.decompressobj(47).decompress(raw, _MAX_INFLATED)
        except zlib.error:
            return raw
    if len(raw) >= 8 and raw[1::2].count(0) >= 0.9 * len(raw[1::2]):
        try:
            return raw.decode("utf-16-le").encode("utf-8")
        except UnicodeDecodeError:
            return raw
    return raw


def _readable(raw: bytes) -> str | None:
    try:
        decoded = _unwrapped(raw).decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not decoded or len(decoded) < 6:
        return None
    printable = sum(c.isprintable() or c in "\n\t" for c in decoded)
    letters = sum(c.isalpha() for c in decoded)
    if printable / len(decoded) < 0.95 or letters < 4:
        return None
    return decoded


def _decode_b64(run: str) -> str | None:
    run = re.sub(r"\s+", "", run)
    if run.isalpha() or run.isdigit() or len(set(run)) < 8:
        return None
    decoded = base64_text(run)
    if decoded is None and "/" in run:
        # a run inside a URL path (``/v/<base64>/``): its longest segment alone
        longest = max(run.split("/"), key=len)
        if len(longest) >= 16:
            decoded = base64_text(longest)
    return decoded


#: how much a compressed payload may unpack to: a bomb stops here
_MAX_UNPACKED = 64 * 1024


def _unpacked(raw: bytes) -> bytes:
    """``raw`` decompressed when it is a gzip, zlib, xz or bzip2 stream (round 15: v16 hid a
    directive in xz inside base64), at most :data:`_MAX_UNPACKED` bytes; else ``raw``."""
    try:
        if raw.startswith(b"\x1f\x8b"):
            return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(raw, _MAX_UNPACKED)
        if raw[:1] == b"\x78" and len(raw) > 2 and (raw[0] * 256 + raw[1]) % 31 == 0:
            return zlib.decompressobj().decompress(raw, _MAX_UNPACKED)
        if raw.startswith(b"\xfd7zXZ"):
            return lzma.LZMADecompressor().decompress(raw, _MAX_UNPACKED)
        if raw.startswith(b"BZh"):
            return bz2.BZ2Decompressor().decompress(raw, _MAX_UNPACKED)
    except (zlib.error, lzma.LZMAError, OSError, EOFError, ValueError):
        return raw
    return raw


def base64_bytes(run: str) -> bytes | None:
    """The bytes a base64 (or base64url) run decodes to, its padding restored; None when it
    is not base64."""
    data = run.replace("-", "+").replace("_", "/")
    data += "=" * (-len(data) % 4)
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None


def base64_text(run: str) -> str | None:
    """The text a base64 (or base64url) run decodes to, when it is readable text — unpacked
    first when it is a compressed stream; None for anything else (a key decodes to random
    bytes)."""
    raw = base64_bytes(run)
    return None if raw is None else _readable(_unpacked(raw))


def _decode_hex(run: str) -> str | None:
    digits = re.sub(r"\\x|0x|[ :]", "", run)
    if len(digits) % 2 or digits.isdigit():
        return None
    try:
        data = bytes.fromhex(digits)
    except ValueError:
        return None
    # bytes written back to front ("byte order reversed") read as text only the other way
    return _readable(data) or _readable(data[::-1])


def _decode_url(run: str) -> str | None:
    decoded = urllib.parse.unquote(run)
    return decoded if decoded != run and _readable(decoded.encode()) else None


#: six or more ``\uXXXX`` / ``\xXX`` escapes, a separator allowed between them
_ESCAPE_RUN = re.compile(r"(?:(?:\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2})[ @.,:/\-]?){6,}")
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})")
#: an RFC 4648 base32 run (upper case, digits 2-7, padding)
_B32_RUN = re.compile(r"(?<![A-Za-z0-9+/])[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9+/])")
#: quoted-printable: three or more ``=XX`` or soft line breaks inside one run of text
_QP_RUN = re.compile(r"(?:[^\s=]{0,64}(?:=[0-9A-F]{2}|=\r?\n)){3,}[^\s=]{0,64}")
#: Morse: seven or more letters of dots and dashes, words split by ``/`` or wide spaces
_MORSE_RUN = re.compile(r"(?<![.\-\w])(?:[.\-]{1,6}(?: ?/ ?| {1,3})){7,}[.\-]{1,6}(?![.\-\w])")
_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g",
    "....": "h", "..": "i", ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n",
    "---": "o", ".--.": "p", "--.-": "q", ".-.": "r", "...": "s", "-": "t", "..-": "u",
    "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z", "-----": "0",
    ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5", "-....": "6",
    "--...": "7", "---..": "8", "----.": "9",
}  # fmt: skip


def _decode_escapes(run: str) -> str | None:
    decoded = _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), run)
    return _readable(decoded.encode("utf-8", "replace"))


def _decode_b32(run: str) -> str | None:
    data = run.rstrip("=")
    data += "=" * (-len(data) % 8)
    try:
        return _readable(base64.b32decode(data))
    except (binascii.Error, ValueError):
        return None


def _decode_qp(run: str) -> str | None:
    # a URL query (``?a=1B&b=2C``) is not quoted-printable, nor is a control byte
    if "&" in run or "?" in run or re.search(r"=[01][0-9A-F]", run):
        return None
    decoded = quopri.decodestring(run.encode("utf-8", "replace"))
    return _readable(decoded) if decoded != run.encode("utf-8", "replace") else None


def _decode_morse(run: str) -> str | None:
    words = re.split(r" ?/ ?| {2,}", run.strip())
    letters = [[_MORSE.get(c) for c in w.split()] for w in words]
    if any(c is None for w in letters for c in w):
        return None
    return " ".join("".join(c for c in w if c) for w in letters) or None


_Finder = Callable[[str], Iterable[tuple[int, int]]]


def _spans(pattern: re.Pattern[str]) -> _Finder:
    return lambda text: (m.span() for m in pattern.finditer(text))


def _first_reading(
    find: Callable[[str], Iterable[tuple[int, int, str]]],
) -> Callable[[str], str | None]:
    return lambda run: next((reading for _, _, reading in find(run)), None)


_DECODERS: tuple[tuple[str, _Finder, Callable[[str], str | None], Rule], ...] = (
    ("base64", _spans(_B64_WRAPPED), _decode_b64, Rule.ENCODED_BASE64),
    ("base64", _spans(_B64_RUN), _decode_b64, Rule.ENCODED_BASE64),
    ("base32", _spans(_B32_RUN), _decode_b32, Rule.ENCODED_BASE32),
    ("hex", _spans(_HEX_RUN), _decode_hex, Rule.ENCODED_HEX),
    ("url", _spans(_URL_RUN), _decode_url, Rule.ENCODED_URL),
    ("escapes", _spans(_ESCAPE_RUN), _decode_escapes, Rule.ENCODED_ESCAPES),
    ("qp", _spans(_QP_RUN), _decode_qp, Rule.ENCODED_QUOTED_PRINTABLE),
    ("morse", _spans(_MORSE_RUN), _decode_morse, Rule.ENCODED_MORSE),
    ("codes", _spans(decoders.CHAR_CODES), partial(decoders.decode_char_codes, readable=_readable),
     Rule.ENCODED_CHAR_CODES),
    ("alphabet", _spans(decoders.ALPHABET), partial(decoders.decode_alphabet, readable=_readable),
     Rule.ENCODED_ALPHABET),
    ("utf7", _spans(decoders.UTF7), partial(decoders.decode_utf7, readable=_readable),
     Rule.ENCODED_UTF7),
    ("ascii85", _spans(decoders.ASCII85), partial(decoders.decode_ascii85, readable=_readable),
     Rule.ENCODED_ASCII85),
    # round 11: alphabets no language writes its everyday text in (runes, Ogham, Shavian)
    ("letters", _spans(alphabets.ALPHABET_RUN), alphabets.decode_alphabet, Rule.ENCODED_SCRIPT),
    ("english", _spans(alphabets.FOREIGN_LINE), alphabets.decode_english_letters,
     Rule.ENCODED_SCRIPT),
    # round 11: Korean in Middle Korean spelling, in Cyrillic, in katakana; man'yōgana
    ("oldhangul", _spans(transcribed.OLD_HANGUL_RUN), transcribed.decode_old_hangul,
     Rule.ENCODED_SCRIPT),
    ("kocyrillic", _spans(transcribed.CYRILLIC_LINE), transcribed.decode_korean_cyrillic,
     Rule.ENCODED_SCRIPT),
    ("kokana", _spans(transcribed.KATAKANA_LINE), transcribed.decode_korean_kana,
     Rule.ENCODED_SCRIPT),
    ("manyogana", _spans(transcribed.MANYOGANA_RUN), transcribed.decode_manyogana,
     Rule.ENCODED_SCRIPT),
    # round 8: letters spelled by words, written in pieces, in play or romanised
    ("spelled", spelled.spelled_runs, spelled.decode_spelled, Rule.ENCODED_SPELLING),
    ("acrostic", lambda t: ((a, b) for a, b, _ in spelled.line_acrostics(t)),
     _first_reading(spelled.line_acrostics), Rule.ENCODED_ACROSTIC),
    ("initials", lambda t: ((a, b) for a, b, _ in spelled.word_acrostics(t)),
     _first_reading(spelled.word_acrostics), Rule.ENCODED_ACROSTIC),
    ("numbered", _spans(spelled.NUMBERED), spelled.decode_numbered, Rule.ENCODED_SPELLING),
    ("pig", _spans(decoders.ROTATION), spelled.decode_pig_latin, Rule.ENCODED_WORD_GAME),
    # round 9: English typed on the Korean layout, before loose jamo are composed as Korean
    ("keys", _spans(keyboards.HANGUL_RUN), keyboards.decode_korean_qwerty,
     Rule.ENCODED_KEYBOARD),
    ("jamo", _spans(scripts.JAMO), scripts.compose_jamo, Rule.ENCODED_JAMO),
    # round 17: Korean with each word written backwards ("를모메 는하리처")
    ("koreversed", _spans(scripts.HANGUL_WORDS), scripts.reverse_korean_words,
     Rule.REVERSED_TEXT),
    ("punycode", _spans(scripts.PUNYCODE), scripts.decode_punycode, Rule.ENCODED_PUNYCODE),
    ("zhuyin", _spans(romanized.ZHUYIN), romanized.decode_zhuyin, Rule.ENCODED_ROMANIZED),
    ("romanized", _spans(romanized.ROMAN_LINE), romanized.decode_romanized,
     Rule.ENCODED_ROMANIZED),
    ("katakana", _spans(scripts.KATAKANA_WORDS), scripts.decode_katakana,
     Rule.ENCODED_KATAKANA),
    ("game", _spans(scripts.GAME_LINE), scripts.decode_game, Rule.ENCODED_WORD_GAME),
    ("verlan", _spans(scripts.VERLAN_LINE), scripts.decode_verlan, Rule.ENCODED_WORD_GAME),
    # round 9: Korean typed on QWERTY; native text read by its sound
    ("qwerty", _spans(keyboards.LATIN_RUN), keyboards.decode_qwerty_korean,
     Rule.ENCODED_KEYBOARD),
    ("homophones", _spans(phonetic.HAN_RUN), phonetic.decode_homophones,
     Rule.ENCODED_PHONETIC),
    ("hanja", _spans(phonetic.HANJA_RUN), phonetic.decode_hanja, Rule.ENCODED_PHONETIC),
    ("kana", _spans(phonetic.KANA_RUN), phonetic.decode_kana, Rule.ENCODED_PHONETIC),
    # last: a run another decoder read is not tried again
    ("rotation", _spans(decoders.ROTATION), partial(decoders.decode_rotation, readable=_readable),
     Rule.ENCODED_ROTATION),
)  # fmt: skip
_ZHUYIN_LETTER = re.compile("[\u3105-\u312f]")
_HANGUL_LETTER = re.compile("[\u3131-\u3163\uac00-\ud7a3]")
#: a run that fails its decoder's candidate test is skipped without counting as a try
_CANDIDATE: dict[str, Callable[[str], bool]] = {
    **decoders.CANDIDATE,
    "romanized": romanized.romanized_marker,
    "game": scripts.game_marker,
    "hanja": phonetic.hanja_candidate,
    "homophones": phonetic.han_candidate,
    "kana": phonetic.kana_candidate,
    "manyogana": transcribed.manyogana_candidate,
}
#: decoders that only run when their marker is in the text (a cheap pre-check)
_MARKER: dict[str, Callable[[str], bool]] = {
    "url": lambda t: "%" in t,
    "escapes": lambda t: "\\" in t,
    "qp": lambda t: "=" in t,
    "morse": lambda t: "-" in t,
    "spelled": spelled.spelled_marker,
    "acrostic": lambda t: t.count("\n") >= 5,
    "initials": spelled.acrostic_cue,
    "jamo": scripts.jamo_marker,
    "koreversed": scripts.korean_reversed_marker,
    "numbered": spelled.numbered_marker,
    "pig": spelled.pig_marker,
    "punycode": lambda t: "xn--" in t or "XN--" in t,
    "zhuyin": lambda t: _ZHUYIN_LETTER.search(t) is not None,
    "romanized": romanized.romanized_marker,
    "game": scripts.game_marker,
    "verlan": scripts.verlan_marker,
    "katakana": scripts.katakana_marker,
    "keys": lambda t: _HANGUL_LETTER.search(t) is not None,
    "qwerty": keyboards.qwerty_marker,
    "homophones": phonetic.han_marker,
    "hanja": phonetic.hanja_marker,
    "kana": phonetic.kana_marker,
    "letters": alphabets.alphabet_marker,
    "english": alphabets.foreign_marker,
    "oldhangul": transcribed.old_hangul_marker,
    "kocyrillic": transcribed.cyrillic_marker,
    "kokana": transcribed.katakana_marker,
    "manyogana": phonetic.han_marker,
    **decoders.MARKERS,
}


def _build(
    text: str, starts: tuple[int, ...], ends: tuple[int, ...], depth: int, prefix: str
) -> tuple[list[View], set[Rule]]:
    clean, hidden, found = _clean(text, starts, ends, prefix + "clean")
    joined, rejoined = _joined(clean)
    if rejoined:
        found.add(Rule.BROKEN_WORDS)
    # leetspeak is read, not reported: digits inside words are common (S3, B2B, i18n); a
    # finding in the leet view is reported by the scanner that made it
    leet, _ = _leet(joined)
    leet_clean, _ = _leet(clean)
    digits, _ = _digits(joined)
    views = [
        View(prefix + "raw", text, starts, ends),
        clean,
        View(prefix + "joined", joined.text, joined.starts, joined.ends),
    ]
    views.append(View(prefix + "leet", leet.text, leet.starts, leet.ends))
    # hyphens kept ("one-time" read as "one-time", not "onetime")
    views.append(View(prefix + "leet", leet_clean.text, leet_clean.starts, leet_clean.ends))
    views.append(View(prefix + "digits", digits.text, digits.starts, digits.ends))
    regrouped = _regrouped(clean)
    if regrouped is not None:
        views.append(regrouped)
    if len(text) <= _MAX_REVERSED:
        rev = _reversed(clean)
        views.append(View(prefix + "reversed", rev.text, rev.starts, rev.ends))
    if depth >= _MAX_DEPTH:
        return views, found
    nested: list[tuple[str, str, int, int]] = []
    span = (min(starts), max(ends)) if starts else (0, 0)
    if hidden:
        nested.append(("tags", hidden, span[0], span[1]))
    spaced = channels.whitespace_message(text, _readable) or channels.invisible_message(
        text, _readable
    )
    if spaced is not None:
        found.add(Rule.WHITESPACE_CHANNEL)
        nested.append(("whitespace", spaced, span[0], span[1]))
    columns = channels.column_reading(text) if "\n" in text else None
    if columns is not None:
        nested.append(("columns", columns, span[0], span[1]))
    runs = _decoded_runs(clean.text, found)
    for start, end, name, decoded in runs:
        s, e = clean.original_span(start, end)
        nested.append((name, decoded, s, e))
    if runs:
        views.append(_inline(clean, runs, prefix + "inline"))
    for name, decoded, s, e in nested:
        inner, inner_found = _build(
            decoded, (s,) * len(decoded), (e,) * len(decoded), depth + 1, f"{prefix}{name}/"
        )
        views += inner
        found |= inner_found
    return views, found


def _decoded_runs(text: str, found: set[Rule]) -> list[tuple[int, int, str, str]]:
    """``(start, end, decoder, decoded)`` of every encoded run of ``text`` that decodes to
    readable text, in order; a run inside one already decoded (a line of a wrapped run) is
    not read again. At most :data:`_MAX_DECODED_RUNS` tries per decoder, so the cost stays
    linear in the text."""
    runs: list[tuple[int, int, str, str]] = []
    for name, find, decode, rule in _DECODERS:
        if name in _MARKER and not _MARKER[name](text):
            continue
        tries = 0
        candidate = _CANDIDATE.get(name)
        for start, end in find(text):
            if any(a <= start < b for a, b, _, _ in runs):
                continue
            if candidate is not None and not candidate(text[start:end]):
                continue
            tries += 1
            if tries > _MAX_DECODED_RUNS:
                break
            decoded = decode(text[start:end])
            if decoded is None:
                continue
            found.add(rule)
            runs.append((start, end, name, decoded))
    return sorted(runs)


def _inline(clean: View, runs: list[tuple[int, int, str, str]], name: str) -> View:
    """``clean`` with each decoded run in place of the encoded one (mapped to the run)."""
    out = _Builder()
    pos = 0
    for start, end, _, decoded in runs:
        if start < pos:
            continue
        for k in range(pos, start):
            out.add(clean.text[k], clean.starts[k], clean.ends[k])
        s, e = clean.original_span(start, end)
        out.add(decoded, s, e)
        pos = end
    for k in range(pos, len(clean.text)):
        out.add(clean.text[k], clean.starts[k], clean.ends[k])
    return out.view(name)


#: four or more short groups separated by single spaces (a token written in pieces)
_GROUPS = re.compile(r"(?<!\S)(?:[A-Za-z0-9_+/=\-]{2,8} ){3,}[A-Za-z0-9_+/=\-]{2,8}(?!\S)")


def _regrouped(clean: View) -> View | None:
    """``clean`` with a token split into space-separated groups joined again: four or more
    groups in a row that each hold a digit (or end in ``_``/``-``, a vendor prefix such as
    ``ghp_``), with letters among them. Words and numbers in prose do not look like that."""
    drop: set[int] = set()
    for m in _GROUPS.finditer(clean.text):
        pos = m.start()
        row: list[tuple[int, int]] = []  # (start, end) of consecutive token-like groups
        for group in [*m.group(0).split(" "), ""]:
            tokenish = bool(group) and (any(c.isdigit() for c in group) or group[-1] in "_-")
            if tokenish:
                row.append((pos, pos + len(group)))
            else:
                letters = any(clean.text[k].isalpha() for a, b in row for k in range(a, b))
                if len(row) >= 4 and letters and sum(b - a for a, b in row) >= 16:
                    drop.update(b for _, b in row[:-1])
                row = []
            pos += len(group) + 1
    if not drop:
        return None
    keep = [k for k in range(len(clean.text)) if k not in drop]
    return View(
        clean.name.rsplit("/", 1)[0] + "/regrouped" if "/" in clean.name else "regrouped",
        "".join(clean.text[k] for k in keep),
        tuple(clean.starts[k] for k in keep),
        tuple(clean.ends[k] for k in keep),
    )


@lru_cache(maxsize=4096)
def normalize(text: str) -> Normalized:
    """All views of ``text`` and what was undone to get them. Pure; cached by text."""
    n = len(text)
    views, found = _build(text, tuple(range(n)), tuple(range(1, n + 1)), 0, "")
    return Normalized(text, tuple(views), tuple(sorted(found)))


def plain_letters(pattern: str) -> str:
    """``pattern`` with diacritics dropped from its letters, for the folded views
    (``contraseña`` also as ``contrasena``, ``Rückfrage`` as ``Ruckfrage``)."""
    return "".join(
        unicodedata.normalize("NFD", c)[0] if 0x80 <= ord(c) <= 0x24F and c.isalpha() else c
        for c in pattern
    )


def with_plain_letters(pattern: str) -> str:
    """An alternation matching ``pattern`` as written and without diacritics."""
    plain = plain_letters(pattern)
    return pattern if plain == pattern else f"(?:{pattern})|(?:{plain})"


def reversed_hit(view: View) -> bool:
    """Whether a view is a reversed reading (findings there mean REVERSED_TEXT)."""
    return view.name.endswith("reversed")
