"""Retrieval baselines measured in the same run as graphmem, over the same item texts.

* :class:`OkapiBM25` — a plain Okapi BM25 written here (k1 = 1.5, b = 0.75, the
  non-negative idf ``ln(1 + (N - df + 0.5) / (df + 0.5))``), lower-cased ``\\w+`` tokens,
  scikit-learn's English stop words removed, no stemming. Independent of graphmem's ranker
  and of bm25s.
* :class:`Bm25s` — the ``bm25s`` package (its default Lucene variant, ``stopwords="en"``, no
  stemmer), as ``bench/locomo.py`` has always used it.
* :class:`Cosine` — exact cosine over the same embedder's vectors (numpy).

Each ranks a fixed list of item texts for a query and returns item indices, best first; ties
keep the items' order (stable), so a run is deterministic.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from graphmem.embeddings.base import Embedder

_WORD = re.compile(r"\w+", re.UNICODE)


def english_stop_words() -> frozenset[str]:
    """scikit-learn's English stop-word list (318 words). ``bm25s``'s own ``"en"`` list is
    Lucene's 33 words; the independent BM25 uses the fuller list, as plain IR baselines do."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS)


class Ranker(Protocol):
    name: str

    def rank(self, query: str, n: int) -> list[int]: ...


class OkapiBM25:
    name = "okapi_bm25"

    def __init__(
        self,
        texts: Sequence[str],
        stop_words: frozenset[str],
        *,
        k1: float = 1.5,
        b: float = 0.75,
    ) -> None:
        self.stop_words = stop_words
        self.k1, self.b = k1, b
        self.docs = [Counter(self.tokens(t)) for t in texts]
        self.lengths = np.array([sum(d.values()) for d in self.docs], dtype=np.float64)
        self.avg_len = float(self.lengths.mean()) if len(self.docs) else 0.0
        df: Counter[str] = Counter()
        for d in self.docs:
            df.update(d.keys())
        n = len(self.docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}

    def tokens(self, text: str) -> list[str]:
        return [w for w in _WORD.findall(text.lower()) if w not in self.stop_words]

    def scores(self, query: str) -> np.ndarray:
        out = np.zeros(len(self.docs), dtype=np.float64)
        norm = self.k1 * (1 - self.b + self.b * self.lengths / (self.avg_len or 1.0))
        for w in set(self.tokens(query)):
            idf = self.idf.get(w)
            if idf is None:
                continue
            tf = np.array([d.get(w, 0) for d in self.docs], dtype=np.float64)
            out += idf * tf * (self.k1 + 1) / (tf + norm)
        return out

    def rank(self, query: str, n: int) -> list[int]:
        s = self.scores(query)
        return [int(i) for i in np.argsort(-s, kind="stable")[:n]]


class Bm25s:
    name = "bm25s"

    def __init__(self, texts: Sequence[str]) -> None:
        import bm25s

        self._bm25s = bm25s
        self.n_docs = len(texts)
        self.retriever = bm25s.BM25()
        self.retriever.index(
            bm25s.tokenize(list(texts), stopwords="en", show_progress=False), show_progress=False
        )

    def rank(self, query: str, n: int) -> list[int]:
        tok = self._bm25s.tokenize([query], stopwords="en", show_progress=False)
        if not tok.vocab:  # every query word a stop word: bm25s cannot score it
            return list(range(min(n, self.n_docs)))
        docs, _ = self.retriever.retrieve(tok, k=min(n, self.n_docs), show_progress=False)
        return [int(i) for i in docs[0]]


class Cosine:
    name = "cosine"

    def __init__(self, texts: Sequence[str], embedder: Embedder) -> None:
        self.embedder = embedder
        self.vectors = embedder.encode(list(texts))

    def rank(self, query: str, n: int) -> list[int]:
        q = self.embedder.encode([query])[0]
        sims = self.vectors @ q
        return [int(i) for i in np.argsort(-sims, kind="stable")[:n]]
