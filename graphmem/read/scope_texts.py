"""What a scope's texts are to each other and to any query's words, found once per scope.

A scope that phase 1 hands back whole (it fits ``scope_pool``) is the same set of texts for
every query about it; only the order phase 1 ranks them in changes. Two parts of
:meth:`graphmem.read.candidates.Pool.select` search those texts without the query deciding
what is found:

* which texts hold which others whole (:func:`graphmem.read.expansion.parts_of` over every
  text as a container: containment is decided pair by pair), and
* where each word starting with a query token's stem sits, and what token it folds to
  (:func:`graphmem.read.lexical.query_term_frequencies`'s search, one stem at a time).

:class:`ScopeTexts` keeps both for one scope in a fixed order (its ids sorted) and
:class:`ScopeView` answers in the order of one call, exactly what the searches over that order
answer (``tests/unit/test_scope_texts.py`` compares them). The feature cache keeps these
beside the features and empties them with the features (an erasure's forget epoch): they say
something of the texts.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from graphmem.read.expansion import parts_of
from graphmem.read.lexical import _stems, stem_occurrences

#: stems whose occurrences one scope keeps (a query asks a few; the rest are searched again)
MAX_STEMS = 512


class ScopeTexts:
    """One scope's texts in a fixed order (``ids`` sorted), searched lazily and kept."""

    def __init__(self, ids: Sequence[str], texts: Sequence[str]) -> None:
        self.ids = list(ids)
        self.texts = list(texts)
        joined = "\n".join(self.texts)
        lowered = joined.lower()
        if len(lowered) == len(joined):
            lows: Sequence[str] = self.texts
        else:  # some character lower-cases to two (İ): offsets from the lowered texts
            lows = [t.lower() for t in self.texts]
            lowered = "\n".join(lows)
        self.lowered = lowered
        self.starts = list(accumulate((len(t) + 1 for t in lows[:-1]), initial=0))
        self.words = lowered.count(" ") + len(self.texts)
        self._lock = threading.Lock()
        self._parts: dict[int, list[int]] | None = None
        self._stems: dict[str, list[tuple[int, int, str | None]]] = {}

    def parts(self) -> dict[int, list[int]]:
        with self._lock:
            if self._parts is None:
                self._parts = parts_of(self.texts, range(len(self.texts)))
            return self._parts

    def occurrences(self, stem: str) -> list[tuple[int, int, str | None]]:
        """Each word start where ``stem`` is found: (offset, text, the token there), as
        :func:`graphmem.read.lexical.query_term_frequencies` finds them."""
        with self._lock:
            found = self._stems.get(stem)
        if found is not None:
            return found
        found = stem_occurrences(self.lowered, self.starts, stem)
        with self._lock:
            if len(self._stems) < MAX_STEMS:
                self._stems[stem] = found
        return found


@dataclass(frozen=True)
class ScopeView:
    """A :class:`ScopeTexts` in the order of one call's texts (``position[i]``: where the
    scope's ``i``-th text is in it)."""

    scope: ScopeTexts
    position: list[int]

    def parts(self) -> dict[int, list[int]]:
        """:func:`graphmem.read.expansion.parts_of` over every text, in this call's order."""
        at = self.position
        return {at[p]: [at[c] for c in holders] for p, holders in self.scope.parts().items()}

    def term_frequencies(
        self, qset: set[str], texts: Sequence[str]
    ) -> tuple[dict[int, dict[str, int]], dict[int, int], int]:
        """:func:`graphmem.read.lexical.query_term_frequencies` of ``texts`` (this call's,
        the scope's texts in its order)."""
        at = self.position
        tfs: dict[int, dict[str, int]] = {}
        seen: set[int] = set()  # a word found under two stems counts once
        for stem in _stems(frozenset(qset)):
            for offset, i, token in self.scope.occurrences(stem):
                if offset in seen:
                    continue
                seen.add(offset)
                if token in qset:
                    tf = tfs.setdefault(at[i], {})
                    tf[token] = tf.get(token, 0) + 1
        lengths = {i: texts[i].count(" ") + 1 for i in tfs}
        return tfs, lengths, self.scope.words


def view(scope: ScopeTexts, ids: Sequence[str]) -> ScopeView:
    where = {memory_id: i for i, memory_id in enumerate(ids)}
    return ScopeView(scope, [where[memory_id] for memory_id in scope.ids])
