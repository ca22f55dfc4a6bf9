"""The excluded-memories report read in phase 1's statement (read/excluded) is the scan's report,
and is read so only when it is the whole report: every way a memory can be kept out, each
subject and purpose, more excluded memories than the report lists with ties in recording time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.read import excluded as excluded_module
from graphmem.read.excluded import INACTIVE, LIMIT, in_phase1_params
from graphmem.read.filters import read_policy
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.phase1 import use_cache
from tests.integration.write_fixtures import FakeClock, claim, principal, source

U1, U2 = "user:u_1", "user:u_2"
A1 = principal("agent", subject=U1, pid="agent:s1")
A2 = principal("agent", subject=U2, pid="agent:s2")
NOW = "2026-09-01T00:00:00.000000Z"


@pytest.fixture
def gm(store: GraphStore) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=FakeClock(NOW))
    bootstrap(store, [service.embedding_space])
    yield service


def remember(gm: Graphmem, who: Any, subject: str, predicate: str, obj: str, **extra: Any) -> str:
    text = f"{subject} {predicate.replace('_', ' ')} {obj}"
    if "consent_basis" in extra:
        text += ", please remember it"
    sid = source(gm, who, "USER_MESSAGE", text)
    receipt = gm.propose(who, claim(subject, predicate, obj, [(sid, text, "user")], **extra))
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    assert receipt.memory_id is not None
    return receipt.memory_id


def set_props(gm: Graphmem, memory_id: str, **props: Any) -> None:
    sets = ", ".join(f"m.{k} = ${k}" for k in props)
    gm.store._execute(  # type: ignore[attr-defined]
        f"MATCH (m:Memory {{memory_id: $id}}) SET {sets}",
        {"id": memory_id, **props},
        read_only=False,
    )


def plain(gm: Graphmem) -> dict[str, str]:
    """Memories that pass, and memories kept out only by not being ACTIVE."""
    ids = {f"ok{i}": remember(gm, A1, U1, f"likes_{i}", f"thing {i}") for i in range(3)}
    ids["ok_u2"] = remember(gm, A2, U2, "likes_tea", "green tea")
    for n, status in enumerate(INACTIVE):
        key = status.lower()
        ids[key] = remember(gm, A1, U1, f"likes_color_{n}", f"color {n}")
        set_props(gm, ids[key], status=status)
    ids["superseded"] = remember(gm, A2, U2, "lives_in", "Seoul")
    set_props(gm, ids["superseded"], status="SUPERSEDED", tx_to="2026-08-01T00:00:00.000000Z")
    return ids


def both(
    gm: Graphmem, subject: str | None, **policy: Any
) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None, list[str], list[str]]:
    """The scan's report, the statement's (None: not the whole), and both statements' ids."""
    scoped = read_policy("acme", now=NOW, embedding_version=gm.embedder.embedding_version)
    scoped.update(policy)
    suffix = ""
    if subject is not None:
        scoped["subject_id"] = subject
        suffix = "_subject"
    scan = gm.store.read(f"retrieval/excluded{suffix}", {**scoped, "limit": LIMIT})
    [ids] = gm.store.read(f"retrieval/scope_ids{suffix}", scoped)
    [found] = gm.store.read(f"retrieval/scope_ids_report{suffix}", {**scoped, **in_phase1_params()})
    return scan, found["excluded"], ids["ids"], found["ids"]


@pytest.mark.parametrize("subject", [None, U1, U2])
def test_a_scope_kept_out_only_by_status_reads_the_scans_report(
    gm: Graphmem, subject: str | None
) -> None:
    plain(gm)
    scan, report, ids, same_ids = both(gm, subject)
    assert same_ids == ids
    assert report is not None and report == scan
    assert {e["reason"] for e in scan} >= ({"SUPERSEDED"} if subject != U1 else {"REVOKED"})


@pytest.mark.parametrize(
    ("kept_out", "props", "reason"),
    [
        ("expired by the clock", {"expires_at": "2026-08-15T00:00:00.000000Z"}, "EXPIRED"),
        ("superseded, still ACTIVE", {"tx_to": "2026-08-15T00:00:00.000000Z"}, "SUPERSEDED"),
        ("another embedding space", {"embedding_version": "other-space"}, "OTHER_EMBEDDING_SPACE"),
        ("HIGH without its purpose", {"sensitivity": "HIGH"}, "SENSITIVITY"),
    ],
)
def test_an_active_memory_kept_out_leaves_the_report_to_the_scan(
    gm: Graphmem, kept_out: str, props: dict[str, Any], reason: str
) -> None:
    plain(gm)
    odd = remember(gm, A1, U1, "likes_fruit", "apple")
    set_props(gm, odd, **props)
    for subject in (None, U1):
        scan, report, ids, same_ids = both(gm, subject)
        assert same_ids == ids and odd not in ids
        assert report is None, kept_out
        assert {e["memory_id"]: e["reason"] for e in scan}[odd] == reason
    # the other subject's scope holds no such memory: its report is read in the statement
    scan, report, _, _ = both(gm, U2)
    assert report is not None and report == scan


