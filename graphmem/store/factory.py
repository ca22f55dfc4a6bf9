"""Open the store the settings ask for."""

from __future__ import annotations

from graphmem.settings import Settings
from graphmem.store.base import GraphStore


def open_store(settings: Settings) -> GraphStore:
    if settings.engine == "neo4j":
        from graphmem.store.neo4j_store import Neo4jStore

        return Neo4jStore.from_settings(settings)
    from graphmem.store.falkordb_store import FalkorDBStore

    return FalkorDBStore.from_settings(settings)
