"""Deterministic feature-hashing embedder, for unit tests only.

No model, no semantics beyond shared words and character n-grams: texts that share spelling
land near each other. Its ``embedding_version`` says ``unittest-only`` so a vector it made
can never be mistaken for a real one.
"""

from __future__ import annotations

import hashlib
import re

import numpy as np

from graphmem.embeddings.base import Embedder, FloatArray, _check_text
from graphmem.errors import ConfigError

HASHING_ALGORITHM_VERSION = 1
_WORD = re.compile(r"\w+", re.UNICODE)
_TOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)
_WORD_WEIGHT = 1.0
_NGRAM_WEIGHT = 0.5
_NGRAM_SIZES = (2, 3)
_EMPTY_FEATURE = "\x00empty"


class HashingEmbedder(Embedder):
    def __init__(self, dimension: int = 256, batch_size: int = 32) -> None:
        if dimension < 8:
            raise ConfigError("hashing embedder dimension must be >= 8", field="dimension")
        self._dimension = dimension
        self.batch_size = batch_size

    @property
    def name(self) -> str:
        return "hashing"

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def embedding_version(self) -> str:
        return f"hashing-unittest-only-{self._dimension}@v{HASHING_ALGORITHM_VERSION}"

    def count_tokens(self, text: str) -> int:
        _check_text(text, "text")
        return len(_TOKEN.findall(text))

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            self._embed_into(text, out[row])
        return out

    def _embed_into(self, text: str, vec: FloatArray) -> None:
        words = _WORD.findall(text.lower())
        features: list[tuple[str, float]] = [("w:" + w, _WORD_WEIGHT) for w in words]
        for w in words:
            padded = f"<{w}>"
            for n in _NGRAM_SIZES:
                features.extend(
                    (f"c{n}:{padded[i : i + n]}", _NGRAM_WEIGHT) for i in range(len(padded) - n + 1)
                )
        if not features:
            features.append((_EMPTY_FEATURE + text, _WORD_WEIGHT))
        dim = self._dimension
        for feature, weight in features:
            # blake2b, not hash(): str hashing is salted per process.
            h = int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest())
            vec[(h >> 1) % dim] += weight if h & 1 else -weight
        if not np.any(vec):
            # Features cancelled out exactly; keep the vector unit-length and deterministic.
            vec[0] = 1.0
