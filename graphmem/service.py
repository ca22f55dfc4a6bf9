"""The library entry point: one object that owns the store and the embedder."""

from __future__ import annotations

import threading
from functools import cached_property
from typing import Any

from graphmem.embeddings.base import Embedder
from graphmem.embeddings.factory import create_embedder
from graphmem.settings import Settings, get_settings
from graphmem.store.base import GraphStore
from graphmem.store.factory import open_store
from graphmem.store.schema import EmbeddingSpace, bootstrap, schema_version


class Graphmem:
    """A memory service on one store. Thread-safe; share one per process."""

    def __init__(self, store: GraphStore, settings: Settings, embedder: Embedder | None = None):
        self.store = store
        self.settings = settings
        self._embedder = embedder
        self._lock = threading.Lock()

    @classmethod
    def open(
        cls, settings: Settings | None = None, *, embedder: Embedder | None = None
    ) -> Graphmem:
        settings = settings or get_settings()
        store = open_store(settings)
        try:
            gm = cls(store, settings, embedder)
            bootstrap(store, [gm.embedding_space])
        except BaseException:
            store.close()
            raise
        return gm

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                self._embedder = create_embedder(self.settings)
            return self._embedder

    @cached_property
    def embedding_space(self) -> EmbeddingSpace:
        return EmbeddingSpace(self.embedder.space_label, self.embedder.dimension)

    def health(self) -> dict[str, Any]:
        engine = self.store.ping()
        version = schema_version(self.store) if engine.get("reachable") else None
        return {
            "status": "ok" if engine.get("reachable") and version is not None else "degraded",
            "engine": engine,
            "capabilities": self.store.capabilities.as_dict(),
            "schema_version": version,
            "embedding": {
                "version": self.embedder.embedding_version,
                "space": self.embedding_space.label,
                "dimension": self.embedding_space.dimension,
            },
        }

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Graphmem:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
