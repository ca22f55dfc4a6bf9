"""Lexical relevance: the words of a query and Okapi BM25 over candidate texts.

Phase 1 hands back up to a thousand texts per retrieval, most never seen before, so nothing is
tokenised per text: ``str.find`` locates the words that start with a query token's stem and only
those are folded and compared. Tokens are lower-cased words without stop words, with a light
English suffix fold on ASCII words and a Korean one on Hangul words; other scripts are kept as
they are (a Korean syllable carries about as much as three Latin letters).

**Korean.** Korean writes particles and verb endings onto the word (``고객에게``,
``로그인이``, ``보관한다``), so a whitespace word rarely equals the query's.
:func:`fold_korean` strips trailing particles (``에게``, ``은``, ``으로`` …; up to
two), then one ``하다``/``되다`` ending (``보관한다`` → ``보관``), each only while at
least two syllables remain (``회의`` and ``고객`` stay as they are). It is a rule, not a
dictionary: a noun that ends in a particle's syllable loses it (``고양이`` → ``고양``),
the same way in the query and in every text, so matching stays consistent. Every fold only
removes a suffix, so a folded token is a prefix of each word it comes from — what the
``str.find`` search relies on.

**Coverage.** :func:`lexical_coverage` divides a text's BM25 by the query's own ideal — the
score of a text of average length holding every query token once, ``Σ idf`` — so it reads as
the share of the query's information the text holds: one shared word of five is ~0.2, not the
1.0 that dividing by the pool's best made of it.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import accumulate

_WORD = re.compile(r"[\w가-힣]+", re.UNICODE)
_SEP = "\x00"  # never inside a stored text: joins texts for one scan
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
    """The query's words for candidate search and exact matches: lower-cased, without stop
    words, Korean ones folded (:func:`fold_korean`; a stored text holds the folded stem, so
    a ``CONTAINS`` search for it finds ``고객에게`` from ``고객은``)."""
    words = [fold_korean(w.lower()) for w in _WORD.findall(text)]
    # a Korean syllable carries about as much as three Latin letters
    return list(
        dict.fromkeys(
            w
            for w in words
            if (len(w) >= 3 or (len(w) >= 2 and not w.isascii())) and w not in _STOP
        )
    )


#: particles (josa) and copula forms written onto a Korean word, longest first
_KO_PARTICLES: tuple[str, ...] = tuple(
    sorted(
        [
            "에서부터",
            "으로부터",
            "에게서",
            "한테서",
            "이라고",
            "이라는",
            "에서는",
            "에서도",
            "으로는",
            "으로도",
            "에게는",
            "까지는",
            "부터는",
            "이랑",
            "에서",
            "에게",
            "한테",
            "께서",
            "으로",
            "까지",
            "부터",
            "처럼",
            "보다",
            "마다",
            "이나",
            "이며",
            "이고",
            "라고",
            "라는",
            "이다",
            "였다",
            "와",
            "과",
            "은",
            "는",
            "이",
            "가",
            "을",
            "를",
            "에",
            "의",
            "도",
            "만",
            "로",
            "랑",
            "야",
        ],
        key=len,
        reverse=True,
    )
)
#: endings of ``하다``/``되다`` verbs (``보관한다``, ``저장해야``, ``해결했다``), longest first
_KO_ENDINGS: tuple[str, ...] = tuple(
    sorted(
        [
            "했습니다",
            "합니다",
            "됩니다",
            "했어요",
            "해요",
            "했다",
            "했어",
            "한다",
            "하는",
            "하고",
            "해서",
            "해야",
            "하며",
            "하면",
            "하다",
            "할",
            "된다",
            "되는",
            "됐다",
            "되어",
            "돼",
            "해",
            "함",
            "됨",
        ],
        key=len,
        reverse=True,
    )
)


def _is_hangul(c: str) -> bool:
    return "가" <= c <= "힣"


@lru_cache(maxsize=100_000)
def fold_korean(word: str) -> str:
    """A Hangul word without up to two trailing particles and one ``하다``/``되다`` ending, each
    stripped only while two characters remain (a loanword keeps its particle off:
    ``Notion에`` → ``notion`` once lower-cased); any other word as it is."""
    # particles twice: a noun ending in a particle's syllable folds the same with its own
    # particle as without (``고양이가`` → ``고양이`` → ``고양``, as ``고양이`` → ``고양``)
    for suffixes in (_KO_PARTICLES, _KO_PARTICLES, _KO_ENDINGS):
        if not word or not _is_hangul(word[-1]):
            break  # a loanword keeps its own spelling once its particle is gone (``API를``)
        for suffix in suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= 2:
                word = word[: -len(suffix)]
                break
    return word


def lexical_tokens(text: str) -> list[str]:
    """Tokens for the lexical score, repeats kept: lower-cased words without stop words, with
    a light English suffix fold (``painted``/``painting``/``paints`` → ``paint``) on ASCII
    words and the Korean fold (:func:`fold_korean`) on Hangul ones."""
    return [t for w in _WORD.findall(text.lower()) if (t := _word_token(w)) is not None]


@lru_cache(maxsize=100_000)
def _word_token(w: str) -> str | None:
    """One lower-case word's token, or None for a stop word or a too-short one (a vocabulary
    is small: cached)."""
    if not w.isascii():
        w = fold_korean(w)  # ``logs를`` → ``logs``, then folded as the English word it is
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
    for i, score in _bm25(qset, tfs, lengths, len(texts), words, k1, b)[0].items():
        out[i] = score
    return out


def lexical_coverage(
    query: Sequence[str],
    texts: Sequence[str],
    *,
    k1: float = 1.2,
    b: float = 0.75,
    max_df: float = 1.0,
    frequencies: Frequencies | None = None,
) -> list[float]:
    """Each text's BM25 over the query's ideal, ``Σ idf`` of the query tokens (a text of
    average length holding each once scores exactly that), at most 1.0: the share of the
    query's information the text holds. A query token no text holds keeps its (highest) idf
    in the ideal — the query asked for it and nothing has it — so a Korean query whose one
    English word (``console``) a memory shares gets a small share, not a full match.

    ``max_df``: a query token held by more than this share of the texts (and by at least two)
    is a stop word of this pool (scikit-learn's ``max_df``): in one user's memories the user's
    own name is in most of them and tells none apart, yet a pool of thirty gives it a third of
    a short query's ideal.

    ``frequencies``: :func:`query_term_frequencies` of ``texts`` from what is kept of them
    (read/scope_texts), the same answer."""
    qset = set(query)
    if not texts or not qset:
        return [0.0] * len(texts)
    tfs, lengths, words = (frequencies or query_term_frequencies)(qset, texts)
    if max_df < 1.0:
        df = Counter(t for tf in tfs.values() for t in tf)
        common = {t for t, c in df.items() if c >= 2 and c > max_df * len(texts)}
        if common:
            qset -= common
            tfs = {
                i: kept
                for i, tf in tfs.items()
                if (kept := {t: f for t, f in tf.items() if t in qset})
            }
            if not qset:
                return [0.0] * len(texts)
    scores, idf = _bm25(qset, tfs, lengths, len(texts), words, k1, b)
    ideal = sum(idf.values()) or 1.0
    out = [0.0] * len(texts)
    for i, score in scores.items():
        out[i] = min(score / ideal, 1.0)
    return out


#: :func:`query_term_frequencies`'s signature
Frequencies = Callable[
    [set[str], Sequence[str]], tuple[dict[int, dict[str, int]], dict[int, int], int]
]

_SCRIPTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"[가-힣]"), "가-힣"),
    (re.compile(r"[a-zA-Z]"), "a-zA-Z"),
)


def cross_script_share(query: Sequence[str], texts: Sequence[str]) -> float:
    """The share of ``texts`` holding no letter of a script the query's tokens are written in
    (Hangul, Latin): texts no query word can match, whatever they mean. 0.0 when the query's
    tokens are in neither script (digits, other scripts) or there are no texts. One regex scan
    over all texts (phase 1 hands back up to a thousand; a search per text cost ~3.5 ms)."""
    letters = "".join(cls for pattern, cls in _SCRIPTS if any(pattern.search(t) for t in query))
    if not letters or not texts:
        return 0.0
    joined = _SEP + _SEP.join(texts) + _SEP
    # a whole text between two separators without one of those letters
    unreachable = len(re.findall(f"{_SEP}[^{letters}{_SEP}]*(?={_SEP})", joined))
    return unreachable / len(texts)


def gated_coverage(coverage: float, floor: float) -> float:
    """Coverage up to ``floor`` counts nothing; the rest is rescaled to 0..1 (a full match is
    still 1.0)."""
    if floor <= 0.0:
        return coverage
    return max(0.0, coverage - floor) / (1.0 - floor)


def stem_occurrences(
    lowered: str, starts: Sequence[int], stem: str
) -> list[tuple[int, int, str | None]]:
    """Each word start of ``lowered`` (texts joined by newlines, ``starts`` their offsets) where
    ``stem`` is found: (offset, the text's index, the token there as :func:`lexical_tokens`
    reads it; None where the word yields none)."""
    found: list[tuple[int, int, str | None]] = []
    end_of_text = len(lowered)
    at = lowered.find(stem)
    while at != -1:
        if at == 0 or not _is_word_char(lowered[at - 1]):
            end = at + len(stem)
            if end == end_of_text or not _is_word_char(lowered[end]):
                token = _word_token(stem)
            else:
                word = _WORD.match(lowered, at)
                token = _word_token(word.group(0)) if word else None
            found.append((at, bisect_right(starts, at) - 1, token))
        at = lowered.find(stem, at + 1)
    return found


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
    for stem in _stems(frozenset(qset)):
        for at, text, token in stem_occurrences(lowered, starts, stem):
            if at not in seen:
                seen.add(at)
                if token in qset:
                    tf = tfs.setdefault(text, {})
                    tf[token] = tf.get(token, 0) + 1
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
) -> tuple[dict[int, float], dict[str, float]]:
    """Okapi BM25 of the texts holding a query token (the others score 0), over ``n`` texts
    of ``words`` words in all; and each query token's idf."""
    if not n or not qset:
        return {}, {}
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
    return out, idf


def case_forms(term: str) -> list[str]:
    """A lower-case query word as stored text may spell it (FalkorDB compares case-sensitively
    and ``toLower()`` on every text is slow): word, Word, WORD."""
    return [term, term.capitalize(), term.upper()]
