"""An approximate nearest-neighbour index over the feature cache's vectors, filtered first.

A large scope (tens of thousands of memories that pass the hard filters) costs phase 1 an exact
cosine over every one of them, and gathering their vectors to do it: at ~60k memories that is
most of a retrieval. The feature cache (read/scope_cache) already holds those vectors for one
embedding space — a cache is built for one embedder, and the engine's hard filters keep every
other space out — so this index sits beside it: an HNSW graph (faiss ``IndexHNSWFlat``, inner
product over unit vectors, i.e. cosine) over the cached memories of every tenant.

Nothing of the filtering moves. The engine applies the hard filters and hands back the ids that
passed (as it does for the cache); the search is *filter-aware*: faiss walks the graph but keeps
only labels in a bitmap of exactly those ids (``IDSelectorBitmap``), so a memory the engine did
not hand back can never be a result, whatever the graph holds. Where the filtered set is small
the caller ranks it exactly instead (a filter that passes few of the indexed memories makes a
graph walk slow and no better than a scan).

Labels are given in the order vectors arrive and never reused: a cache slot that is evicted and
filled again gets a new label, and the dead one is never in a bitmap (it maps to no slot). The
graph is rebuilt from the live slots once dead labels outnumber live ones. All calls are made
under the feature cache's lock, so slots, labels and the graph always agree.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.int64]


@lru_cache(maxsize=1)
def _faiss() -> Any:
    import faiss

    # one thread: OpenMP workers spinning between queries took the cores from the engine (as
    # BLAS threads did for numpy, see read/scope_cache)
    faiss.omp_set_num_threads(1)
    return faiss


class AnnIndex:
    """HNSW over cache slots. ``m``: graph degree; ``ef_construction``: build-time breadth;
    ``ef_search``: search breadth (at least the number of results asked).

    The breadth is what recall rests on. faiss keeps walking a filtered search until it holds
    ``ef_search`` members of the filter, so a narrow filter needs no extra breadth of its own;
    what needs it is clustered data: memories that are near-copies of each other (a user's
    repeated notes) and queries far from all of them (cosine 0.3–0.5) let a narrow walk settle
    in a neighbouring cluster. On the benchmark's 100k such vectors (bench/ann_recall.py) a
    breadth of 256 gave recall@10 0.974–0.984 (single queries 0.1–0.4) at 57k–95k scopes,
    1024 gave 0.994–0.999, 2048 gave 1.000 / 1.000 / 0.999 (57k / 95k / 9.5k scopes) at
    27–33 ms p50, against 52–640 ms for the exact scan; scaling the breadth by the filter's
    selectivity instead (4·k/selectivity) cost 297 ms at the 9.5k scope for no better recall."""

    DEFAULT_EF_SEARCH = 2048

    def __init__(
        self,
        dimensions: int,
        *,
        m: int = 32,
        ef_construction: int = 80,
        ef_search: int = DEFAULT_EF_SEARCH,
    ) -> None:
        self.dimensions = dimensions
        self.m = m
        self.ef_construction = ef_construction
        self.ef_search = ef_search
        self._reset()

    def _reset(self) -> None:
        #: the graph, made at the first add: importing faiss takes seconds on a loaded machine,
        #: which a service start must not wait for (the first fill, in the background, does)
        self._index: Any = None
        #: label -> slot (-1: dead)
        self._slot_of: IntArray = np.zeros(0, dtype=np.int64)
        #: slot -> label (-1: none)
        self._label_of: IntArray = np.zeros(0, dtype=np.int64)
        self._dead = 0

    @property
    def _total(self) -> int:
        return 0 if self._index is None else int(self._index.ntotal)

    def _graph(self) -> Any:
        if self._index is None:
            faiss = _faiss()
            index = faiss.IndexHNSWFlat(self.dimensions, self.m, faiss.METRIC_INNER_PRODUCT)
            index.hnsw.efConstruction = self.ef_construction
            self._index = index
        return self._index

    def __len__(self) -> int:
        return self._total - self._dead

    def clear(self) -> None:
        self._reset()

    def _grow_slots(self, size: int) -> None:
        if size > len(self._label_of):
            grown = np.full(max(size, 2 * len(self._label_of)), -1, dtype=np.int64)
            grown[: len(self._label_of)] = self._label_of
            self._label_of = grown

    def add(self, slots: IntArray, vectors: FloatArray) -> None:
        """Index ``vectors`` (unit rows) as the current contents of ``slots``."""
        if not len(slots):
            return
        self.drop(slots)
        self._grow_slots(int(slots.max()) + 1)
        first = self._total
        self._graph().add(np.ascontiguousarray(vectors, dtype=np.float32))
        labels = np.arange(first, first + len(slots), dtype=np.int64)
        self._slot_of = np.concatenate([self._slot_of, slots.astype(np.int64)])
        self._label_of[slots] = labels

    def drop(self, slots: IntArray) -> None:
        """Forget what ``slots`` held (evicted, or about to hold something else)."""
        slots = slots[slots < len(self._label_of)]
        labels = self._label_of[slots]
        labels = labels[labels >= 0]
        if len(labels):
            self._slot_of[labels] = -1
            self._label_of[slots] = -1
            self._dead += len(labels)

    def needs_rebuild(self) -> bool:
        return self._dead > max(4096, len(self))

    def rebuild(self, slots: IntArray, vectors: FloatArray) -> None:
        """A fresh graph of exactly the live ``slots`` (their current ``vectors``)."""
        self._reset()
        self.add(slots, vectors)

    def holds(self, slots: IntArray) -> bool:
        """Whether every one of ``slots`` is indexed with its current contents."""
        if len(slots) and int(slots.max()) >= len(self._label_of):
            return False
        return bool((self._label_of[slots] >= 0).all())

    def search(self, slots: IntArray, query: FloatArray, k: int) -> tuple[IntArray, FloatArray]:
        """The ``k`` most similar of ``slots`` (all indexed: :meth:`holds`): positions into
        ``slots`` and their cosines, most similar first."""
        return self.prepare(slots).search(query, k)

    def prepare(self, slots: IntArray) -> AnnFilter:
        """The filter of exactly ``slots`` (all indexed: :meth:`holds`), to search more than
        once while the index is unchanged (the feature cache keeps one per large scope and
        drops it whenever the index changes)."""
        faiss = _faiss()
        total = self._total
        labels = self._label_of[slots]
        allowed = np.zeros(total, dtype=bool)
        allowed[labels] = True
        bitmap = np.packbits(allowed, bitorder="little")
        # label -> position in ``slots``
        position = np.full(total, -1, dtype=np.int64)
        position[labels] = np.arange(len(slots), dtype=np.int64)
        selector = faiss.IDSelectorBitmap(total, faiss.swig_ptr(bitmap))
        return AnnFilter(self, bitmap, selector, position)


class AnnFilter:
    """A filter-aware search over one set of slots (:meth:`AnnIndex.prepare`): the bitmap of
    their labels, and each label's position among them. Valid while the index is unchanged."""

    def __init__(self, index: AnnIndex, bitmap: Any, selector: Any, position: IntArray) -> None:
        self.index = index
        self._bitmap = bitmap  # the selector points into it: kept alive with it
        self._selector = selector
        self._position = position

    def search(self, query: FloatArray, k: int) -> tuple[IntArray, FloatArray]:
        """The ``k`` most similar of the slots: positions among them and their cosines, most
        similar first."""
        faiss = _faiss()
        params = faiss.SearchParametersHNSW(
            sel=self._selector, efSearch=max(self.index.ef_search, k)
        )
        sims, found = self.index._graph().search(
            np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32), k, params=params
        )
        hits = found[0] >= 0
        found_labels, found_sims = found[0][hits], sims[0][hits]
        return self._position[found_labels], found_sims.astype(np.float32)
