"""What phase 1 needs of each memory, kept in the process: ranking a scope in numpy.

Phase 1 filters a scope in the engine, then scores every memory that passed by cosine. In
FalkorDB the scoring, sorting and handing back of ids, scores and texts cost more than the
filters (measured at ~950 memories: filters and ids 5.8 ms of engine time, the whole phase 1
13–14 ms, ~17 ms on the wall). What the ranking reads of a memory — its embedding, text
(sealed as stored), predicate, object and subject — never changes once the memory is written
(a correction is a new memory), so this process keeps it: the engine then applies the hard
filters and hands back ids only, and the ranking runs here on the same numbers.

Nothing of the filtering moves: a memory the engine did not hand back is never scored, so a
stale or foreign entry can never surface. Forgetting reaches the cache through the store's
forget epoch: every erasure and compaction that deletes memories moves it in the same
statement, and the next ranking that sees it moved empties the cache first — in this process
and in any other that shares the store.

Filling is the slow part: FalkorDB hands a vector back as 512 decimal strings (~0.5 ms per
memory on this machine): read/cached_scopes decides which scopes are filled, and when.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from graphmem.crypto import is_sealed
from graphmem.read.ann import AnnFilter, AnnIndex
from graphmem.read.bounded import BoundedDict
from graphmem.read.ranking import question_share
from graphmem.read.scope_texts import ScopeTexts, ScopeView, view
from graphmem.store.base import Row

FloatArray = npt.NDArray[np.float32]

#: bytes one entry costs beside its vector (texts, keys, bookkeeping, the fixed columns phase 2
#: keeps: read/hydrate), for the capacity
_ENTRY_OVERHEAD = 1024
#: scopes whose texts' searches are kept (:meth:`FeatureCache.scope_texts`): each holds its
#: texts lower-cased once more (≤ 1,000 texts: ~0.2 MB at 200 characters), beyond the budget
_SCOPES = 128
#: a filtered scope of at least this many memories keeps its view (:meth:`FeatureCache.pinned`):
#: its slots, columns and searches, reused while the engine hands back exactly the same ids
#: and no slot changed. A view costs ~280 bytes a memory beyond the budget (its texts joined
#: once more, each object's rows, the index's filter: ~27 MB at 95k, measured)
VIEW_MIN_SCOPE = 4096
#: views kept (only scopes ranked through the ANN index make one: at least ``ann_min_scope``)
_VIEWS = 4


@dataclass(frozen=True)
class Gathered:
    """One scope's features, in the order its ids were asked for (object arrays of str/None)."""

    vectors: FloatArray  # unit rows; a memory stored without an embedding is all zeros
    has_vector: npt.NDArray[np.bool_]
    texts: npt.NDArray[np.object_]
    predicates: npt.NDArray[np.object_]
    objects: npt.NDArray[np.object_]
    subjects: npt.NDArray[np.object_]
    #: each text's question share (read/ranking), None for a text sealed at rest
    questions: npt.NDArray[np.object_]


_COLUMNS = ("text", "predicate", "object", "subject_id")


