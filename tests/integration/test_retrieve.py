"""Retrieval: hard filters before ranking, isolation, time travel, explanations, logs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.read.filters import read_policy, scope_params
from graphmem.read.hydrate import hydrate
from graphmem.read.ranking import Weights
from graphmem.read.retrieve import Retriever
from graphmem.read.scope_cache import FeatureCache
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.phase1 import PHASE1_MODES, use_phase1
from tests.integration.write_fixtures import (
    ADMIN,
    REVIEWER,
    FakeClock,
    claim,
    principal,
    release,
    source,
    vpn_draft,
)

U1 = "user:u_1"
U2 = "user:u_2"
A1 = principal("agent", subject=U1, pid="agent:s1")
A2 = principal("agent", subject=U2, pid="agent:s2")
OTHER_TENANT = principal("agent", tenant="globex", subject=U1, pid="agent:g1")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock("2026-07-01T00:00:00Z")


@pytest.fixture(params=PHASE1_MODES)
def gm(store: GraphStore, clock: FakeClock, request: pytest.FixtureRequest) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    yield use_phase1(service, request.param)


def remember(gm: Graphmem, who, subject: str, predicate: str, obj: str, text: str, **extra):  # type: ignore[no-untyped-def]
    sid = source(gm, who, "USER_MESSAGE", text)
    receipt = gm.propose(who, claim(subject, predicate, obj, [(sid, text, "user")], **extra))
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    return receipt.memory_id


def ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [r["memory"]["memory_id"] for r in result.as_dict()["results"]]


def test_other_tenants_and_subjects_never_appear(gm: Graphmem) -> None:
    mine = remember(gm, A1, U1, "favorite_drink", "tea", "My favorite drink is tea")
    theirs = remember(gm, A2, U2, "favorite_drink", "coffee", "My favorite drink is coffee")
    foreign = remember(gm, OTHER_TENANT, U1, "favorite_drink", "mate", "My favorite drink is mate")
    r = gm.retrieve(A1, {"query": "favorite drink", "subject_id": U1})
    assert ids(r) == [mine]
    every = ids(gm.retrieve(ADMIN, {"query": "favorite drink"}))
    assert set(every) == {mine, theirs} and foreign not in every
    excluded = {e["memory_id"] for e in r.excluded}
    assert theirs not in excluded and foreign not in excluded


def test_isolation_holds_under_concurrent_requests(gm: Graphmem) -> None:
    mine = remember(gm, A1, U1, "favorite_drink", "tea", "My favorite drink is tea")
    theirs = remember(gm, A2, U2, "favorite_drink", "coffee", "My favorite drink is coffee")

    def ask(i: int) -> tuple[str, list[str]]:
        who, subject = (A1, U1) if i % 2 == 0 else (A2, U2)
        return subject, ids(gm.retrieve(who, {"query": "drink", "subject_id": subject}))

    with ThreadPoolExecutor(max_workers=8) as pool:
        for subject, got in pool.map(ask, range(40)):
            assert got == ([mine] if subject == U1 else [theirs])


def test_user_key_is_held_to_its_own_subject(gm: Graphmem) -> None:
    remember(gm, A2, U2, "favorite_drink", "coffee", "My favorite drink is coffee")
    user1 = principal("user", subject=U1)
    from graphmem.errors import ForbiddenError

    with pytest.raises(ForbiddenError):
        gm.retrieve(user1, {"query": "drink", "subject_id": U2})
    assert ids(gm.retrieve(user1, {"query": "drink"})) == []


def test_superseded_expired_and_revoked_are_excluded_with_reasons(
    gm: Graphmem, clock: FakeClock
) -> None:
    old = remember(gm, A1, U1, "prefers_answer_length", "concise", "Keep answers concise")
    clock.set("2026-07-16T00:00:00Z")
    new = remember(gm, A1, U1, "prefers_answer_length", "detailed", "I want detailed answers")
    brief = remember(
        gm,
        A1,
        U1,
        "current_city",
        "Busan",
        "I am in Busan this week",
        expires_at="2026-07-20T00:00:00Z",
    )
    revoked = remember(gm, A1, U1, "favorite_color", "green", "My favorite color is green")
    gm.store._execute(
        "MATCH (m:Memory {memory_id: $id}) SET m.status = 'REVOKED', m.tx_to = $t",
        {"id": revoked, "t": "2026-07-16T00:00:00.000000Z"},
        read_only=False,
    )
    clock.set("2026-07-25T00:00:00Z")
    r = gm.retrieve(A1, {"query": "answers length city color", "subject_id": U1})
    got = ids(r)
    assert new in got and old not in got and brief not in got and revoked not in got
    reasons = {e["memory_id"]: e["reason"] for e in r.excluded}
    assert reasons[old] == "SUPERSEDED" and reasons[brief] == "EXPIRED"
    assert reasons[revoked] == "REVOKED"
    # time travel: what was true on July 10
    back = gm.retrieve(
        A1, {"query": "answers length", "subject_id": U1, "valid_at": "2026-07-10T00:00:00Z"}
    )
    objects = [x["memory"]["object"] for x in back.as_dict()["results"]]
    assert objects == ["concise"]


def test_purpose_and_sensitivity_are_hard_filters(gm: Graphmem) -> None:
    text = "You can reach me at mina.kim@example.com"
    sid = source(gm, A1, "USER_MESSAGE", text)
    r = gm.propose(
        A1,
        claim(
            U1,
            "contact_email",
            "mina.kim@example.com",
            [(sid, "mina.kim@example.com", "user")],
            consent_basis="explicit_user_request",
            purposes=["support"],
        ),
    )
    assert r.decision is Decision.COMMITTED
    hit = gm.retrieve(A1, {"query": "contact email", "subject_id": U1, "purpose": "support"})
    assert ids(hit) == [r.memory_id]
    miss = gm.retrieve(A1, {"query": "contact email", "subject_id": U1, "purpose": "marketing"})
    assert ids(miss) == []
    assert {e["memory_id"]: e["reason"] for e in miss.excluded}[r.memory_id] == "PURPOSE_MISMATCH"
    assert ids(gm.retrieve(A1, {"query": "contact email", "subject_id": U1})) == []


def test_results_explain_their_score_and_exact_predicates_win(gm: Graphmem) -> None:
    lang = remember(gm, A1, U1, "prefers_answer_language", "ko-KR", "답변은 계속 한국어로 해 줘")
    remember(gm, A1, U1, "hobby", "reading", "I love reading about language history")
    r = gm.retrieve(
        A1, {"query": "which answer language does the user prefer?", "subject_id": U1}
    ).as_dict()
    assert r["results"][0]["memory"]["memory_id"] == lang
    top = r["results"][0]
    assert set(top["breakdown"]) == {
        "semantic",
        "lexical",
        "expansion",
        "entity",
        "recency",
        "importance",
        "authority",
        "outcome",
        "conflict",
        "staleness",
        "question",
        "redundant",
    }
    assert top["breakdown"]["entity"] > 0
    assert abs(sum(top["breakdown"].values()) - top["score"]) < 1e-4
    assert r["retriever_version"] == "graphmem-ranker-6"


def test_procedures_the_release_serves_whose_state_fits(gm: Graphmem) -> None:
    old = release(gm, vpn_draft("2.2.0", preconditions=["error_720"], tests=["vpn-mismatch-reset"]))
    body = vpn_draft(
        "2.3.0",
        preconditions=["error_720", "windows"],
        required_capabilities=["restart_adapter"],
        tests=["vpn-mismatch-reset"],
    )
    body["scenarios"][0]["capabilities"] = ["restart_adapter"]
    new = release(gm, body)
    q = {"query": "VPN error 720 fix", "types": ["PROCEDURAL"]}
    state = {"facts": ["error_720", "windows"], "capabilities": ["restart_adapter"]}
    before = gm.retrieve(ADMIN, {**q, "state": state})
    assert ids(before) == [old]  # published, but not serving until a canary or promotion
    assert {e["memory_id"]: e["reason"] for e in before.excluded}[new] == "NOT_SERVING"
    gm.releases.promote(REVIEWER, "vpn-720-fix", "2.3.0")
    fits = gm.retrieve(ADMIN, {**q, "state": state})
    assert ids(fits) == [new]
    assert {e["memory_id"]: e["reason"] for e in fits.excluded}[old] == "DEPRECATED"
    no_cap = gm.retrieve(ADMIN, {**q, "state": {"facts": ["error_720", "windows"]}})
    assert ids(no_cap) == [] and {e["reason"] for e in no_cap.excluded} >= {"CAPABILITY_MISSING"}


def test_every_retrieval_is_logged_without_content(gm: Graphmem) -> None:
    mine = remember(gm, A1, U1, "favorite_drink", "tea", "My favorite drink is tea")
    r = gm.retrieve(A1, {"query": "what does the user drink", "subject_id": U1})
    analyst = principal("analyst")
    window = {"from": "2000-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"}
    # the service's query call flushes the background log writer first
    logs = gm.named_query("audit/retrieval_logs", window, tenant_id=analyst.tenant_id).items
    assert [entry["query_id"] for entry in logs] == [r.query_id]
    assert logs[0]["selected_ids"] == [mine]
    assert logs[0]["candidate_ids"] == [mine] and logs[0]["candidate_count"] == 1
    assert mine in json.loads(logs[0]["scores_json"])
    stored = gm.store.read_adhoc("MATCH (l:RetrievalLog) RETURN properties(l) AS p")
    assert "tea" not in json.dumps(stored) and "drink" not in json.dumps(stored)
    assert gm.named_query("audit/retrieval_logs", window, tenant_id="globex").items == []


def test_a_scope_larger_than_phase_one_keeps_exact_and_lexical_candidates(
    gm: Graphmem,
) -> None:
    """Phase 1 hands back 8 rows (4·k) of a 22-memory scope, all of them short notes closer to
    the query than two long memories; the exact predicate match and the memory holding most
    query words are still ranked (found beyond the limit by the exact-match rule and by
    ``retrieval/lexical``)."""
    filler = " ".join(f"w{i}" for i in range(40))
    noise = [
        remember(gm, A1, U1, f"note_{i}", f"noted item day {i}", f"Noted item day {i}")
        for i in range(20)
    ]
    exact = remember(gm, A1, U1, "allergy", f"peanuts {filler}", f"Keep away from peanuts {filler}")
    lexical = remember(
        gm,
        A1,
        U1,
        "travel_plan",
        f"zyxwv noted item day {filler}",
        f"The zyxwv trip: zyxwv noted item day {filler}",
    )
    # in the "cache" mode the lexical candidates come from the feature cache's texts
    features = FeatureCache(100, gm.embedder.dimension) if gm.retriever.cached else None
    # what is tested is where candidates come from, not the fusion's calibration: a lexical-
    # heavy ranker, so the memory holding the query's rare words wins once it is found (the
    # default fusion weighs a long, semantically distant match less: since graphmem-ranker-3)
    small = Retriever(
        gm.store,
        gm.embedder,
        clock=gm.clock,
        weights=Weights(lexical=4.0, lexical_pool_prior=0.0),
        pool=2,
        scope_pool=3,
        features=features,
        sync_fill=None,
    )
    request = {"query": "noted item day: allergy zyxwv", "subject_id": U1, "k": 2}
    result = small.retrieve(A1, parse_request(request))
    assert result.candidate_count > 8
    assert exact in set(result.candidate_ids), "exact"
    assert lexical in set(result.candidate_ids), "lexical"
    assert set(result.candidate_ids) <= {exact, lexical, *noise}
    # the scope is now known to overflow: the lexical query runs beside phase 1, same outcome
    again = small.retrieve(A1, parse_request(request))
    assert again.candidate_ids == result.candidate_ids
    assert [s.memory_id for s in again.results] == [s.memory_id for s in result.results]
    if features is not None:
        assert len(features) == 22  # ranked from the cache, lexical rows included

    # a scope that fits phase 1, scanned in disjoint parts side by side: same outcome
    def retriever(**kw: Any) -> Retriever:
        return Retriever(gm.store, gm.embedder, clock=gm.clock, pool=2, scope_pool=50, **kw)

    whole = retriever(scope_parts=1).retrieve(A1, parse_request(request))
    for parts in (2, 3):
        split = retriever(scope_parts=parts, split_at=1)
        split.retrieve(A1, parse_request(request))  # learns the scope's size
        calls: list[dict[str, Any]] = []
        split.store = Recording(gm.store, calls)  # type: ignore[assignment]
        in_parts = split.retrieve(A1, parse_request(request))
        assert sorted(c["part"] for c in calls if "part" in c) == list(range(parts))
        assert in_parts.candidate_ids == whole.candidate_ids
        assert in_parts.candidate_count == whole.candidate_count
        assert [s.memory_id for s in in_parts.results] == [s.memory_id for s in whole.results]
        assert in_parts.excluded == whole.excluded  # the report runs after the parts here
    policy = read_policy(
        A1.tenant_id, now=gm.clock(), embedding_version=gm.embedder.embedding_version
    )
    phase1 = gm.store.read(
        "retrieval/scope_subject",
        scope_params(
            {**policy, "subject_id": U1},
            gm.embedder.encode_one(request["query"]).tolist(),
            ["noted", "item", "day", "allergy", "zyxwv"],
            limit=8,
            exact_limit=0,
        ),
    )[0]
    assert phase1["scope_size"] == 22 and exact not in phase1["ids"]
    assert lexical not in phase1["ids"]


def test_phase_two_applies_the_hard_filters_again(gm: Graphmem, clock: FakeClock) -> None:
    """A memory superseded between the two phases is not returned by phase 2."""
    old = remember(gm, A1, U1, "home_city", "busan", "I live in Busan")
    clock.set("2026-07-02T00:00:00Z")
    new = remember(gm, A1, U1, "home_city", "seoul", "I moved to Seoul")
    params = {
        **read_policy(A1.tenant_id, now=clock(), embedding_version=gm.embedder.embedding_version),
        "subject_id": U1,
    }
    rows = hydrate(gm.store, params, [old, new], tenant_id=A1.tenant_id, features=None)
    assert [r["memory_id"] for r in rows] == [new] and rows[0]["object"] == "seoul"
    foreign = hydrate(
        gm.store, {**params, "tenant_id": "globex"}, [old, new], tenant_id="globex", features=None
    )
    assert foreign == []


def parse_request(body: dict[str, object]):  # type: ignore[no-untyped-def]
    from graphmem.read.retrieve import RetrieveRequest

    return RetrieveRequest.model_validate(body)


class Recording:
    """A store that records the parameters of every read (and otherwise passes through)."""

    def __init__(self, inner: Any, calls: list[dict[str, Any]]) -> None:
        self.inner, self.calls = inner, calls

    def read(self, name: str, params: dict[str, Any]) -> Any:
        self.calls.append(params)
        return self.inner.read(name, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_rows_read_again_are_the_same_and_show_what_changed_since(
    gm: Graphmem, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Phase 2 keeps a claim's fixed columns once read (read/hydrate, in the feature-cache
    modes): the row read again is the row read first, and what a write may still change — an
    open conflict another claim brings, a purpose that ended — shows on the next retrieval."""
    clock.set("2026-07-16T00:00:00Z")
    s1 = source(gm, A1, "USER_MESSAGE", "Alpha ships on Friday.")
    first = gm.propose(
        A1,
        claim(
            U1,
            "ship_day",
            "friday",
            [(s1, "ships on Friday", "user")],
            valid_from="2026-07-10T00:00:00Z",
        ),
    )
    mail = "Reach me at mina.kim@example.com"
    s2 = source(gm, A1, "USER_MESSAGE", mail)
    email = gm.propose(
        A1,
        claim(
            U1,
            "contact_email",
            "mina.kim@example.com",
            [(s2, "mina.kim@example.com", "user")],
            consent_basis="explicit_user_request",
            purposes=["ticket_42", "billing"],
        ),
    )
    assert first.decision is Decision.COMMITTED and email.decision is Decision.COMMITTED

    def rows() -> dict[str, dict[str, Any]]:
        got = gm.retrieve(
            A1, {"query": "ship day contact email", "subject_id": U1, "purpose": "billing"}
        ).as_dict()
        return {r["memory"]["memory_id"]: r for r in got["results"]}

    before = rows()
    again = rows()
    for memory_id, row in before.items():
        assert again[memory_id]["memory"] == row["memory"]
    assert before[first.memory_id]["breakdown"]["conflict"] == 0
    s3 = source(gm, A1, "USER_MESSAGE", "Alpha ships on Monday (as decided in June).")
    other = gm.propose(
        A1,
        claim(
            U1,
            "ship_day",
            "monday",
            [(s3, "ships on Monday", "user")],
            valid_from="2026-06-01T00:00:00Z",
        ),
    )
    assert "CONFLICT_UNRESOLVED" in {r.code for r in other.reasons}
    gm.expire_purpose(ADMIN, "ticket_42")
    after = rows()
    assert after[first.memory_id]["breakdown"]["conflict"] < 0
    assert after[email.memory_id]["memory"]["purposes"] == ["billing"]
    assert before[email.memory_id]["memory"]["purposes"] == ["ticket_42", "billing"]
    # a small scope from the feature cache: phase 1 brought the live columns, the others are
    # kept, so phase 2 needs no statement, and the rows are the ones just read
    names: list[str] = []
    inner = gm.retriever.store.read

    def read(name: str, *args: Any, **kwargs: Any) -> Any:
        names.append(name)
        return inner(name, *args, **kwargs)

    monkeypatch.setattr(gm.retriever.store, "read", read)
    last = rows()
    assert {k: v["memory"] for k, v in last.items()} == {k: v["memory"] for k, v in after.items()}
    if gm.retriever.cached is not None and gm.retriever.live_max_scope >= 0:
        assert "retrieval/scope_live_subject" in names and "retrieval/hydrate" not in names
    else:  # (``ann`` mode reads no live columns in phase 1: tests/integration/phase1)
        assert "retrieval/hydrate" in names