def test_purpose_decides_whether_a_restricted_memory_is_kept_out(gm: Graphmem) -> None:
    plain(gm)
    email = remember(
        gm,
        A1,
        U1,
        "contact_email",
        "mina@example.com",
        consent_basis="explicit_user_request",
        purposes=["support"],
    )
    scan, report, ids, _ = both(gm, U1, purpose="support")
    assert email in ids and report is not None and report == scan
    scan, report, ids, _ = both(gm, U1, purpose="marketing")
    assert email not in ids and report is None
    assert {e["memory_id"]: e["reason"] for e in scan}[email] == "PURPOSE_MISMATCH"
    _, report, ids, _ = both(gm, U1)  # no purpose: kept out, with no reason
    assert email not in ids and report is None


def test_more_excluded_than_listed_with_ties_in_recording_time(gm: Graphmem) -> None:
    base = remember(gm, A1, U1, "likes_tea", "green tea")
    gm.store._execute(  # type: ignore[attr-defined]
        # one map for every property: a copy never holds its original's memory_id, which a
        # unique constraint refuses at once on Neo4j
        "MATCH (m:Memory {memory_id: $id}) UNWIND range(1, $n) AS i "
        "CREATE (c:Memory) SET c = m {.*, memory_id: $id + '_' + toString(i), "
        "status: 'SUPERSEDED', tx_to: '2026-08-01T00:00:00.000000Z', "
        "recorded_at: CASE WHEN i % 3 = 0 THEN m.recorded_at ELSE $tied END}",
        {"id": base, "n": LIMIT + 30, "tied": "2026-07-02T00:00:00.000000Z"},
        read_only=False,
    )
    for subject in (None, U1):
        scan, report, ids, _ = both(gm, subject)
        assert list(ids) == [base] and len(scan) == LIMIT
        assert report == scan


def test_a_retrieval_reads_the_report_in_phase_one_then_scans_for_a_while(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = plain(gm)
    use_cache(gm, capacity=1000, sync_fill=None)
    gm.retriever.live_max_scope = -1  # phase 1 through retrieval/scope_ids
    asked: list[str] = []
    read = gm.store.read

    def spy(name: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(name)
        return read(name, *args, **kwargs)

    monkeypatch.setattr(gm.store, "read", spy)
    admin = principal("admin", pid="admin:ops")
    first = gm.retrieve(admin, {"query": "likes thing"})
    assert "retrieval/scope_ids_report" in asked and "retrieval/excluded" not in asked
    reasons = {e["memory_id"]: e["reason"] for e in first.excluded}
    assert reasons[ids["superseded"]] == "SUPERSEDED" and ids["erased"] not in reasons
    # an ACTIVE memory kept out: this call scans after phase 1, the next ones beside it
    odd = remember(gm, A1, U1, "likes_fruit", "pear")
    set_props(gm, odd, expires_at="2026-08-15T00:00:00.000000Z")
    asked.clear()
    second = gm.retrieve(admin, {"query": "likes thing"})
    assert asked.index("retrieval/scope_ids_report") < asked.index("retrieval/excluded")
    assert {e["memory_id"]: e["reason"] for e in second.excluded}[odd] == "EXPIRED"
    asked.clear()
    third = gm.retrieve(admin, {"query": "likes thing"})
    assert "retrieval/scope_ids" in asked and "retrieval/scope_ids_report" not in asked
    assert third.excluded == second.excluded
    # after a while the cheaper way is tried again; time travel and types always scan
    monkeypatch.setattr(excluded_module, "RESCAN_S", 0.0)
    asked.clear()
    gm.retrieve(admin, {"query": "likes thing"})
    assert "retrieval/scope_ids_report" in asked
    asked.clear()
    gm.retrieve(admin, {"query": "likes thing", "types": ["SEMANTIC"]})
    gm.retrieve(admin, {"query": "likes thing", "valid_at": "2026-08-01T00:00:00Z"})
    assert "retrieval/scope_ids_report" not in asked and asked.count("retrieval/excluded") == 2
    asked.clear()
    bare = gm.retrieve(admin, {"query": "likes thing", "include_excluded": False})
    assert bare.excluded == [] and "retrieval/scope_ids" in asked
