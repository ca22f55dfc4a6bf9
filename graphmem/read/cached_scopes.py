"""Phase 1 from the feature cache (read/scope_cache) for the scopes it holds, and filling it.

Which scopes are ranked from the cache, what a call fetches itself, what is filled in the
background, and what is left to the engine: the policy around a :class:`FeatureCache`.

A filled cache is long-lived: its rows stay until evicted. CPython's full collection walks
every tracked object, so a process holding a 10k-memory scope (~300k objects) paused ~70 ms
in every eighth or tenth retrieval — the p95 of a 10k-memory tenant was that pause (issue 17).
After a background fill the filler collects once and freezes what is alive
(:func:`gc.freeze`): later collections walk only what was made since. Rows evicted later are
still freed by their reference counts; only a cycle that was already garbage at the freeze
would stay, and the collection just before it leaves none.
"""

from __future__ import annotations

import gc
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, wait
from typing import Any

from graphmem.read.bounded import BoundedDict
from graphmem.read.candidates import SIDE_QUERIES
from graphmem.read.excluded import in_phase1_params
from graphmem.read.filters import filters_key
from graphmem.read.hydrate import keepable
from graphmem.read.scope_cache import FeatureCache, Pinned, rank_scope, rank_scope_ann
from graphmem.store.base import GraphStore, Row

_log = logging.getLogger(__name__)


