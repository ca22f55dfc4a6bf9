"""Lexical relevance: the words of a query and Okapi BM25 over candidate texts.

Phase 1 hands back up to a thousand texts per retrieval, most never seen before, so nothing is
tokenised per text: ``str.find`` locates the words that start with a query token's stem and only
those are folded and compared. Tokens are lower-cased words without stop words, with a light
English suffix fold on ASCII words; other scripts are kept as they are (a Korean syllable carries
about as much as three Latin letters).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import accumulate

_WORD = re.compile(r"[\w가-힣]+", re.UNICODE)
_STOP = frozenset(
    (
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "did",
        "do",
        "does",
        "what",
        "when",
        "where",
        "who",
        "whom",
        "which",
        "how",
        "why",
        "that",
        "this",
        "those",
        "these",
        "it",
        "its",
        "as",
        "by",
        "from",
        "about",
        "into",
        "than",
        "then",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "i",
        "you",
        "me",
        "my",
        "your",
        "we",
        "our",
        "us",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "has",
        "have",
        "had",
        "not",
        "no",
        "yes",
        "any",
        "some",
        "all",
    )
)


def terms(text: str) -> list[str]:
    words = [w.lower() for w in _WORD.findall(text)]
    # a Korean syllable carries about as much as three Latin letters
    return list(
        dict.fromkeys(
            w
            for w in words
            if (len(w) >= 3 or (len(w) >= 2 and not w.isascii())) and w not in _STOP
        )
    )


def lexical_tokens(text: str) -> list[str]:
    """Tokens for the lexical score, repeats kept: lower-cased words without stop words, with
    a light English suffix fold (``painted``/``painting``/``paints`` → ``paint``) on ASCII
    words; other scripts are kept as they are."""
    return [t for w in _WORD.findall(text.lower()) if (t := _word_token(w)) is not None]


@lru_cache(maxsize=100_000)
def _word_token(w: str) -> str | None:
    """One lower-case word's token, or None for a stop word or a too-short one (a vocabulary
    is small: cached)."""
    if w in _STOP or (len(w) < 2 if not w.isascii() else len(w) < 3 and not w.isdigit()):
        return None
    return _fold(w) if w.isascii() and w.isalpha() else w


def _fold(w: str) -> str:
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    for suffix in ("ing", "ed"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            w = w[: -len(suffix)]
            return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def bm25_text_scores(
    query: Sequence[str], texts: Sequence[str], *, k1: float = 1.2, b: float = 0.75
) -> list[float]:
    """BM25 of raw texts for the query tokens, without tokenising every text: ``str.find``
    locates the words that start with a query token's stem, and only those are folded and compared
    (phase 1 hands back up to a thousand texts per call, mostly never seen before). Document
    length is the text's word count, stop words included — only its ratio to the average
    matters, and both are counted the same way."""
    qset = set(query)
    if not texts or not qset:
        return [0.0] * len(texts)
    tfs, lengths, words = query_term_frequencies(qset, texts)
    out = [0.0] * len(texts)
    for i, score in _bm25(qset, tfs, lengths, len(texts), words, k1, b).items():
        out[i] = score
    return out


def query_term_frequencies(
    qset: set[str], texts: Sequence[str]
) -> tuple[dict[int, dict[str, int]], dict[int, int], int]:
    """For the texts holding a query token: how often each occurs (as :func:`lexical_tokens`
    counts it) and the text's word count, by index; and the word count of all texts. A scope
    of a thousand texts mostly holds none, so nothing is computed per text in Python."""
    joined = "\n".join(texts)
    lowered = joined.lower()  # one search over all texts: per-match, not per-text, Python work
    if len(lowered) == len(joined):
        lows: Sequence[str] = texts
    else:  # some character lower-cases to two (İ): offsets must come from the lowered texts
        lows = [t.lower() for t in texts]
        lowered = "\n".join(lows)
    starts = list(accumulate((len(t) + 1 for t in lows[:-1]), initial=0))
    tfs: dict[int, dict[str, int]] = {}
    seen: set[int] = set()  # a word found under two stems (one a prefix of the other) counts once
    end_of_text = len(lowered)
    for stem in _stems(frozenset(qset)):
        at = lowered.find(stem)
        while at != -1:
            if (at == 0 or not _is_word_char(lowered[at - 1])) and at not in seen:
                seen.add(at)
                end = at + len(stem)
                if end == end_of_text or not _is_word_char(lowered[end]):
                    token = _word_token(stem)
                else:
                    word = _WORD.match(lowered, at)
                    token = _word_token(word.group(0)) if word else None
                if token in qset:
                    tf = tfs.setdefault(bisect_right(starts, at) - 1, {})
                    tf[token] = tf.get(token, 0) + 1
            at = lowered.find(stem, at + 1)
    lengths = {i: texts[i].count(" ") + 1 for i in tfs}
    return tfs, lengths, lowered.count(" ") + len(texts)


@lru_cache(maxsize=4096)
def _stems(tokens: frozenset[str]) -> tuple[str, ...]:
    """Every word that folds to a token starts with the token, or with the token less its
    final ``y`` (``parties`` → ``party``): these prefixes are searched with ``str.find``."""
    return tuple(sorted({t[:-1] if len(t) > 1 and t.endswith("y") else t for t in tokens}))


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _bm25(
    qset: set[str],
    tfs: Mapping[int, Mapping[str, int]],
    lengths: Mapping[int, int],
    n: int,
    words: int,
    k1: float,
    b: float,
) -> dict[int, float]:
    """Okapi BM25 of the texts holding a query token (the others score 0), over ``n`` texts
    of ``words`` words in all."""
    if not n or not qset:
        return {}
    avgdl = words / n or 1.0
    df: dict[str, int] = dict.fromkeys(qset, 0)
    for tf in tfs.values():
        for t in tf:
            df[t] += 1
    idf = {t: math.log(1.0 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
    out = {}
    for i, tf in tfs.items():
        norm = k1 * (1.0 - b + b * lengths[i] / avgdl)
        out[i] = sum(idf[t] * f * (k1 + 1.0) / (f + norm) for t, f in tf.items())
    return out


def case_forms(term: str) -> list[str]:
    """A lower-case query word as stored text may spell it (FalkorDB compares case-sensitively
    and ``toLower()`` on every text is slow): word, Word, WORD."""
    return [term, term.capitalize(), term.upper()]
