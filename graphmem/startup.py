"""A start's slow parts, begun side by side before the heavy imports.

A service start is three independent waits: the engine loading its data (its own process;
about 1.2 s at 100k memories on the development machine), the embedding model loading (about
1 s, in a thread) and Python importing the write gate and the API (about 1 s, most of it
compiling the gate's regular expressions). One after the other they add up. Begun here —
before ``graphmem.service`` or the API is imported — the engine and the model load while the
imports run, and :meth:`graphmem.service.Graphmem.open` joins them.

Why a module of its own: it imports only what starting the engine and the model needs (the
settings, the store factory, the embedder factory), so the CLI can import it first and start
the engine within a tenth of a second of the process starting.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from threading import Lock
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from graphmem.embeddings.base import Embedder
    from graphmem.settings import Settings
    from graphmem.store.base import GraphStore

#: the engine's start and the model's load wait side by side; more than two workers so that
#: two services opened at once (tests) do not queue behind each other
_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="graphmem-start")


def _open_store(settings: Settings) -> GraphStore:
    from graphmem.store.factory import open_store

    return open_store(settings)


def _load_embedder(embedder: Embedder) -> Embedder:
    embedder.load()
    return embedder


def _close_opened(store: Future[GraphStore]) -> None:
    if not store.cancelled() and store.exception() is None:
        store.result().close()


class Startup:
    """The engine starting and (with ``preload``) the model loading, each in a thread.

    Joined once, by ``Graphmem.open(startup=…)``; :meth:`abandon` closes what was begun when
    nothing will join it (the caller failed before it could).
    """

    def __init__(
        self,
        settings: Settings,
        store: Future[GraphStore],
        model: Future[Embedder] | None,
        embedder: Embedder | None,
    ) -> None:
        self.settings = settings
        self._store = store
        self._model = model
        self._given = embedder
        self._joined = False
        self._lock = Lock()

    @classmethod
    def begin(
        cls, settings: Settings, *, embedder: Embedder | None = None, preload: bool = True
    ) -> Startup:
        """Start (or join) the engine now; with ``preload``, load the embedding model beside
        it (``embedder``, or the one the settings name)."""
        store = _POOL.submit(_open_store, settings)
        model: Future[Embedder] | None = None
        if preload:
            from graphmem.embeddings.factory import create_embedder

            model = _POOL.submit(_load_embedder, embedder or create_embedder(settings))
        return cls(settings, store, model, embedder)

    def join(self) -> tuple[GraphStore, Embedder | None]:
        """Wait for the engine and the model. A model that failed to load fails here, after
        the store it was begun beside is closed; a second join is a programming error."""
        with self._lock:
            if self._joined:
                raise RuntimeError("a Startup is joined once")
            self._joined = True
        try:
            store = self._store.result()
        except BaseException:
            self._abandon_model()
            raise
        try:
            embedder = self._model.result() if self._model is not None else self._given
        except BaseException:
            store.close()
            raise
        return store, embedder

    def abandon(self) -> None:
        """Nothing will join: close the store once it is open, drop the model's load."""
        with self._lock:
            if self._joined:
                return
            self._joined = True
        self._abandon_model()
        self._store.add_done_callback(_close_opened)

    def _abandon_model(self) -> None:
        if self._model is not None:
            self._model.cancel()
