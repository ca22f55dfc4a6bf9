"""Compaction rolls old episodes into aggregates that keep DERIVED_FROM lineage to their hashes."""

from __future__ import annotations

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import ForbiddenError
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import ADMIN, AGENT, FakeClock, principal, source


def episode(gm: Graphmem, day: str, outcome: str, code: str | None = None) -> str:
    sid = source(gm, AGENT, "TOOL_RESULT", f"run on {day}: reset adapter, {outcome}")
    ep = {
        "goal": "fix VPN 720",
        "actions": ["reset_adapter"],
        "outcome": outcome,
        "observations": [f"{day} {outcome}"],
    }
    if code:
        ep["failure_code"] = code
    r = gm.propose(
        AGENT,
        {
            "memory_type": "EPISODIC",
            "subject": "project:it",
            "confidence": 1,
            "episode": ep,
            "valid_from": f"{day}T10:00:00Z",
            "evidence": [{"event_id": sid, "span": "reset adapter", "source_role": "tool"}],
        },
    )
    assert r.decision is Decision.COMMITTED, r.reasons
    return r.memory_id or ""


@pytest.mark.parametrize("originals", ["remove", "keep"])
def test_old_episodes_roll_up_with_lineage(store: GraphStore, originals: str) -> None:
    gm = Graphmem(
        store,
        Settings(embedder="hashing"),
        HashingEmbedder(),
        clock=FakeClock("2026-09-01T00:00:00Z"),
    )
    bootstrap(store, [gm.embedding_space])
    old = [
        episode(gm, "2026-03-02", "SUCCESS"),
        episode(gm, "2026-03-09", "FAILURE", "CERT"),
        episode(gm, "2026-03-20", "SUCCESS"),
    ]
    april = [episode(gm, "2026-04-03", "SUCCESS"), episode(gm, "2026-04-10", "PARTIAL")]
    recent = episode(gm, "2026-08-20", "SUCCESS")
    with pytest.raises(ForbiddenError):
        gm.compact(principal("agent"), older_than="2026-06-01T00:00:00Z")
    out = gm.compact(ADMIN, older_than="2026-06-01T00:00:00Z", originals=originals)  # type: ignore[arg-type]
    # two groups, applied in one statement: each aggregate gets its own originals
    assert [(g["month"], g["episodes"]) for g in out] == [("2026-03", 3), ("2026-04", 2)]
    agg_id, april_id = out[0]["aggregate_id"], out[1]["aggregate_id"]
    april_lineage = store.read_adhoc(
        "MATCH (a:Memory {memory_id: $a})-[:DERIVED_FROM]->(o) RETURN o.memory_id AS id",
        {"a": april_id},
    )
    assert len(april_lineage) == 2
    agg = gm.memory(ADMIN, agg_id).memory
    assert "success 2" in agg["text"] and "failure 1" in agg["text"] and "CERT" in agg["text"]
    lineage = store.read_adhoc(
        "MATCH (a:Memory {memory_id: $a})-[d:DERIVED_FROM]->(o) "
        "RETURN d.content_hash AS h, labels(o) AS l, o.memory_id AS id",
        {"a": agg_id},
    )
    assert len(lineage) == 3 and all(x["h"].startswith("sha256:") for x in lineage)
    current = {m["memory_id"] for m in gm.memories(ADMIN, subject_id="project:it")}
    if originals == "remove":
        assert all("Tombstone" in x["l"] for x in lineage)
        assert current == {agg_id, april_id, recent}
    else:
        assert {x["id"] for x in lineage} == set(old)
        assert {x["id"] for x in april_lineage} == set(april)
        assert current == {agg_id, april_id, recent, *old, *april}
    assert gm.compact(ADMIN, older_than="2026-06-01T00:00:00Z") == []  # aggregates stay