class FeatureCache:
    """Up to ``capacity`` memories' features by (tenant, memory id). When full, the least
    recently gathered sixteenth is forgotten at once. Request threads and the background filler
    share it under one lock."""

    def __init__(self, capacity: int, dimensions: int, *, ann: AnnIndex | None = None) -> None:
        if capacity < 1 or dimensions < 1:
            raise ValueError("capacity and dimensions must be at least 1")
        self.capacity = capacity
        self.dimensions = dimensions
        #: the ANN index over the cached vectors (read/ann), kept in step under the lock
        self.ann = ann
        self._lock = threading.Lock()
        self.epoch: int | None = None
        self._slots: dict[tuple[str, str], int] = {}
        self._free: list[int] = []
        self._size = 0  # slots handed out so far (the arrays' used length)
        self._tick = 0  # advances at every put and gather: a slot's last use
        self._vectors: FloatArray = np.zeros((0, dimensions), dtype=np.float32)
        self._has_vector: npt.NDArray[np.bool_] = np.zeros(0, dtype=bool)
        self._last_used: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._columns: dict[str, npt.NDArray[np.object_]] = {}
        self._generation = 0  # moves whenever the cache is emptied
        #: moves whenever a slot or the ANN index changes (a put, an eviction, an emptying): a
        #: kept view is only used while it has not moved
        self._layout = 0
        #: large scopes' views (:meth:`pinned`) by (tenant, size, hash of the ids)
        self._views: BoundedDict[tuple[str, int, int], Pinned] = BoundedDict(_VIEWS)
        #: what a scope's texts are to each other and to query words, by the scope's ids
        self._scopes: BoundedDict[tuple[str, frozenset[str]], ScopeTexts]
        self._clear_locked()

    @classmethod
    def for_budget(
        cls, megabytes: float, dimensions: int, *, ann: AnnIndex | None = None
    ) -> FeatureCache | None:
        """A cache that holds about ``megabytes`` of ``dimensions``-wide entries; None for 0.
        An ``ann`` index costs about as much again as the vectors (the graph keeps a copy)."""
        graph = 4 * dimensions + 8 * 32 if ann is not None else 0  # (an empty index is falsy)
        per_entry = 4 * dimensions + _ENTRY_OVERHEAD + graph
        capacity = int(megabytes * 2**20) // per_entry
        return cls(capacity, dimensions, ann=ann) if capacity > 0 else None

    def __len__(self) -> int:
        return len(self._slots)

    def __contains__(self, key: tuple[str, str]) -> bool:
        return key in self._slots

    def observe_epoch(self, epoch: int) -> bool:
        """The store's forget epoch as just read; a moved epoch empties the cache (True)."""
        with self._lock:
            if self.epoch == epoch:
                return False
            moved = self.epoch is not None
            self._clear_locked()
            self.epoch = epoch
            return moved

    def clear(self) -> None:
        """Empty the cache and forget the epoch: a fill that read before the clear (maybe
        before an erasure this process just made) can no longer store what it read."""
        with self._lock:
            self._clear_locked()
            self.epoch = None

    def _clear_locked(self) -> None:
        self._generation += 1
        self._layout += 1
        self._views = BoundedDict(_VIEWS)
        self._scopes = BoundedDict(_SCOPES)
        self._slots = {}
        self._free = []
        self._size = 0
        self._allocate_locked(0)
        if self.ann is not None:
            self.ann.clear()

    def _allocate_locked(self, rows: int) -> None:
        """Arrays of ``rows`` slots that keep the first ``self._size``."""
        old = self._vectors if self._size else None
        vectors = np.zeros((rows, self.dimensions), dtype=np.float32)
        columns = {
            c: np.full(rows, None, dtype=object) for c in (*_COLUMNS, "key", "fixed", "question")
        }
        has_vector = np.zeros(rows, dtype=bool)
        last_used = np.zeros(rows, dtype=np.int64)
        if old is not None:
            n = self._size
            vectors[:n] = old[:n]
            has_vector[:n] = self._has_vector[:n]
            last_used[:n] = self._last_used[:n]
            for c in columns:
                columns[c][:n] = self._columns[c][:n]
        self._vectors, self._has_vector, self._last_used = vectors, has_vector, last_used
        self._columns = columns

    def missing(self, tenant_id: str, ids: Iterable[str]) -> list[str]:
        slots = self._slots
        return [i for i in ids if (tenant_id, i) not in slots]

    def view(self, tenant_id: str, ids: Sequence[str]) -> Pinned | None:
        """The kept view of exactly ``ids`` (a large scope, :meth:`pinned`) while no slot
        changed since it was made: every one of ``ids`` has a slot. Hand it to :meth:`pinned`
        to rank from it without looking it up again."""
        with self._lock:
            return self._view_locked(tenant_id, ids)

    def _view_locked(self, tenant_id: str, ids: Sequence[str]) -> Pinned | None:
        """The kept view of exactly ``ids`` (same ids, same order) if no slot changed since it
        was made."""
        if len(ids) < VIEW_MIN_SCOPE:
            return None
        for kept in self._views.values():  # the very ids it was made of (graphmem.queries)
            if kept.ids is ids and kept.layout == self._layout and kept.tenant_id == tenant_id:
                return kept
        view = self._views.get(_view_key(tenant_id, ids))
        if view is None or view.layout != self._layout or view.ids != tuple(ids):
            return None
        return view

    def put(self, tenant_id: str, rows: Iterable[Row], *, epoch: int | None) -> int:
        """Store rows of ``retrieval/features``; rows read before the epoch last seen moved are
        dropped (they may hold what was since erased). Returns how many were stored."""
        rows = list(rows)[-self.capacity :]
        with self._lock:
            if epoch != self.epoch:
                return 0
            self._tick += 1
            stored: list[int] = []
            for row in rows:
                key = (tenant_id, row["memory_id"])
                slot = self._slots.get(key)
                if slot is None:
                    slot = self._take_slot_locked()
                    self._slots[key] = slot
                    self._columns["key"][slot] = key
                self._store_locked(slot, row)
                stored.append(slot)
            if stored:
                self._layout += 1
            if self.ann is not None:
                self._index_locked(np.asarray(stored, dtype=np.intp))
            return len(rows)

    def _index_locked(self, slots: npt.NDArray[np.intp]) -> None:
        """Put the just-stored ``slots`` into the ANN index (a memory without a vector only
        leaves it); rebuild the graph once mostly dead."""
        assert self.ann is not None
        usable = slots[self._has_vector[slots]]
        self.ann.drop(slots.astype(np.int64))
        self.ann.add(usable.astype(np.int64), self._vectors[usable])
        if self.ann.needs_rebuild():
            live = np.fromiter(self._slots.values(), dtype=np.intp, count=len(self._slots))
            live = live[self._has_vector[live]]
            self.ann.rebuild(live.astype(np.int64), self._vectors[live])

    def _take_slot_locked(self) -> int:
        if not self._free and len(self._slots) >= self.capacity:
            self._evict_locked(max(1, self.capacity // 16))
        if self._free:
            return self._free.pop()
        if self._size == len(self._vectors):
            self._allocate_locked(min(self.capacity, max(1024, 2 * self._size)))
        self._size += 1
        return self._size - 1

    def _evict_locked(self, count: int) -> None:
        used = np.fromiter(self._slots.values(), dtype=np.intp, count=len(self._slots))
        count = min(count, len(used))
        victims = used[np.argpartition(self._last_used[used], count - 1)[:count]]
        self._layout += 1
        if self.ann is not None:
            self.ann.drop(victims.astype(np.int64))
        for slot in victims.tolist():
            del self._slots[self._columns["key"][slot]]
            for c in self._columns.values():
                c[slot] = None
            self._free.append(slot)

    def _store_locked(self, slot: int, row: Row) -> None:
        embedding = row["embedding"]
        vector = np.asarray(embedding if embedding else (), dtype=np.float32)
        norm = float(np.linalg.norm(vector)) if vector.size else 0.0
        usable = vector.shape == (self.dimensions,) and norm > 0.0
        self._vectors[slot] = vector / norm if usable else 0.0
        self._has_vector[slot] = usable
        self._last_used[slot] = self._tick
        for c in _COLUMNS:
            self._columns[c][slot] = row[c]
        # what ranking reads of the text and no query changes (a sealed text is opened per call)
        text = row["text"]
        self._columns["question"][slot] = None if is_sealed(text) else question_share(text or "")
        if row.get("fixed") is not None:  # phase 2's columns that never change (read/hydrate)
            self._columns["fixed"][slot] = row["fixed"]

    def scope_texts(self, tenant_id: str, ids: Sequence[str], texts: Sequence[str]) -> ScopeView:
        """What ``ids``' texts (plain, a whole scope: ``texts`` in the order of ``ids``) are
        to each other and to query words (read/scope_texts), kept by the set of ids — a
        memory's text never changes — and emptied with the features (an erasure's forget
        epoch): it says something of the texts."""
        key = (tenant_id, frozenset(ids))
        with self._lock:
            scope = self._scopes.get(key)
            generation = self._generation
        if scope is None:
            order = sorted(range(len(ids)), key=ids.__getitem__)
            scope = ScopeTexts([ids[i] for i in order], [texts[i] for i in order])
            with self._lock:
                if self._generation == generation:
                    self._scopes[key] = scope
        return view(scope, ids)

    def fixed(self, tenant_id: str, ids: Iterable[str]) -> dict[str, tuple[Any, ...]]:
        """Phase 2's fixed columns kept for those of ``ids`` that have them (read/hydrate)."""
        with self._lock:
            get = self._slots.get
            column = self._columns["fixed"]
            kept = {}
            for memory_id in ids:
                slot = get((tenant_id, memory_id))
                if slot is not None and column[slot] is not None:
                    kept[memory_id] = column[slot]
            return kept

    def keep_fixed(self, tenant_id: str, fixed: Mapping[str, tuple[Any, ...]]) -> None:
        """Keep phase 2's fixed columns of memories that have a slot (the others are dropped:
        a memory evicted, or a cache emptied by an erasure, since they were read)."""
        with self._lock:
            get = self._slots.get
            column = self._columns["fixed"]
            for memory_id, values in fixed.items():
                slot = get((tenant_id, memory_id))
                if slot is not None:
                    column[slot] = values

    @contextmanager
    def pinned(
        self, tenant_id: str, ids: Sequence[str], *, view: Pinned | None = None
    ) -> Iterator[Pinned | None]:
        """The features of ``ids`` as a :class:`Pinned` view, under the lock for the block (None
        when one of them is not, or no longer, here). A scope of at least ``VIEW_MIN_SCOPE``
        keeps its view, with what its rankings search (the index's filter, the joined texts):
        the next call handed back exactly the same ids reuses it while no slot changed
        (``view``: the one :meth:`view` just found for ``ids``, used if still current)."""
        with self._lock:
            if view is None or view.layout != self._layout:
                view = self._view_locked(tenant_id, ids)
            if view is None:
                get = self._slots.get
                slots = [get((tenant_id, memory_id)) for memory_id in ids]
                if None in slots:
                    yield None
                    return
                index = np.fromiter(slots, dtype=np.intp, count=len(slots))
                c = self._columns
                view = Pinned(
                    self,
                    index,
                    self._has_vector[index],
                    c["text"][index],
                    c["predicate"][index],
                    c["object"][index],
                    c["subject_id"][index],
                    c["question"][index],
                    ids=tuple(ids) if len(ids) >= VIEW_MIN_SCOPE else None,
                    layout=self._layout,
                    tenant_id=tenant_id,
                )
                if view.ids is not None:
                    self._views[_view_key(tenant_id, ids)] = view
            self._tick += 1
            self._last_used[view.slots] = self._tick
            yield view

    @contextmanager
    def pinned_view(self, view: Pinned) -> Iterator[Pinned | None]:
        """A kept ``view`` under the lock for the block, if no slot changed since it was made
        (else None)."""
        with self._lock:
            if view.ids is None or view.layout != self._layout:
                yield None
                return
            self._tick += 1
            self._last_used[view.slots] = self._tick
            yield view

    def gather(self, tenant_id: str, ids: Sequence[str]) -> Gathered | None:
        """The features of ``ids``, or None when one of them is not (or no longer) here."""
        with self._lock:
            get = self._slots.get
            slots = [get((tenant_id, memory_id)) for memory_id in ids]
            if None in slots:
                return None
            index = np.fromiter(slots, dtype=np.intp, count=len(slots))
            self._tick += 1
            self._last_used[index] = self._tick
            c = self._columns
            return Gathered(
                self._vectors[index],
                self._has_vector[index],
                c["text"][index],
                c["predicate"][index],
                c["object"][index],
                c["subject_id"][index],
                c["question"][index],
            )


def _view_key(tenant_id: str, ids: Sequence[str]) -> tuple[str, int, int]:
    return (tenant_id, len(ids), hash(tuple(ids)))


@dataclass(frozen=True)
class Pinned:
    """One scope's features without copying its vectors, valid inside
    :meth:`FeatureCache.pinned` (the cache's lock is held): the columns in the order the ids
    were asked for, exact cosines of chosen rows, the ANN index's nearest, and the scope's
    texts and predicates joined for searching (kept with a large scope's view)."""

    cache: FeatureCache
    slots: npt.NDArray[np.intp]
    has_vector: npt.NDArray[np.bool_]
    texts: npt.NDArray[np.object_]
    predicates: npt.NDArray[np.object_]
    objects: npt.NDArray[np.object_]
    subjects: npt.NDArray[np.object_]
    questions: npt.NDArray[np.object_]
    #: the ids of a kept view (a large scope), else None
    ids: tuple[str, ...] | None = None
    #: the cache's layout when made (a kept view is used only while it has not moved)
    layout: int = 0
    #: the tenant of a kept view
    tenant_id: str = ""
    #: what the rankings searched, kept with the view (made under the cache's lock)
    _kept: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def _keep(self, name: str, make: Any) -> Any:
        if name not in self._kept:
            self._kept[name] = make()
        return self._kept[name]

    def cosines(self, rows: Sequence[int] | npt.NDArray[np.intp], query: FloatArray) -> FloatArray:
        """Exact cosine of ``rows`` (positions) to the unit ``query`` (0 without a vector)."""
        index = self.slots[np.asarray(rows, dtype=np.intp)]
        if len(index) == 0:
            return np.zeros(0, dtype=np.float32)
        low, high = int(index.min()), int(index.max()) + 1
        vectors = self.cache._vectors
        if len(index) >= 1024 and high - low <= 2 * len(index):
            # many rows lying close together in the cache (a scope filled at once): the
            # product over the span they lie in, without copying their vectors first
            dense: FloatArray = np.einsum("ij,j->i", vectors[low:high], query)
            return dense[index - low]
        sims: FloatArray = np.einsum("ij,j->i", vectors[index], query)
        return sims

    def nearest(self, query: FloatArray, k: int) -> tuple[list[int], FloatArray] | None:
        """The ``k`` nearest rows with a vector by the ANN index (positions, cosines, most
        similar first), or None when the index lacks one of them."""
        ann = self.cache.ann
        if ann is None:
            return None
        found = self._keep("ann", self._ann_filter)
        if found is None:
            return None
        with_vector, search = found
        positions, sims = search.search(query, k)
        return with_vector[positions].tolist(), sims

    def _ann_filter(self) -> tuple[npt.NDArray[np.intp], AnnFilter] | None:
        ann = self.cache.ann
        assert ann is not None
        with_vector = np.flatnonzero(self.has_vector)
        slots = self.slots[with_vector].astype(np.int64)
        if not ann.holds(slots):
            return None
        return with_vector, ann.prepare(slots)

    def text_index(self) -> TextIndex:
        """The scope's texts joined for searching (:class:`TextIndex`)."""
        index: TextIndex = self._keep("texts", lambda: TextIndex.of(self.texts))
        return index

    def predicate_index(self) -> TextIndex:
        index: TextIndex = self._keep("predicates", lambda: TextIndex.of(self.predicates))
        return index

    def object_rows(self) -> dict[str, list[int]]:
        """Each object's string form -> the rows holding it."""

        def make() -> dict[str, list[int]]:
            rows: dict[str, list[int]] = {}
            for i, obj in enumerate(self.objects.tolist()):
                if obj is not None:
                    rows.setdefault(obj, []).append(i)
            return rows

        found: dict[str, list[int]] = self._keep("objects", make)
        return found


@dataclass(frozen=True)
class TextIndex:
    """Texts joined by line breaks, and where each starts: which texts contain a string, in
    one pass of C over all of them (a query word never holds a line break, so no match spans
    two texts)."""

    joined: str
    starts: npt.NDArray[np.int64]

    @classmethod
    def of(cls, texts: Iterable[str | None]) -> TextIndex:
        flat = ["" if t is None else t for t in texts]
        lengths = np.fromiter(map(len, flat), dtype=np.int64, count=len(flat))
        starts = np.zeros(len(flat), dtype=np.int64)
        np.cumsum(lengths[:-1] + 1, out=starts[1:])
        return cls("\n".join(flat), starts)

    def rows_with(self, form: str) -> npt.NDArray[np.int64]:
        """The texts containing ``form`` (non-empty), in order. (``str.split`` finds the
        occurrences that do not overlap; one it skips overlaps a found one, which lies in the
        same text.)"""
        pieces = self.joined.split(form)
        if len(pieces) == 1:
            return np.zeros(0, dtype=np.int64)
        lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))[:-1]
        at = np.cumsum(lengths) + np.arange(len(lengths), dtype=np.int64) * len(form)
        return np.unique(np.searchsorted(self.starts, at, side="right") - 1)


