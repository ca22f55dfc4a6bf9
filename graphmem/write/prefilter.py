"""A literal prefilter for the gate's big alternations (issue 17, part 1).

The heaviest patterns of the authorization and consent scanners are case-insensitive
alternations of dozens of branches with no literal prefix: the regular-expression engine
tries every branch at every position of every text, though almost no text holds any of
their words. :func:`prefiltered` wraps such a pattern with a necessary condition — a set of
literal strings at least one of which every match contains — and runs the pattern only on a
text that holds one of them.

The condition is never written by hand: :func:`required_literals` derives it from the
pattern's own parse tree, so it cannot miss a branch. For a sequence, any one element that
every match must pass through gives a condition (a literal run, or a group whose every
branch has a condition — their union); for an alternation, every branch must give one; an
optional or unbounded-count element gives none. The fixed strings of adjacent elements
(``authori[sz]e``, ``admins?``) are multiplied out so the literals are as long, and so as
rare, as the pattern allows. A pattern from which no condition follows is left as it is.

The condition is tested with the pattern's own case semantics: on a text that is plain ASCII
by lower-casing both sides (for ASCII, ``re.I`` is exactly that, and a literal character
that ``re.I`` would equate with an ASCII one disables this path), otherwise with a compiled
alternation of the escaped literals under the pattern's own flags. So the prefilter changes
speed only: every ``search``/``finditer`` result is the pattern's own
(``tests/unit/test_prefilter.py`` checks that over conversation, the held-out sets and
generated strings).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, Final

__all__ = ["Prefiltered", "compiled", "prefiltered", "required_literals"]

import re._constants as _c  # the engine's own parser: the condition is read from its tree
import re._parser as _p

#: the most strings a fixed piece may multiply out to, and a condition may hold
_MAX_LANG: Final = 64
_MAX_SET: Final = 400
_ZERO_WIDTH: Final = frozenset({_c.AT, _c.ASSERT, _c.ASSERT_NOT})
_REPEATS: Final = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT})

Lang = frozenset[str]


def _product(a: Lang, b: Lang) -> Lang | None:
    if len(a) * len(b) > _MAX_LANG:
        return None
    return frozenset(x + y for x in a for y in b)


def _lang_in(items: list[tuple[Any, Any]]) -> Lang | None:
    """The characters of a class made only of literals and small ranges."""
    out: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            out.add(chr(av))
        elif op is _c.RANGE and av[1] - av[0] < 16:
            out.update(chr(c) for c in range(av[0], av[1] + 1))
        else:
            return None
    return frozenset(out) if len(out) <= _MAX_LANG else None


def _lang(item: tuple[Any, Any]) -> Lang | None:
    """The finite set of strings an element matches, when small; else None."""
    op, av = item
    if op is _c.LITERAL:
        return frozenset({chr(av)})
    if op in _ZERO_WIDTH:
        return frozenset({""})
    if op is _c.IN:
        return _lang_in(av)
    if op is _c.SUBPATTERN:
        return None if av[1] or av[2] else _lang_seq(av[-1])
    if op is _c.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            sub = _lang_seq(branch)
            if sub is None:
                return None
            out |= sub
        return frozenset(out) if len(out) <= _MAX_LANG else None
    if op in _REPEATS:
        lo, hi, body = av
        if hi > 3:
            return None
        one = _lang_seq(body)
        if one is None:
            return None
        out = set()
        acc: Lang | None = frozenset({""})
        for n in range(hi + 1):
            if n >= lo and acc is not None:
                out |= acc
            if n < hi:
                acc = _product(acc, one) if acc is not None else None
                if acc is None:
                    return None
        return frozenset(out) if len(out) <= _MAX_LANG else None
    return None


def _lang_seq(seq: Any) -> Lang | None:
    acc: Lang | None = frozenset({""})
    for item in seq:
        sub = _lang(item)
        if sub is None or acc is None:
            return None
        acc = _product(acc, sub)
    return acc


def _minimal(strings: set[str]) -> Lang:
    """Drop every string that contains another: a text holding it holds the other."""
    keep: list[str] = []
    for s in sorted(strings, key=len):
        if not any(k in s for k in keep):
            keep.append(s)
    return frozenset(keep)


def _weight(s: str) -> int:
    """How selective a literal is, roughly: its length, a letter beyond Latin (a Hangul
    syllable, a kanji) counting as three, since it says more than one Latin letter."""
    return sum(1 if ord(c) < 0x250 else 3 for c in s)


def _score(cond: Lang) -> tuple[int, int]:
    """The condition a sequence keeps: the one whose least selective literal is the most
    selective, then the one with fewer literals (any of them is necessary)."""
    return (min(_weight(s) for s in cond), -len(cond))


def _req(item: tuple[Any, Any]) -> Lang | None:
    """A set of strings one of which every match of the element contains, or None."""
    op, av = item
    if op is _c.SUBPATTERN:
        # a group that sets or clears a flag of its own (``(?-i:…)``) gives no condition
        return None if av[1] or av[2] else _req_seq(av[-1])
    if op is _c.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            sub = _req_seq(branch)
            if sub is None:
                return None
            out |= sub
        return _minimal(out) if len(out) <= _MAX_SET else None
    if op in _REPEATS and av[0] >= 1:
        return _req_seq(av[2])
    lang = _lang(item)
    if lang is not None and "" not in lang:
        return _minimal(set(lang))
    return None


def _req_seq(seq: Any) -> Lang | None:
    """For a sequence: the best of the conditions its elements give — a run of fixed
    elements multiplied out, or one element's own condition."""
    candidates: list[Lang] = []
    run: Lang = frozenset({""})

    def flush() -> None:
        if "" not in run:
            candidates.append(_minimal(set(run)))

    for item in seq:
        lang = _lang(item)
        nxt = _product(run, lang) if lang is not None else None
        if nxt is not None:
            run = nxt
            continue
        flush()
        sub = _req(item)
        if sub is not None:
            candidates.append(sub)
        run = lang if lang is not None else frozenset({""})
    flush()
    candidates = [c for c in candidates if c and "" not in c]
    return max(candidates, key=_score) if candidates else None


