"""Containment between candidate texts: expansion to the parts of a relevant memory, and
redundancy of a part whose whole is already ranked above it.

A derived memory (a window of consecutive conversation turns, a summary quoting its sources)
holds the texts of the memories it was derived from. Two rules follow, both about evidence per
context token:

* **Expansion.** A memory held whole by one of the most relevant candidates inherits that
  container's relevance (``expansion = μ · relevance(container)``, the best container's). In a
  conversation the evidence is often the turn *beside* the one that shares the query's words
  (the question is asked in one turn and answered in the next); the window holding both is
  relevant, and its parts are the same evidence at a third of the tokens. A part keeps its own
  relevance too, so the part that matches the query ranks above the parts that merely sit
  beside it. (LongMemEval's session-aware expansion, on what graphmem stores.)
* **Redundancy.** A result whose text a better-ranked result holds whole adds no evidence to a
  context, only tokens (:func:`graphmem.read.ranking.score_rows` marks it ``redundant``, with a
  plain substring test over the few results it walks).

Texts shorter than :data:`MIN_PART_CHARS` are never parts (a short text is held by chance), nor
texts that do not start with a word character. Containment is found without per-character
Python work (phase 1 hands back up to a thousand texts): the containers' word-start prefixes
are indexed where they occur, and a text is compared (``startswith``) only where its own prefix
occurs.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

#: a text shorter than this is never counted as a part of another
MIN_PART_CHARS = 24
_SEP = "\x00"  # never inside a stored text's search range: a match cannot span two containers
_WORD_START = re.compile(r"(?<!\w)\w")


def parts_of(texts: Sequence[str], containers: Sequence[int]) -> dict[int, list[int]]:
    """For each text index that some longer text of ``containers`` holds whole: the indices of
    those containers, in the order given. Texts shorter than :data:`MIN_PART_CHARS`, texts no
    shorter than the longest container and texts not starting with a word character are
    skipped."""
    if not containers:
        return {}
    chosen = [texts[c] for c in containers]
    longest = max(len(t) for t in chosen)
    joined = _SEP.join(chosen)
    starts = list(accumulate((len(t) + 1 for t in chosen[:-1]), initial=0))
    # where each word-start prefix occurs: a part is looked for only where its own prefix is
    at_head: dict[str, list[int]] = {}
    for m in _WORD_START.finditer(joined):
        at_head.setdefault(joined[m.start() : m.start() + MIN_PART_CHARS], []).append(m.start())
    out: dict[int, list[int]] = {}
    for i, text in enumerate(texts):
        if not MIN_PART_CHARS <= len(text) < longest:
            continue
        for at in at_head.get(text[:MIN_PART_CHARS], ()):
            if joined.startswith(text, at):
                c = containers[bisect_right(starts, at) - 1]
                if c != i and len(texts[c]) > len(text) and c not in out.get(i, ()):
                    out.setdefault(i, []).append(c)
    return out


def expansion(
    texts: Sequence[str], relevance: Sequence[float], *, top: int, weight: float
) -> list[float]:
    """Each text's expansion: ``weight`` × the relevance of the most relevant of the ``top``
    candidates (by ``relevance``) that holds it whole; 0.0 for the rest."""
    out = [0.0] * len(texts)
    if weight == 0 or not texts:
        return out
    best = sorted(range(len(texts)), key=lambda i: relevance[i], reverse=True)[:top]
    for part, holders in parts_of(texts, best).items():
        out[part] = weight * max(relevance[c] for c in holders)
    return out


__all__ = ["MIN_PART_CHARS", "expansion", "parts_of"]
