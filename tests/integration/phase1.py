"""Phase 1 of a retrieval two ways: ranked in the engine, or from the process's feature cache
(read/scope_cache). Retrieval tests run in both, so the two must agree on every assertion."""

from __future__ import annotations

from graphmem.read.cached_scopes import CachedScopes
from graphmem.read.scope_cache import FeatureCache
from graphmem.service import Graphmem

PHASE1_MODES = ["engine", "cache"]


def use_phase1(gm: Graphmem, mode: str) -> Graphmem:
    """``engine``: no feature cache. ``cache``: every call ranks from the cache, fetching what
    it lacks itself (no background fill, so the path taken never depends on timing)."""
    if mode == "engine":
        gm.retriever.cached = None
    else:
        use_cache(gm, capacity=10_000, sync_fill=None)
    return gm


def use_cache(gm: Graphmem, *, capacity: int, sync_fill: int | None = 128) -> CachedScopes:
    """Give ``gm``'s retriever a fresh feature cache of ``capacity`` memories."""
    features = FeatureCache(capacity=capacity, dimensions=gm.embedder.dimension)
    gm.retriever.cached = CachedScopes(gm.store, features, sync_fill=sync_fill)
    return gm.retriever.cached