def required_literals(pattern: re.Pattern[str]) -> Lang | None:
    """Strings one of which every match of ``pattern`` contains (under its flags), or None
    when the pattern gives no such condition."""
    tree = _p.parse(pattern.pattern, pattern.flags)
    return _req_seq(tree)


def _ascii_safe(literals: Lang) -> bool:
    """Whether lower-casing decides ``re.I`` equality with ASCII text for these literals:
    every character either ASCII, or one ``re.I`` equates with no ASCII character."""
    for ch in {c for s in literals for c in s if not c.isascii()}:
        rx = re.compile(re.escape(ch), re.I)
        if any(rx.fullmatch(chr(a)) for a in range(128)):
            return False
    return True


@lru_cache(maxsize=512)
def _lowered(text: str) -> str | None:
    """The lower-cased text when it is ASCII, else None (one pass, shared by patterns)."""
    return text.lower() if text.isascii() else None


class Prefiltered:
    """A compiled pattern behind its literal condition; ``search``, ``finditer``,
    ``findall`` and ``sub`` answer exactly as the pattern's own."""

    __slots__ = ("_ascii", "_fast", "_ignore", "_literals", "_slow", "pattern_re")

    def __init__(self, pattern: re.Pattern[str], literals: Lang) -> None:
        self.pattern_re = pattern
        self._ignore = bool(pattern.flags & re.I)
        self._literals = tuple(sorted(s.lower() if self._ignore else s for s in literals))
        self._fast = not self._ignore or _ascii_safe(literals)
        #: on ASCII text (fast path) only the ASCII literals can be there
        self._ascii = tuple(s for s in self._literals if s.isascii())
        alternation = "|".join(re.escape(s) for s in sorted(literals, key=len, reverse=True))
        self._slow = re.compile(alternation, pattern.flags & (re.I | re.A | re.U))

    @property
    def literals(self) -> tuple[str, ...]:
        return self._literals

    @property
    def pattern(self) -> str:
        return self.pattern_re.pattern

    def may_match(self, text: str) -> bool:
        """False only when no match of the pattern can be in ``text``."""
        if not self._ignore:
            return any(s in text for s in self._literals)
        if self._fast:
            low = _lowered(text)
            if low is not None:
                return any(s in low for s in self._ascii)
        return self._slow.search(text) is not None

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern_re.search(text) if self.may_match(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern_re.finditer(text) if self.may_match(text) else iter(())

    def findall(self, text: str) -> list[Any]:
        return self.pattern_re.findall(text) if self.may_match(text) else []

    def sub(self, repl: str, text: str) -> str:
        return self.pattern_re.sub(repl, text) if self.may_match(text) else text


def prefiltered(pattern: re.Pattern[str]) -> Prefiltered | re.Pattern[str]:
    """``pattern`` behind its derived literal condition, or the pattern itself when it
    gives none."""
    literals = required_literals(pattern)
    if not literals:
        return pattern
    return Prefiltered(pattern, literals)


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``pattern`` compiled and behind its literal condition, typed as the pattern it stands
    for (a :class:`Prefiltered` answers ``search``/``finditer``/``findall``/``sub`` alike)."""
    return prefiltered(re.compile(pattern, flags))  # type: ignore[return-value]
