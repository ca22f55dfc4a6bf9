"""A memory that cites an older revision of a corpus document than the latest recorded one is
flagged stale and ranked below the same memory backed by the current revision."""

from __future__ import annotations

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import AGENT, FakeClock, claim


def test_memory_citing_an_old_revision_is_stale(store: GraphStore) -> None:
    gm = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=FakeClock())
    bootstrap(store, [gm.embedding_space])
    v1 = gm.record_source(
        AGENT,
        {
            "kind": "DOCUMENT",
            "content": "Refund window: 30 days.",
            "uri": "kb://refunds",
            "revision": "v1",
        },
    )
    old = gm.propose(
        AGENT,
        claim(
            "project:shop",
            "refund_window",
            "30 days",
            [(v1.source_id, "Refund window: 30 days", "document")],
        ),
    )
    assert old.decision is Decision.COMMITTED, old.reasons
    query = {"query": "refund window days", "subject_id": "project:shop"}
    fresh = gm.retrieve(AGENT, query).as_dict()["results"][0]
    assert fresh["breakdown"]["staleness"] == 0
    gm.record_source(
        AGENT,
        {
            "kind": "DOCUMENT",
            "content": "Refund window: 14 days.",
            "uri": "kb://refunds",
            "revision": "v2",
        },
    )
    stale = gm.retrieve(AGENT, query).as_dict()["results"][0]
    assert stale["memory"]["memory_id"] == old.memory_id
    assert stale["breakdown"]["staleness"] < 0
    assert stale["score"] < fresh["score"]
