"""Hidden channels in layout: text carried by whitespace (issue 11, round 9).

A text can carry a second message a reader never sees: spaces and tabs left at the ends of
lines (or between words) spell bits, eight to a character (the ``stegsnow`` trick), and a
model given the raw text can be told how to read them. :func:`whitespace_message` reads
that channel — the trailing whitespace of every line, in order, and separately the gaps
between words written as one or two spaces — as bits (space 0 and tab 1, and the other way
round; one space 0 and two spaces 1), at every bit offset, also with the one space that
parts a line's words from its bits left out, and returns the message when one reading is
text made of words.

Whether a channel is reported: a whitespace channel that decodes to *readable text* is
itself refused (``HIDDEN_TEXT`` / ``WHITESPACE_CHANNEL``, as hidden TAG characters are),
whatever the message says: nothing honest hides words in the pattern of its spaces, and a
message judged harmless today is an instruction channel tomorrow. Whitespace that decodes to
nothing readable (code indentation, aligned tables, a double space after a full stop) is not
a channel and is not reported. The work is linear: one pass to collect the bits, sixteen
readings of them at most.

Round 10: the same channel in zero-width characters (:func:`invisible_message`) — two
invisible code points (zero-width space, non-joiner, joiner, word joiner, BOM) standing for
0 and 1 after a visible greeting. It is reported as ``WHITESPACE_CHANNEL`` too: zero-width
*spaces* are whitespace no one sees, and the rule is the same. And text laid out in columns
(:func:`column_reading`): a block of four or more lines of the same short length, letters
only, read down its columns (right to left, as vertical CJK is written, and left to right) —
a reading, not a finding: the scanners read it like a decoded run.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["column_reading", "invisible_message", "whitespace_message"]

Readable = Callable[[bytes], str | None]

#: the whitespace a line ends with (before its newline or the end of the text)
_TRAILING = re.compile(r"[ \t]+(?=\r?\n|\Z)")
#: a gap between two words
_GAP = re.compile(r"(?<=\S)[ ]{1,2}(?=\S)")
#: fewer bits than this carry no message worth a reading (six characters)
_MIN_BITS = 48


def _message(bits: str, readable: Readable) -> str | None:
    for offset in range(8):
        usable = bits[offset:]
        usable = usable[: len(usable) - len(usable) % 8]
        if len(usable) < _MIN_BITS:
            return None
        data = bytes(int(usable[k : k + 8], 2) for k in range(0, len(usable), 8))
        text = readable(data.rstrip(b"\x00"))
        if text is not None and _wordlike(text):
            return text
    return None


def _wordlike(text: str) -> bool:
    """Mostly letters and spaces, as words are: bits read at the wrong offset or polarity
    give printable noise (``ZbFB6k~>6j&``), about half of it letters."""
    wordy = sum(1 for c in text if c.isalpha() or c in " .,:;!?'-@/")
    return " " in text and wordy >= 0.85 * len(text)


def whitespace_message(text: str, readable: Readable) -> str | None:
    """The message spelled by ``text``'s trailing whitespace or word gaps, if readable."""
    if "\t" in text:
        runs = [m.group(0) for m in _TRAILING.finditer(text)]
        # as written, and with the one space that parts a line's words from its bits dropped
        padded = [r[1:] if r[0] == " " else r for r in runs]
        for trailing in dict.fromkeys(("".join(runs), "".join(padded))):
            if trailing.count("\t") < 8:
                continue
            spaces_low = trailing.replace(" ", "0").replace("\t", "1")
            for bits in (spaces_low, spaces_low.translate(str.maketrans("01", "10"))):
                found = _message(bits, readable)
                if found is not None:
                    return found
    if "  " in text:
        gaps = "".join("1" if len(m.group(0)) == 2 else "0" for m in _GAP.finditer(text))
        if gaps.count("1") >= 8:
            return _message(gaps, readable)
    return None


#: zero-width characters a message can be spelled in, two of them at a time
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e")


def invisible_message(text: str, readable: Readable) -> str | None:
    """The message spelled in ``text``'s zero-width characters (two of them standing for 0
    and 1, in either order), if readable."""
    marks = [c for c in text if c in _ZERO_WIDTH]
    kinds = sorted(set(marks))
    if len(marks) < _MIN_BITS or len(kinds) != 2:
        return None
    low = kinds[0]
    bits = "".join("0" if c == low else "1" for c in marks)
    for reading in (bits, bits.translate(str.maketrans("01", "10"))):
        found = _message(reading, readable)
        if found is not None:
            return found
    return None


#: a block of lines this many or more, each this short, is a grid that may be read by columns
_MIN_GRID_LINES = 4
_MAX_GRID_WIDTH = 16
_PAD = "\u3000 "


def _grid_line(line: str) -> bool:
    core = line.strip(_PAD)
    return (
        2 <= len(line) <= _MAX_GRID_WIDTH
        and bool(core)
        and all(c.isalpha() or c in _PAD or c in "ー・" for c in line)
    )


def column_reading(text: str) -> str | None:
    """The longest block of equal-length letter lines read down its columns, right to left
    and then left to right (two readings, a line apart), or ``None`` when there is none."""
    lines = text.split("\n")
    best: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and _grid_line(lines[j]) and len(lines[j]) == len(lines[i]):
            j += 1
        if j - i > len(best):
            best = lines[i:j]
        i = max(j, i + 1)
    if len(best) < _MIN_GRID_LINES:
        return None
    width = len(best[0])
    columns = ["".join(line[k] for line in best).strip(_PAD) for k in range(width)]
    return "".join(reversed(columns)) + "\n" + "".join(columns)
