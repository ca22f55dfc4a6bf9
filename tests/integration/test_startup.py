"""A start begun before the heavy imports (``graphmem.startup``), on each engine: the service
opened from it works, the engine it started is the one the service uses, and a start nothing
joins — or whose model fails to load — leaves no engine running on the data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import EmbeddingError
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.startup import Startup
from tests.conftest import ENGINES, TEST_NEO4J_HEAP_MB, TEST_NEO4J_PAGECACHE_MB
from tests.integration.served import engine_pids, wait_stopped
from tests.integration.write_fixtures import principal, remember


def settings_for(engine: str, data_dir: Path) -> Settings:
    return Settings(
        engine=engine,  # type: ignore[arg-type]
        data_dir=data_dir,
        embedder="hashing",
        neo4j_uri=None,
        neo4j_heap_mb=TEST_NEO4J_HEAP_MB,
        neo4j_pagecache_mb=TEST_NEO4J_PAGECACHE_MB,
        sweep_interval_s=0,
    )


class BrokenModel(HashingEmbedder):
    def load(self) -> None:
        raise EmbeddingError("the model's weights are not there", backend="test")


@pytest.mark.parametrize("engine", ENGINES)
def test_open_joins_the_engine_and_model_begun_before(engine: str, data_dir: Path) -> None:
    settings = settings_for(engine, data_dir)
    startup = Startup.begin(settings, embedder=HashingEmbedder(), preload=True)
    with Graphmem.open(settings, startup=startup) as gm:
        pids = engine_pids(engine, data_dir)
        assert isinstance(gm.embedder, HashingEmbedder)
        agent = principal("agent", subject="user:s1", pid="agent:s1")
        memory_id = remember(gm, agent, "user:s1", "likes", "green tea", "I like green tea")
        found = gm.retrieve(agent, {"query": "green tea", "subject_id": "user:s1"})
        assert [r.memory_id for r in found.results] == [memory_id]
        with pytest.raises(RuntimeError, match="joined once"):
            startup.join()
        startup.abandon()  # after a join: nothing to do, the service keeps its store
        assert gm.retrieve(agent, {"query": "green tea", "subject_id": "user:s1"}).results
    assert wait_stopped(pids, timeout_s=120), "closing the service left its engine running"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_start_nothing_joins_stops_its_engine(engine: str, data_dir: Path) -> None:
    startup = Startup.begin(settings_for(engine, data_dir), preload=False)
    startup._store.result(timeout=240)  # the engine is up (its pids published) …
    pids = engine_pids(engine, data_dir)
    startup.abandon()  # … and nothing will join it (the app failed to build)
    startup.abandon()
    assert wait_stopped(pids, timeout_s=120), "the abandoned start left its engine running"
    with pytest.raises(RuntimeError, match="joined once"):
        startup.join()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_model_that_fails_fails_open_and_releases_the_engine(engine: str, data_dir: Path) -> None:
    settings = settings_for(engine, data_dir)
    startup = Startup.begin(settings, embedder=BrokenModel(), preload=True)
    with pytest.raises(EmbeddingError, match="weights"):
        Graphmem.open(settings, startup=startup)
    assert wait_stopped(engine_pids(engine, data_dir), timeout_s=120)
