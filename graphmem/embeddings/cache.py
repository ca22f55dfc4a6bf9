"""An in-process LRU of vectors, keyed by sha256(embedding_version, text).

Keys are hashes, so the cache holds no text; but the vectors are derived from user text, so
erasure must purge them too: compute the keys with :func:`cache_key` (or call
:meth:`CachedEmbedder.evict_texts`) and pass them to :meth:`EmbeddingCache.evict`. A query's
text is stored nowhere (a retrieval log keeps its hash only), so the erasure could not find its
key again: a query is encoded with :func:`encode_query`, which tags its entry with the subjects
it was asked about, and erasing a subject evicts what is tagged with it
(:meth:`EmbeddingCache.evict_owned`).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

import numpy as np

from graphmem.embeddings.base import Embedder, FloatArray, _check_text, validate_texts
from graphmem.memo import TextMemo

#: who a cached query vector is about: (tenant id, subject id)
Owner: TypeAlias = tuple[str, str]


def cache_key(embedding_version: str, text: str) -> str:
    """Hex sha256 of ``<len(version)>:<version><text>`` (UTF-8).

    The length prefix keeps the pair unambiguous whatever characters either part holds.
    """
    version = embedding_version.encode("utf-8")
    h = hashlib.sha256(b"%d:" % len(version))
    h.update(version)
    h.update(text.encode("utf-8"))
    return h.hexdigest()


@dataclass(frozen=True)
class CacheStats:
    hits: int
    misses: int
    evictions: int
    size: int
    capacity: int

    @property
    def hit_rate(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0


class EmbeddingCache:
    """Bounded, thread-safe LRU from cache key to a read-only vector.

    ``capacity`` 0 disables caching (every lookup is a miss, nothing is stored).
    ``evictions`` counts entries dropped for room, not those removed by :meth:`evict`.
    """

    def __init__(self, capacity: int = 10_000) -> None:
        if capacity < 0:
            raise ValueError("capacity must be >= 0")
        self.capacity = capacity
        self._data: OrderedDict[str, FloatArray] = OrderedDict()
        #: key → the subjects a query with that text was asked about (see encode_query)
        self._owners: dict[str, set[Owner]] = {}
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0
        self._evictions = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._data)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._data

    def get(self, key: str) -> FloatArray | None:
        with self._lock:
            vec = self._data.get(key)
            if vec is None:
                self._misses += 1
                return None
            self._data.move_to_end(key)
            self._hits += 1
            return vec

    def get_many(self, keys: Sequence[str]) -> list[FloatArray | None]:
        """Look up several keys under one lock acquisition."""
        out: list[FloatArray | None] = []
        with self._lock:
            for key in keys:
                vec = self._data.get(key)
                if vec is None:
                    self._misses += 1
                else:
                    self._data.move_to_end(key)
                    self._hits += 1
                out.append(vec)
        return out

    def put(self, key: str, vec: FloatArray) -> None:
        self.put_many([(key, vec)])

    def put_many(self, items: Iterable[tuple[str, FloatArray]]) -> None:
        if self.capacity == 0:
            return
        frozen: list[tuple[str, FloatArray]] = []
        for key, vec in items:
            # A private read-only copy: a caller mutating its result must not poison the cache.
            copy = np.array(vec, dtype=np.float32, copy=True)
            copy.setflags(write=False)
            frozen.append((key, copy))
        with self._lock:
            for key, copy in frozen:
                self._data[key] = copy
                self._data.move_to_end(key)
            while len(self._data) > self.capacity:
                dropped, _ = self._data.popitem(last=False)
                self._owners.pop(dropped, None)
                self._evictions += 1

    def tag(self, key: str, owners: Iterable[Owner]) -> None:
        """Mark a held entry as a query about ``owners`` (nothing if the key is not held)."""
        with self._lock:
            if key in self._data:
                self._owners.setdefault(key, set()).update(owners)

    def owned_keys(self, owner: Owner) -> list[str]:
        """Keys of the held entries tagged with ``owner``."""
        with self._lock:
            return sorted(k for k, who in self._owners.items() if owner in who)

    def evict_owned(self, owner: Owner) -> int:
        """Remove every entry tagged with ``owner``; returns how many were removed."""
        return self.evict(self.owned_keys(owner))

    def evict(self, keys: Iterable[str]) -> int:
        """Remove the given keys; returns how many were present."""
        removed = 0
        with self._lock:
            for key in keys:
                self._owners.pop(key, None)
                if self._data.pop(key, None) is not None:
                    removed += 1
        return removed

    def clear(self) -> int:
        """Drop every entry (counters are kept); returns how many were dropped."""
        with self._lock:
            n = len(self._data)
            self._data.clear()
            self._owners.clear()
            return n

    def reset_stats(self) -> None:
        with self._lock:
            self._hits = self._misses = self._evictions = 0

    @property
    def stats(self) -> CacheStats:
        with self._lock:
            return CacheStats(
                hits=self._hits,
                misses=self._misses,
                evictions=self._evictions,
                size=len(self._data),
                capacity=self.capacity,
            )


class CachedEmbedder(Embedder):
    """Wraps an embedder so that :meth:`encode` computes only cache misses.

    Misses are deduplicated and sent to the inner embedder in one call, which batches them by
    its own ``batch_size``. Token counts are memoised by the text's digest (the context
    builder counts the same memory lines build after build); everything else (version,
    label) is the inner embedder's.
    """

    def __init__(self, inner: Embedder, cache: EmbeddingCache | None = None) -> None:
        self.inner = inner
        self.cache = cache if cache is not None else EmbeddingCache()
        self.batch_size = inner.batch_size
        self._tokens: TextMemo[int] = TextMemo(salt=inner.embedding_version)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    @property
    def embedding_version(self) -> str:
        return self.inner.embedding_version

    @property
    def space_label(self) -> str:
        return self.inner.space_label

    @property
    def max_input_tokens(self) -> int | None:
        return self.inner.max_input_tokens

    def load(self) -> None:
        self.inner.load()

    def count_tokens(self, text: str) -> int:
        return self._tokens(text, self.inner.count_tokens)

    def key(self, text: str) -> str:
        return cache_key(self.embedding_version, text)

    def evict_texts(self, texts: Iterable[str]) -> int:
        """Purge the cached vectors of these texts (for erasure); returns how many were held."""
        version = self.embedding_version
        keys = []
        for text in texts:
            _check_text(text, "text")
            keys.append(cache_key(version, text))
        return self.cache.evict(keys)

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        return self.inner.encode(texts)

    def encode(self, texts: Sequence[str]) -> FloatArray:
        items = validate_texts(texts)
        dim = self.dimension
        out = np.empty((len(items), dim), dtype=np.float32)
        if not items:
            return out
        version = self.embedding_version
        keys = [cache_key(version, t) for t in items]
        found = self.cache.get_many(keys)
        missing: dict[str, list[int]] = {}
        for i, (key, vec) in enumerate(zip(keys, found, strict=True)):
            if vec is None:
                missing.setdefault(key, []).append(i)
            else:
                out[i] = vec
        if missing:
            first_rows = [rows[0] for rows in missing.values()]
            computed = self.inner.encode([items[i] for i in first_rows])
            for rows, vec in zip(missing.values(), computed, strict=True):
                out[rows] = vec
            self.cache.put_many(zip(missing.keys(), computed, strict=True))
        return out


def encode_query(embedder: Embedder, text: str, owners: Iterable[Owner]) -> FloatArray:
    """Encode a retrieval query asked about ``owners``; a cached vector is tagged with them,
    so that erasing one of those subjects evicts it (the query's text is kept nowhere)."""
    vector = embedder.encode_one(text)
    if isinstance(embedder, CachedEmbedder):
        embedder.cache.tag(embedder.key(text), owners)
    return vector