class _Filler:
    """One daemon thread running fills in order. Not a ThreadPoolExecutor: the interpreter
    joins an executor's threads at exit and runs what is queued, so a script that retrieved
    once and never closed would wait for whole fills (a minute at 75k memories) before exiting;
    a fill only reads, so a daemon thread may simply stop with the process."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]]
        self._queue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="graphmem-scope-fill", daemon=True
                )
                self._thread.start()
        self._queue.put((future, fn, args))
        return future

    def _run(self) -> None:
        while True:
            future, fn, args = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # handed to whoever waits on the future
                future.set_exception(exc)


#: fills feature caches in the background, one scope at a time (a fill is mostly Python work)
_FILLS = _Filler()


def freeze_long_lived() -> None:
    """Collect once, then move every object alive into the collector's permanent generation
    (see the module docstring): what a fill just kept is not walked again by each full
    collection."""
    gc.collect()
    gc.freeze()


#: seconds before a scope whose fill was turned down is considered again
FILL_RETRY_S = 300.0

ScopeKey = tuple[str, str | None]  # (tenant, subject or None for the whole tenant)


class CachedScopes:
    """Phase 1 from a :class:`FeatureCache` for the scopes it holds, and their filling.

    A scope is tried from the cache once a fill (or, with ``sync_fill=None``, any call) has
    brought it in. A call fetches up to ``sync_fill`` missing memories itself (those written
    since); more, and the call falls back to the engine while the scope is filled in the
    background. Scopes larger than half the cache, or that would push others out of a full
    cache, are declined for ``FILL_RETRY_S``: filling is slow, and scopes taking turns to
    evict each other would fill forever.
    """

    def __init__(
        self,
        store: GraphStore,
        features: FeatureCache,
        *,
        sync_fill: int | None = 128,
        ann_min_scope: int = 20_000,
        ann_candidates: int = 256,
    ) -> None:
        self.store = store
        self.features = features
        #: a filtered scope of at least this many memories is ranked through the ANN index
        #: (when the cache has one); a smaller one exactly — a graph walk that keeps few of
        #: the nodes it visits is slow and no better than a scan
        self.ann_min_scope = ann_min_scope
        #: how many nearest memories the ANN index hands back (phase 1's ``limit`` at most)
        self.ann_candidates = ann_candidates
        #: None: a call fetches all it lacks, and every scope that fits is ranked from the cache
        self.sync_fill = sync_fill
        self._ready: BoundedDict[ScopeKey, bool] = BoundedDict(4096)
        #: the kept view a large scope was last ranked from, by the scope and its filters: the
        #: next call ranks it beside the engine's statement, used only if the engine hands
        #: back exactly its ids (:meth:`_rank_beside`)
        self._last_view: BoundedDict[tuple[ScopeKey, str], Pinned] = BoundedDict(4)
        self._declined: BoundedDict[ScopeKey, float] = BoundedDict(4096)
        self._filling: set[ScopeKey] = set()
        self._fills: set[Future[None]] = set()
        self._lock = threading.Lock()
        self._closed = threading.Event()

    @property
    def fits(self) -> int:
        """The largest scope the cache takes."""
        return self.features.capacity // 2

    def holds(self, scope: ScopeKey, last_size: int) -> bool:
        """Whether to rank ``scope`` (``last_size`` memories when last asked) from the cache."""
        return last_size <= self.fits and (self.sync_fill is None or scope in self._ready)

    def phase1(
        self,
        scope: ScopeKey,
        scoped: Mapping[str, Any],
        params: Mapping[str, Any],
        *,
        term_forms: Sequence[Sequence[str]] = (),
        lexical_limit: int = 0,
        use_ann: bool | None = None,
        live: bool = False,
        report: bool = False,
    ) -> Row | None:
        """Phase 1 from ``retrieval/scope_ids`` (the filters ``scoped``) and the cache (ranked
        by ``params``, ``retrieval/scope``'s), or None when the cache lacks too much of it.
        With ``term_forms``, a scope larger than phase 1 hands back also gets its ``lexical``
        rows (as ``retrieval/lexical`` would, see :func:`rank_scope`). With ``live``, from
        ``retrieval/scope_live``: the row's ``live`` then holds each memory's live columns
        (read/hydrate), for a small scope whose phase 2 can do without a statement. With
        ``report`` (not with ``live``), from ``retrieval/scope_ids_report``: the row's
        ``excluded`` then holds the excluded-memories report, or None when the statement
        could not read it (read/excluded)."""
        features = self.features
        ranking = {
            "terms": params["terms"],
            "object_forms": params["object_forms"],
            "exact_limit": params["exact_limit"],
            "sealed_prefix": params["sealed_prefix"],
            "term_forms": term_forms,
            "lexical_limit": lexical_limit,
        }
        limit = min(params["limit"], self.ann_candidates)
        filters = filters_key(scoped)
        beside = (
            self._rank_beside((scope, filters), params["vector"], limit, ranking)
            if use_ann is not False and features.ann is not None
            else None
        )
        if live:
            [found] = self.store.read(_scope_live(scope), dict(scoped))
        elif report:
            [found] = self.store.read(_scope_ids_report(scope), {**scoped, **in_phase1_params()})
        else:
            [found] = self.store.read(_scope_ids(scope), dict(scoped))
        features.observe_epoch(found["epoch"])
        ids: Sequence[str] = found["ids"]
        if len(ids) > self.fits:
            return None
        # a large scope handed back exactly as last time keeps its view: nothing is missing
        view = features.view(scope[0], ids)
        missing = [] if view is not None else features.missing(scope[0], ids)
        if self.sync_fill is not None and len(missing) > self.sync_fill:
            self._ready.discard(scope)
            self.fill_later(scope, scoped, len(ids))
            return None
        self._fetch(scope[0], missing, epoch=found["epoch"])
        if use_ann is None:
            use_ann = features.ann is not None and len(ids) >= self.ann_min_scope
        if use_ann:
            row = None
            if beside is not None and view is not None and beside[0] is view:
                # ranked from this very view, current then and now (no slot changed between:
                # the layout only moves forward), for exactly these ids: the same answer
                row = _result(beside[1])
            if row is None:
                with features.pinned(scope[0], ids, view=view) as pinned:
                    if pinned is None:  # evicted or dropped meanwhile
                        return None
                    row = rank_scope_ann(ids, pinned, params["vector"], limit=limit, **ranking)
                    if row is not None and pinned.ids is not None:
                        self._last_view[(scope, filters)] = pinned
            if row is not None:
                self._ready[scope] = True
                return _with_found(row, found)
        gathered = features.gather(scope[0], ids)
        if gathered is None:  # evicted or dropped meanwhile
            return None
        self._ready[scope] = True
        row = rank_scope(ids, gathered, params["vector"], limit=params["limit"], **ranking)
        return _with_found(row, found)

    def _rank_beside(
        self,
        key: tuple[ScopeKey, str],
        vector: Any,
        limit: int,
        ranking: Mapping[str, Any],
    ) -> tuple[Pinned, Future[Row | None]] | None:
        """While the engine applies the filters, rank the scope from the view it was last
        ranked from (a side thread; the engine's wait holds no core of this process). The
        caller uses the answer only if the engine hands back exactly that view's ids and no
        slot changed meanwhile; otherwise it ranks again, as without this."""
        view = self._last_view.get(key)
        if view is None or view.ids is None:
            return None
        features = self.features
        ids = view.ids

        def rank() -> Row | None:
            with features.pinned_view(view) as pinned:
                if pinned is None:  # a slot changed since: the view is not used again
                    return None
                return rank_scope_ann(ids, pinned, vector, limit=limit, **ranking)

        return view, SIDE_QUERIES.submit(rank)

    def fill_later(self, scope: ScopeKey, scoped: Mapping[str, Any], size: int) -> None:
        """Fill ``scope`` (``size`` memories when just asked) in the background, once at a time."""
        if self._closed.is_set() or size > self.fits:
            return
        with self._lock:
            declined = self._declined.get(scope)
            if declined is not None and time.monotonic() - declined < FILL_RETRY_S:
                return
            if scope in self._filling:
                return
            self._filling.add(scope)
        future = _FILLS.submit(self._fill, scope, dict(scoped))
        with self._lock:
            self._fills.add(future)
        future.add_done_callback(self._fills.discard)

    def _fill(self, scope: ScopeKey, scoped: dict[str, Any]) -> None:
        features = self.features
        try:
            if self._closed.is_set():
                return
            [found] = self.store.read(_scope_ids(scope), scoped)
            features.observe_epoch(found["epoch"])
            missing = features.missing(scope[0], found["ids"])
            if len(found["ids"]) > self.fits or len(features) + len(missing) > features.capacity:
                self._declined[scope] = time.monotonic()
                return
            self._fetch(scope[0], missing, epoch=found["epoch"])
            if not self._closed.is_set():
                self._ready[scope] = True
                if missing:
                    freeze_long_lived()
        except Exception:  # a failed fill leaves the scope to the engine
            _log.warning("filling the feature cache failed", exc_info=True)
        finally:
            with self._lock:
                self._filling.discard(scope)

    def _fetch(self, tenant_id: str, ids: Sequence[str], *, epoch: int) -> None:
        for at in range(0, len(ids), 256):
            if self._closed.is_set():
                return
            rows = self.store.read(
                "retrieval/features", {"tenant_id": tenant_id, "ids": list(ids[at : at + 256])}
            )
            for row in rows:  # phase 2's fixed columns, kept for the types where they never change
                fixed = row["fixed"]
                row["fixed"] = tuple(fixed) if keepable(fixed) else None
            self.features.put(tenant_id, rows, epoch=epoch)

    def status(self) -> dict[str, Any]:
        """Entries, capacity, scopes being filled (``/healthz``)."""
        with self._lock:
            filling = len(self._filling)
        return {
            "enabled": True,
            "entries": len(self.features),
            "capacity": self.features.capacity,
            "filling": filling,
        }

    def close(self, timeout_s: float = 30.0) -> None:
        """Stop filling: a running fill stops after its current read and queued ones do not
        start (a fill that outlived the store would reconnect to it)."""
        self._closed.set()
        with self._lock:
            pending = list(self._fills)
        wait(pending, timeout=timeout_s)


def _with_found(row: Row, found: Row) -> Row:
    """Phase 1's ``row`` with what the filter statement read beside the ids (``live``,
    ``excluded``), when it read them."""
    extra: dict[str, Any] = {k: found[k] for k in ("live", "excluded") if k in found}
    return {**row, **extra} if extra else row


def _result(future: Future[Row | None]) -> Row | None:
    try:
        return future.result()
    except Exception:  # ranked again by the caller
        _log.warning("ranking beside the engine failed", exc_info=True)
        return None


def _scope_ids(scope: ScopeKey) -> str:
    return "retrieval/scope_ids_subject" if scope[1] is not None else "retrieval/scope_ids"


def _scope_ids_report(scope: ScopeKey) -> str:
    if scope[1] is not None:
        return "retrieval/scope_ids_report_subject"
    return "retrieval/scope_ids_report"


def _scope_live(scope: ScopeKey) -> str:
    return "retrieval/scope_live_subject" if scope[1] is not None else "retrieval/scope_live"
