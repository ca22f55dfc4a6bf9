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
texts that do not start with a word character, nor texts found anywhere but at a word start (a
part is whole words). Containment is found without per-character Python work (phase 1 hands
back up to a thousand texts): each text is one ``str.find`` over the containers joined, in C;
only its occurrences, which are rare, are looked at in Python. (Indexing every word start of
the containers first cost ~1.2 ms a retrieval at 10k memories: ~3,000 regex matches a call.)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate

#: a text shorter than this is never counted as a part of another
MIN_PART_CHARS = 24
_SEP = "\x00"  # never inside a stored text's search range: a match cannot span two containers


def _is_word(char: str) -> bool:
    """``re``'s ``\\w`` for one character of a str pattern: alphanumeric or the underscore."""
    return char.isalnum() or char == "_"


def parts_of(texts: Sequence[str], containers: Sequence[int]) -> dict[int, list[int]]:
    """For each text index that some longer text of ``containers`` holds whole, at a word
    start: the indices of those containers, in the order given. Texts shorter than
    :data:`MIN_PART_CHARS`, texts no shorter than the longest container and texts not starting
    with a word character are skipped."""
    if not containers:
        return {}
    chosen = [texts[c] for c in containers]
    longest = max(len(t) for t in chosen)
    joined = _SEP.join(chosen)
    starts = list(accumulate((len(t) + 1 for t in chosen[:-1]), initial=0))
    out: dict[int, list[int]] = {}
    for i, text in enumerate(texts):
        if not MIN_PART_CHARS <= len(text) < longest or not _is_word(text[0]):
            continue
        at = joined.find(text)
        while at >= 0:
            if at == 0 or not _is_word(joined[at - 1]):
                c = containers[bisect_right(starts, at) - 1]
                if c != i and len(texts[c]) > len(text) and c not in out.get(i, ()):
                    out.setdefault(i, []).append(c)
            at = joined.find(text, at + 1)
    return out


def expansion(
    texts: Sequence[str],
    relevance: Sequence[float],
    *,
    top: int,
    weight: float,
    parts: Mapping[int, Sequence[int]] | None = None,
) -> list[float]:
    """Each text's expansion: ``weight`` × the relevance of the most relevant of the ``top``
    candidates (by ``relevance``) that holds it whole; 0.0 for the rest.

    ``parts``: :func:`parts_of` over every text as a container, when known (a scope's texts do
    not change between queries, only which of them are the ``top``): containment is decided
    pair by pair (a match cannot span two containers), so the parts among the ``top`` are
    those holders restricted to them — the same answer without a search."""
    out = [0.0] * len(texts)
    if weight == 0 or not texts:
        return out
    best = sorted(range(len(texts)), key=lambda i: relevance[i], reverse=True)[:top]
    if parts is None:
        found: Mapping[int, Sequence[int]] = parts_of(texts, best)
    else:
        chosen = set(best)
        found = {
            part: inside
            for part, holders in parts.items()
            if (inside := [c for c in holders if c in chosen])
        }
    for part, holders in found.items():
        out[part] = weight * max(relevance[c] for c in holders)
    return out


__all__ = ["MIN_PART_CHARS", "expansion", "parts_of"]
