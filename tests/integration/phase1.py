"""Phase 1 of a retrieval four ways: ranked in the engine, from the process's feature cache
(read/scope_cache), through the cache's ANN index (read/ann) for every scope, however small, or
from the engine's own vector index with the filters applied to its answer
(``retrieval/scope_vector``; Neo4j — FalkorDB has no filtered vector search, so that mode is
skipped there). Retrieval tests run in all of them, so they must agree on every assertion."""

from __future__ import annotations

import pytest

from graphmem.clock import Clock
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.read.ann import AnnIndex
from graphmem.read.cached_scopes import CachedScopes
from graphmem.read.scope_cache import FeatureCache
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import FakeClock

PHASE1_MODES = ["engine", "cache", "ann", "vector"]


def hashing_service(store: GraphStore, mode: str, clock: Clock | None = None) -> Graphmem:
    """A service over ``store`` with the hashing embedder (its space bootstrapped), phase 1 in
    ``mode``."""
    service = Graphmem(
        store,
        Settings(embedder="hashing"),
        HashingEmbedder(),
        clock=clock or FakeClock("2026-07-01T00:00:00Z"),
    )
    bootstrap(store, [service.embedding_space])
    return use_phase1(service, mode)


def use_phase1(gm: Graphmem, mode: str) -> Graphmem:
    """``engine``: no feature cache. ``cache``: every call ranks from the cache, fetching what
    it lacks itself (no background fill, so the path taken never depends on timing). ``ann``:
    as ``cache``, every scope ranked through the ANN index and through ``retrieval/scope_ids``
    however small (no live columns: phase 2 reads them; the excluded-memories report is read in
    phase 1's statement where it can be, read/excluded). ``vector``: no feature cache, every
    scope started from the engine's vector index."""
    if mode == "vector" and not gm.store.capabilities.filtered_vector_search:
        pytest.skip(f"{gm.store.capabilities.engine} has no filtered vector search")
    if mode in ("engine", "vector"):
        gm.retriever.cached = None
        gm.retriever.vector_min_scope = 0 if mode == "vector" else 2**62
    else:
        use_cache(gm, capacity=10_000, sync_fill=None, ann=mode == "ann")
        if mode == "ann":
            gm.retriever.live_max_scope = -1
    return gm


def use_cache(
    gm: Graphmem, *, capacity: int, sync_fill: int | None = 128, ann: bool = False
) -> CachedScopes:
    """Give ``gm``'s retriever a fresh feature cache of ``capacity`` memories (with ``ann``,
    and its ANN index ranking every scope)."""
    dimensions = gm.embedder.dimension
    features = FeatureCache(
        capacity=capacity, dimensions=dimensions, ann=AnnIndex(dimensions) if ann else None
    )
    gm.retriever.cached = CachedScopes(
        gm.store, features, sync_fill=sync_fill, ann_min_scope=1 if ann else 20_000
    )
    return gm.retriever.cached