def exact_rows(
    predicates: Iterable[str | None],
    objects: Iterable[str | None],
    terms: Sequence[str],
    forms: set[str],
    *,
    predicate_index: TextIndex | None = None,
    object_rows: Mapping[str, Sequence[int]] | None = None,
) -> set[int]:
    """The rows that match the query exactly, as ``retrieval/_exact`` decides: the predicate
    contains a query term (case-sensitive), or the object's string form is one of ``forms``.
    ``predicate_index`` and ``object_rows`` (a scope's, kept: :class:`Pinned`) answer the
    same as a search of ``predicates`` and ``objects``."""
    if object_rows is not None:
        rows = {i for form in forms for i in object_rows.get(form, ())}
    else:
        rows = {i for i, obj in enumerate(objects) if obj is not None and obj in forms}
    if terms:
        counts = word_count_rows(predicates, [[t] for t in terms], index=predicate_index)
        rows.update(counts[0].tolist())
    return rows


def word_count_rows(
    texts: Iterable[str | None],
    term_forms: Sequence[Sequence[str]],
    *,
    index: TextIndex | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """:func:`word_counts` as two arrays: the rows, in the order the words find them first
    (each word's spellings in turn, each spelling's texts in order), and their counts."""
    if index is None:
        index = TextIndex.of(texts)
    found: list[npt.NDArray[np.int64]] = []
    words: list[npt.NDArray[np.int64]] = []
    for word, forms in enumerate(term_forms):
        for form in forms:
            if form:
                rows = index.rows_with(form)
                found.append(rows)
                words.append(np.full(len(rows), word, dtype=np.int64))
    if not found or not sum(map(len, found)):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    rows = np.concatenate(found)
    pairs = np.unique(rows * len(term_forms) + np.concatenate(words))
    distinct, first = np.unique(rows, return_index=True)
    _, counts = np.unique(pairs // len(term_forms), return_counts=True)
    order = np.argsort(first, kind="stable")
    return distinct[order], counts[order]


def word_counts(
    texts: Iterable[str | None],
    term_forms: Sequence[Sequence[str]],
    *,
    index: TextIndex | None = None,
) -> dict[int, int]:
    """For each text holding a query word: how many of the words (each in any of its spellings,
    ``term_forms``) it contains, as ``retrieval/lexical`` counts them (case-sensitive
    ``CONTAINS``), in the order the words find them. One pass of C over all texts per
    spelling (``index``: the texts already joined)."""
    rows, counts = word_count_rows(texts, term_forms, index=index)
    return dict(zip(rows.tolist(), counts.tolist(), strict=True))


def _unit(vector: Sequence[float] | FloatArray) -> FloatArray | None:
    query = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(query))
    return query / norm if norm > 0.0 else None


def rank_scope(
    ids: Sequence[str],
    features: Gathered,
    vector: Sequence[float] | FloatArray,
    *,
    terms: Sequence[str],
    object_forms: Sequence[str],
    limit: int,
    exact_limit: int,
    sealed_prefix: str,
    term_forms: Sequence[Sequence[str]] = (),
    lexical_limit: int = 0,
) -> dict[str, Any]:
    """Phase 1's answer (``retrieval/scope``'s columns) for a filtered scope: the ``limit`` most
    similar memories, then up to ``exact_limit`` exact matches beyond them — computed as the
    query computes it (cosine in float32, the exact test of :func:`exact_rows`). When the scope
    is larger than that and ``term_forms`` are given, also ``lexical``: the rows
    ``retrieval/lexical`` hands back (up to ``lexical_limit`` memories holding query words, most
    words first, then most similar) — here from the scope's texts, with no second scan of the
    scope in the engine."""
    n = len(ids)
    query = _unit(vector)
    if n and query is not None and features.vectors.shape[1] == query.shape[0]:
        # einsum, not ``@``: a BLAS matrix-vector product starts BLAS threads whose spinning
        # took the cores from the engine (HTTP p50 37 ms with, 32 without, over ~950 memories)
        similarity = np.einsum("ij,j->i", features.vectors, query)
    else:
        similarity = np.zeros(n, dtype=np.float32)
    # a memory without a vector has no similarity: last, like a null in ``ORDER BY ... DESC``
    order = np.argsort(np.where(features.has_vector, -similarity, np.inf), kind="stable").tolist()
    exact = exact_rows(features.predicates, features.objects, terms, set(object_forms))
    keep = order[:limit] + [i for i in order[limit:] if i in exact][:exact_limit]
    lexical = (
        word_count_rows(features.texts, term_forms)
        if term_forms and lexical_limit > 0 and len(keep) < n
        else None
    )

    def semantic_of(rows: Sequence[int]) -> list[float | None]:
        return [float(similarity[i]) if features.has_vector[i] else None for i in rows]

    return _answer(ids, features, keep, exact, semantic_of, lexical, lexical_limit, sealed_prefix)


def rank_scope_ann(
    ids: Sequence[str],
    features: Pinned,
    vector: Sequence[float] | FloatArray,
    *,
    terms: Sequence[str],
    object_forms: Sequence[str],
    limit: int,
    exact_limit: int,
    sealed_prefix: str,
    term_forms: Sequence[Sequence[str]] = (),
    lexical_limit: int = 0,
) -> dict[str, Any] | None:
    """:func:`rank_scope` through the ANN index: the ``limit`` nearest of the filtered scope by
    the index (filter-aware: only ``ids`` can be found), then the exact matches and the
    memories holding query words over the whole scope as there, their cosines computed exactly.
    None when the index lacks part of the scope (the caller ranks it exactly)."""
    query = _unit(vector)
    if query is None or query.shape[0] != features.cache.dimensions:
        return None
    found = features.nearest(query, limit)
    if found is None:
        return None
    keep, sims = found
    known = dict(zip(keep, sims.tolist(), strict=True))
    kept = set(keep)
    whole = features.ids is not None  # a kept view: its searches are kept with it
    exact = exact_rows(
        features.predicates,
        features.objects,
        terms,
        set(object_forms),
        predicate_index=features.predicate_index() if whole and terms else None,
        object_rows=features.object_rows() if whole else None,
    )
    keep = keep + sorted(i for i in exact if i not in kept)[:exact_limit]
    lexical = (
        word_count_rows(features.texts, term_forms, index=features.text_index() if whole else None)
        if term_forms and lexical_limit > 0 and len(keep) < len(ids)
        else None
    )

    def semantic_of(rows: Sequence[int]) -> list[float | None]:
        """The nearest rows' cosines as the index gave them, the others' computed exactly
        (and kept for the call); None without a vector."""
        index = np.asarray(rows, dtype=np.intp)
        with_vector = features.has_vector[index] if len(index) else np.zeros(0, dtype=bool)
        todo = [i for i in index[with_vector].tolist() if i not in known]
        if todo:
            known.update(zip(todo, features.cosines(todo, query).tolist(), strict=True))
        out: list[float | None] = [known[i] for i in index[with_vector].tolist()]
        if len(out) == len(index):
            return out
        values: list[float | None] = [None] * len(index)
        for j, value in zip(np.flatnonzero(with_vector).tolist(), out, strict=True):
            values[j] = value
        return values

    # exact matches beyond the nearest come most similar first, as in the exact ranking
    tail = keep[len(kept) :]
    tail_sems = semantic_of(tail)
    tail = [
        i
        for _, i in sorted(
            zip(tail_sems, tail, strict=True), key=lambda p: -2.0 if p[0] is None else -p[0]
        )
    ]
    keep = keep[: len(kept)] + tail
    out = _answer(ids, features, keep, exact, semantic_of, lexical, lexical_limit, sealed_prefix)
    out["ann"] = True
    return out


def _answer(
    ids: Sequence[str],
    features: Gathered | Pinned,
    keep: list[int],
    exact: set[int],
    semantic_of: Any,
    lexical: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None,
    lexical_limit: int,
    sealed_prefix: str,
) -> dict[str, Any]:
    """Phase 1's columns for the rows ``keep`` (positions into ``ids``), and the ``lexical``
    rows: up to ``lexical_limit`` of the rows holding query words (``lexical``: the rows, in the
    order the words found them, and their word counts, :func:`word_count_rows`; None: not
    asked for), most words first, then most similar, then in that order — an empty list when
    no text holds one (the engine's scan, ``retrieval/lexical``, would find none either)."""
    index = np.asarray(keep, dtype=np.intp)
    texts: list[str | None] = features.texts[index].tolist()
    kept_ids = [ids[i] for i in keep]
    out: dict[str, Any] = {} if lexical is None else {"lexical": []}
    if lexical is not None and len(lexical[0]):
        # most words first: only the rows that can still make the cut need a cosine
        order = np.argsort(-lexical[1], kind="stable")
        rows, counts = lexical[0][order], lexical[1][order]
        if len(rows) > lexical_limit > 0:
            chosen = counts >= counts[lexical_limit - 1]
            rows, counts = rows[chosen], counts[chosen]
        candidates: list[int] = rows.tolist()
        sems = semantic_of(candidates)
        closeness = np.fromiter(
            (2.0 if x is None else -x for x in sems), dtype=np.float64, count=len(sems)
        )
        best = np.lexsort((np.arange(len(candidates)), closeness, -counts))[:lexical_limit]
        out["lexical"] = [
            {
                "memory_id": ids[candidates[j]],
                "semantic": sems[j],
                "text": features.texts[candidates[j]],
                "subject_id": features.subjects[candidates[j]],
                "lexical": int(counts[j]),
                "question": features.questions[candidates[j]],
            }
            for j in best.tolist()
        ]
    return {
        **out,
        "ids": kept_ids,
        "semantic": semantic_of(keep),
        "texts": texts,
        "questions": features.questions[index].tolist(),
        "exact_ids": [kept_ids[j] for j, i in enumerate(keep) if i in exact],
        "sealed": [
            [kept_ids[j], features.subjects[i]]
            for j, (i, t) in enumerate(zip(keep, texts, strict=True))
            if t is not None and t.startswith(sealed_prefix)
        ],
        "scope_size": len(ids),
    }
