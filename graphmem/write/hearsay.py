"""Hearsay: a span cut out of a quotation is the quoted speaker's statement, not the user's
(grounding, issue 11 round 10).

"드라마에서 주인공이 '난 서울이 싫어'라고 하는 장면 너무 좋았어" cited as "난 서울이 싫어", "Mi
jefa siempre dice 'odio las reuniones largas'" cited as "odio las reuniones largas": the span
is in the user's message, word for word, and says something the user only reports — a line of
a drama, a boss's habit, a sign. The rule reads where the span stands in its message: inside a
pair of quotation marks (straight, curly, guillemets, corner brackets), with a reporting word
next to the quotation (a verb of saying before it — "says", "dice", "sagt", "dit", "说" — or a
quotative after it — 라고/이라고/하고, と/って, "said") and the reporter is not the user ("I told
him 'I hate long meetings'", "내가 '…'라고 했어", "je dis toujours « … »" are the user's own
words). A quotation nobody is said to have said ("my motto: 'less is more'") is not judged.

The search is bounded: the quotation is looked for on the span's own line, the reporting word
within 40 characters of it.
"""

from __future__ import annotations

import re

__all__ = ["quoted_by_other", "said_by_other_speaker"]

_OPEN = "\"'“‘«「『"
_CLOSE = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "「": "」", "『": "』"}
_SAY_BEFORE = re.compile(
    r"(?:\b(?:says?|said|goes|went|tells?|told\s+\w+|wrote|writes|asks?|asked|yells?|yelled|"
    r"shouts?|shouted|sings?|sang|dice|dijo|decía|dicen|dijeron|escribió|grita|gritó|sagt|sagte|"
    r"meint|meinte|schreibt|schrieb|ruft|rief|dit|disait|a\s+dit|écrit|crie|diz|disse|dizia)"
    r"|说|说过|讲|喊|写道|问道|问)\s*[:：,，]?\s*$",
    re.I,
)
_SAY_AFTER = re.compile(
    r"^\s*(?:(?:이?라고|하고|고)(?![가-힣]{0,1}\s*(?:생각|느껴|믿))|(?:と|って)(?:言|書|話|叫|聞|いう|いっ)"
    r"|,?\s*(?:said|says|goes|wrote|dijo|dice|sagte|sagt|dit|a\s+dit)\b|(?:他|她|他们)?(?:说|道))",
    re.I,
)
#: the user as the reporter: a first-person subject just before the verb of saying, or a
#: first-person form of it
_FIRST_BEFORE = re.compile(
    r"(?:\b(?:i|we)\b(?:\s+\w+){0,2}\s*$|\b(?:digo|dije|decimos|sage|sagte\s+ich|je\s+(?:dis|disais)|"
    r"j'ai\s+dit)\b[^\n]{0,6}$|(?:我|我们)[^\n，。]{0,4}$|(?:내가|제가|나는|저는|私は|僕は|俺は)[^\n]{0,20}$)",
    re.I,
)


def _latin_letter(ch: str) -> bool:
    """An apostrophe between Latin letters is in a word (don't), not a quotation mark; a
    Korean particle glued to a closing quote ('…'라고) is not a letter of the quote."""
    return ch.isascii() and ch.isalpha()


def _enclosing_quote(content: str, start: int, end: int) -> tuple[int, int] | None:
    """``(open, close)`` of the quotation marks around ``content[start:end]`` on its line."""
    line_start = content.rfind("\n", 0, start) + 1
    line_end = content.find("\n", end)
    line_end = len(content) if line_end < 0 else line_end
    for i in range(start - 1, max(line_start, start - 400) - 1, -1):
        ch = content[i]
        if ch in _OPEN and (ch != "'" or i == 0 or not _latin_letter(content[i - 1])):
            close = content.find(_CLOSE[ch], max(end, i + 1), min(line_end, end + 400))
            if close >= 0 and (
                ch != "'" or close + 1 >= len(content) or not _latin_letter(content[close + 1])
            ):
                return i, close
            return None
    return None


def quoted_by_other(span: str, content: str | None) -> bool:
    """Whether ``span`` stands in ``content`` inside a quotation someone other than the user is
    said to have said."""
    if not content or len(span.strip()) < 2:
        return False
    at = content.find(span)
    if at < 0:
        return False
    quote = _enclosing_quote(content, at, at + len(span))
    if quote is None:
        return False
    open_at, close_at = quote
    before = content[max(0, open_at - 40) : open_at]
    after = content[close_at + 1 : close_at + 41]
    if _SAY_BEFORE.search(before):
        return not _FIRST_BEFORE.search(before)
    if _SAY_AFTER.search(after):
        context = content[max(0, open_at - 40) : open_at]
        return not (_FIRST_BEFORE.search(context) or _first_after(after))
    return False


_FIRST_SUBJECT = re.compile(r"\b(?:i|we)\s+(?:said|say|told)\b|내가|제가|私が|我说", re.I)


def _first_after(after: str) -> bool:
    return bool(_FIRST_SUBJECT.search(after[:24]))


#: a transcript line: a speaker's label, a colon, what they said
_SPEAKER_LINE = re.compile(r"^[ \t]*(?P<label>[^\n:：]{1,24})[:：][ \t]*(?P<said>\S[^\n]*)$", re.M)
#: a label that marks the user ("화자2(나)", "Speaker B (me)", "B（私）", "我", "yo")
_SELF_LABEL = re.compile(
    r"[(（]\s*(?:나|본인|저|me|myself|i|私|僕|俺|我|本人|yo|ich)\s*[)）]"
    r"|^\s*(?:나|본인|me|myself|私|我|yo|ich)\s*$",
    re.I,
)


def said_by_other_speaker(span: str, content: str | None) -> bool:
    """Whether ``span`` stands in ``content`` on a transcript line of a speaker other than the
    user, in a transcript that labels the user's own lines ("화자2(나): …"): the span is what
    someone else said (round 16: "화자1: 저는 비건이라 …" cited for the user's diet)."""
    if not content or len(span.strip()) < 2 or "\n" not in content:
        return False
    lines = list(_SPEAKER_LINE.finditer(content))
    if len(lines) < 2 or not any(_SELF_LABEL.search(m["label"]) for m in lines):
        return False
    for m in lines:
        if span.strip() in m["said"]:
            return _SELF_LABEL.search(m["label"]) is None
    return False
