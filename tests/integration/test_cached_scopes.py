"""Phase 1 from the process's feature cache: the same answer as the engine's phase 1, filled in
the background, new memories reach it, and forgetting elsewhere empties it."""

from __future__ import annotations

import gc
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphmem.crypto import ContentCipher, KeyStore
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.read import cached_scopes, scope_cache
from graphmem.read.filters import read_policy, scope_params
from graphmem.read.lexical import case_forms, terms
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.phase1 import use_cache
from tests.integration.write_fixtures import ADMIN, FakeClock, claim, principal, source

U1, U2 = "user:u_1", "user:u_2"
A1 = principal("agent", subject=U1, pid="agent:s1")
A2 = principal("agent", subject=U2, pid="agent:s2")
FOREIGN = principal("agent", tenant="globex", subject=U1, pid="agent:g1")


@pytest.fixture
def gm(store: GraphStore, tmp_path: Path) -> Iterator[Graphmem]:
    service = Graphmem(
        store,
        Settings(embedder="hashing"),
        HashingEmbedder(),
        clock=FakeClock("2026-07-01T00:00:00Z"),
        cipher=ContentCipher(KeyStore(tmp_path / "keys", secrets.token_bytes(32))),
    )
    bootstrap(store, [service.embedding_space])
    yield service


def remember(gm: Graphmem, who: Any, subject: str, predicate: str, obj: Any, **extra: Any) -> str:
    text = f"{subject} {predicate.replace('_', ' ')} {obj}"
    if "consent_basis" in extra:  # consent is the subject's own request, never the field alone
        text += ", please remember it"
    sid = source(gm, who, "USER_MESSAGE", text)
    receipt = gm.propose(who, claim(subject, predicate, obj, [(sid, text, "user")], **extra))
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    assert receipt.memory_id is not None
    return receipt.memory_id


def record_reads(gm: Graphmem, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the queries ``gm`` reads from now on."""
    asked: list[str] = []
    read = gm.store.read

    def spy(name: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(name)
        return read(name, *args, **kwargs)

    monkeypatch.setattr(gm.store, "read", spy)
    return asked


def wait_for_fills() -> None:
    """Return once every background fill queued so far is done (one filler thread)."""
    cached_scopes._FILLS.submit(lambda: None).result()


def populate(gm: Graphmem) -> dict[str, str]:
    clock = gm.clock
    assert isinstance(clock, FakeClock)
    ids = {
        "drink": remember(gm, A1, U1, "favorite_drink", "Tea"),
        "city": remember(gm, A1, U1, "lives_in", "Seoul"),
        "age": remember(gm, A1, U1, "age_years", 42),
        "height": remember(gm, A1, U1, "height_m", 1.5),
        "email": remember(
            gm,
            A1,
            U1,
            "contact_email",
            "mina@example.com",
            consent_basis="explicit_user_request",
            purposes=["support"],
        ),
        "drink2": remember(gm, A2, U2, "favorite_drink", "coffee"),
        "pet": remember(gm, A2, U2, "pet_name", "Tea Biscuit"),
        "foreign": remember(gm, FOREIGN, U1, "favorite_drink", "mate"),
    }
    clock.set("2026-08-01T00:00:00Z")
    ids["city2"] = remember(gm, A1, U1, "lives_in", "Busan")  # supersedes Seoul
    for i in range(6):
        ids[f"note{i}"] = remember(gm, A2, U2, f"note_{i}", f"drink number {i}")
    return ids


def both_ways(
    gm: Graphmem, query: str, *, subject: str | None, limit: int, **policy: Any
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    retriever = gm.retriever
    cached = use_cache(gm, capacity=1000, sync_fill=None)
    scoped = read_policy(
        "acme", now="2026-09-01T00:00:00.000000Z", embedding_version=gm.embedder.embedding_version
    )
    scoped.update(policy)
    if subject is not None:
        scoped["subject_id"] = subject
    suffix = "_subject" if subject else ""
    vector = gm.embedder.encode_one(query).tolist()
    params = scope_params(scoped, vector, terms(query), limit=limit, exact_limit=2)
    engine = retriever._phase1(f"retrieval/scope{suffix}", params, parts=1)
    return engine, cached.phase1(("acme", subject), scoped, params)


def ranked(phase1: dict[str, Any]) -> list[tuple[float, str, str | None]]:
    rows = zip(phase1["semantic"], phase1["ids"], phase1["texts"], strict=True)
    return sorted(((-round(s, 5), i, t) for s, i, t in rows), key=lambda r: (r[0], r[1]))


@pytest.mark.parametrize(
    ("query", "subject", "limit", "policy"),
    [
        ("favorite drink tea", None, 1000, {}),
        ("favorite drink tea", None, 1, {}),  # exact matches beyond the most similar
        ("where does she live seoul", U1, 1000, {}),
        ("age 42 height", U1, 2, {}),  # numeric objects in their engine string form
        ("contact email", U1, 1000, {"purpose": "support"}),  # sealed text
        ("lives in", U1, 1000, {"known_at": "2026-07-15T00:00:00.000000Z"}),
        ("lives in", None, 1000, {"valid_at": "2026-07-15T00:00:00.000000Z"}),
        ("drink number", None, 1000, {"types": ["EPISODIC"]}),  # nothing passes
    ],
)
def test_cached_phase_one_answers_as_the_engine_does(
    gm: Graphmem, query: str, subject: str | None, limit: int, policy: dict[str, Any]
) -> None:
    ids = populate(gm)
    engine, cached = both_ways(gm, query, subject=subject, limit=limit, **policy)
    assert cached is not None
    # equal similarities (a superseded fact's version nodes share its vector) may come in
    # either order: compare in (similarity, id) order
    assert ranked(cached) == ranked(engine)
    semantic = engine["semantic"]
    if len(semantic) > limit:  # the cut must not fall inside a tie, or membership may differ
        assert abs(semantic[limit - 1] - semantic[limit]) > 1e-5
    assert set(cached["exact_ids"]) == set(engine["exact_ids"])
    assert sorted(cached["sealed"]) == sorted(engine["sealed"])
    assert cached["scope_size"] == engine["scope_size"]
    assert ids["foreign"] not in cached["ids"]
    if policy.get("purpose") == "support":
        assert cached["sealed"] == [[ids["email"], U1]]
    if limit == 1:
        assert len(cached["ids"]) > 1 and set(cached["exact_ids"]) - set(cached["ids"][:1])


@pytest.mark.engine_only(
    "falkordb",
    reason="on Neo4j retrieval/lexical ranks the full-text index's hits by Lucene's score; the "
    "feature cache counts query words as FalkorDB's scan does (README: The feature cache)",
)
def test_cached_lexical_rows_of_an_overflowing_scope_are_the_engines(gm: Graphmem) -> None:
    populate(gm)
    query = "favorite drink number tea"
    cached = use_cache(gm, capacity=1000, sync_fill=None)
    scoped = read_policy(
        "acme", now="2026-09-01T00:00:00.000000Z", embedding_version=gm.embedder.embedding_version
    )
    vector = gm.embedder.encode_one(query).tolist()
    forms = [case_forms(t) for t in terms(query)]
    params = scope_params(scoped, vector, terms(query), limit=2, exact_limit=0)
    got = cached.phase1(("acme", None), scoped, params, term_forms=forms, lexical_limit=5)
    engine = gm.store.read(
        "retrieval/lexical",
        {**scoped, "subject_id": None, "vector": vector, "term_forms": forms, "limit": 5},
    )
    assert got is not None and len(engine) == 5

    def order(rows: list[dict[str, Any]]) -> list[tuple[int, float, str]]:
        return sorted((-r["lexical"], -round(r["semantic"], 5), r["memory_id"]) for r in rows)

    assert order(got["lexical"]) == order(engine)
    assert {r["memory_id"]: r["text"] for r in got["lexical"]} == {
        r["memory_id"]: r["text"] for r in engine
    }


@pytest.mark.parametrize("ann", [False, True])
def test_an_overflowing_cached_scope_whose_texts_hold_no_query_word_asks_no_lexical_scan(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch, ann: bool
) -> None:
    """The cache counted the query's words over the whole scope and found none: the engine's
    lexical scan would find none either, so it is not run (it cost ~150 ms at 95k memories);
    a word some text holds still brings its rows, and the answers are the engine's."""
    ids = populate(gm)
    use_cache(gm, capacity=1000, sync_fill=None, ann=ann)
    retriever = gm.retriever
    retriever.scope_pool, retriever.pool = 3, 2  # the tenant's 15 memories overflow phase 1
    asked = record_reads(gm, monkeypatch)
    for query in ("qwertz yxcvb", "qwertz biscuit"):
        asked.clear()
        cached = gm.retrieve(ADMIN, {"query": query, "k": 2})
        assert "retrieval/lexical" not in asked
        assert (ids["pet"] in cached.candidate_ids) == ("biscuit" in query)  # "Tea Biscuit"
        if ann:  # (equally similar memories may come in another order through the index)
            continue
        retriever.cached = None
        asked.clear()
        engine = gm.retrieve(ADMIN, {"query": query, "k": 2})
        assert "retrieval/lexical" in asked
        use_cache(gm, capacity=1000, sync_fill=None)
        assert cached.candidate_ids == engine.candidate_ids
        assert cached.candidate_count == engine.candidate_count
        assert [r.memory_id for r in cached.results] == [r.memory_id for r in engine.results]


def test_a_large_scope_is_ranked_beside_the_engine_only_for_the_same_ids(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scope with a kept view is ranked from it while the engine applies the filters; that
    answer is used only when the engine hands back exactly the view's ids with no slot changed
    since, and it is the answer ranking afterwards gives. A memory written meanwhile changes
    the ids: it is ranked again, and the new memory is found."""
    populate(gm)
    monkeypatch.setattr(scope_cache, "VIEW_MIN_SCOPE", 1)
    cached = use_cache(gm, capacity=1000, sync_fill=None, ann=True)
    threads: list[str] = []
    rank = cached_scopes.rank_scope_ann

    def spy(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return rank(*args, **kwargs)

    monkeypatch.setattr(cached_scopes, "rank_scope_ann", spy)
    scoped = read_policy(
        "acme", now="2026-09-01T00:00:00.000000Z", embedding_version=gm.embedder.embedding_version
    )
    vector = gm.embedder.encode_one("favorite drink tea").tolist()
    params = scope_params(scoped, vector, terms("favorite drink tea"), limit=5, exact_limit=2)
    first = cached.phase1(("acme", None), scoped, params, use_ann=True)
    assert first is not None and first["ann"] and threads == ["MainThread"]
    threads.clear()
    later_clock = {**scoped, "now": "2026-09-02T00:00:00.000000Z"}  # the clock is no filter key
    again = cached.phase1(("acme", None), later_clock, params, use_ann=True)
    assert again == first  # the answer ranked beside the engine's statement
    assert len(threads) == 1 and threads[0].startswith("graphmem-side-query")
    # another query's vector: ranked beside too, and the same as ranked afresh
    other = {**params, "vector": gm.embedder.encode_one("lives in seoul").tolist()}
    threads.clear()
    beside = cached.phase1(("acme", None), scoped, other, use_ann=True)
    assert threads[0].startswith("graphmem-side-query") and len(threads) == 1
    fresh = use_cache(gm, capacity=1000, sync_fill=None, ann=True)
    assert fresh.phase1(("acme", None), scoped, other, use_ann=True) == beside
    # a memory written since: other ids, ranked again after the engine answered
    later = remember(gm, A1, U1, "favorite_tea", "jasmine tea")
    threads.clear()
    after = cached.phase1(("acme", None), scoped, params, use_ann=True)
    assert after is not None and later in after["ids"]
    assert threads[-1] == "MainThread"


def test_a_scope_is_filled_in_the_background_then_ranked_from_the_cache(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = populate(gm)
    retriever = gm.retriever
    assert retriever.cached is not None and retriever.cached.sync_fill == 128  # the defaults
    assert retriever.features is not None
    asked = record_reads(gm, monkeypatch)
    request = {"query": "favorite drink", "subject_id": U1}
    first = gm.retrieve(A1, request)
    assert "retrieval/scope_subject" in asked  # the engine ranks while the cache is empty
    wait_for_fills()  # the fill queued before it is done
    fillers = [t for t in threading.enumerate() if t.name == "graphmem-scope-fill"]
    assert fillers and all(t.daemon for t in fillers)  # never holds up the process's exit
    assert ("acme", ids["drink"]) in retriever.features
    # what the fill keeps is frozen out of later full collections (read/cached_scopes)
    assert gc.get_freeze_count() > 0
    asked.clear()
    second = gm.retrieve(A1, request)
    # a small scope from the cache: its ids and live columns in one statement (read/hydrate)
    assert "retrieval/scope_live_subject" in asked and "retrieval/scope_subject" not in asked
    assert "retrieval/hydrate" not in asked
    assert [r.memory_id for r in second.results] == [r.memory_id for r in first.results]

    later = remember(gm, A1, U1, "favorite_snack", "rice cake")  # written after the fill
    found = gm.retrieve(A1, {"query": "favorite snack rice cake", "subject_id": U1})
    assert found.results[0].memory_id == later and ("acme", later) in retriever.features


def test_scopes_too_large_or_that_would_crowd_a_full_cache_stay_in_the_engine(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = populate(gm)
    for i in range(4):
        remember(gm, A1, U1, f"hobby_{i}", f"hobby {i}")  # U1 now holds 8 current memories
    retriever = gm.retriever
    use_cache(gm, capacity=16)

    def settle(who: Any, request: dict[str, Any]) -> None:
        gm.retrieve(who, request)
        wait_for_fills()

    settle(ADMIN, {"query": "drink number"})  # the tenant: 16 memories, more than half
    assert len(retriever.features) == 0
    settle(A1, {"query": "favorite drink", "subject_id": U1})
    settle(A2, {"query": "drink number", "subject_id": U2})
    assert len(retriever.features) == 16  # 8 + 8: full
    settle(FOREIGN, {"query": "favorite drink"})  # one more would push U1's or U2's out
    assert len(retriever.features) == 16 and ("globex", ids["foreign"]) not in retriever.features

    asked = record_reads(gm, monkeypatch)
    result = gm.retrieve(ADMIN, {"query": "drink number 3", "k": 3})
    foreign = gm.retrieve(FOREIGN, {"query": "favorite drink"})
    wait_for_fills()
    assert "drink number 3" in (result.results[0].row.get("text") or "")
    assert [r.row["object"] for r in foreign.results] == ["mate"]
    # both ranked in the engine (FOREIGN's key is bound to U1: its scope is that subject),
    # and neither fill is tried again so soon
    assert asked.count("retrieval/scope") == 1 and asked.count("retrieval/scope_subject") == 1
    cached = {f"retrieval/scope_{v}{s}" for v in ("ids", "live") for s in ("", "_subject")}
    assert not cached & set(asked)
    gm.retrieve(A1, {"query": "hobby 2", "subject_id": U1})
    assert "retrieval/scope_live_subject" in asked  # a cached scope still is


def test_forgetting_in_another_process_empties_this_cache(gm: Graphmem, store: GraphStore) -> None:
    ids = populate(gm)
    use_cache(gm, capacity=1000, sync_fill=None)
    gm.retrieve(A1, {"query": "favorite drink", "subject_id": U1})
    features = gm.retriever.features
    assert ("acme", ids["drink"]) in features and features.epoch is not None
    epoch = features.epoch

    # another process on the same store: its own Graphmem, its own (empty) cache
    other = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=gm.clock)
    receipt = other.erase_subject(ADMIN, U1)
    assert receipt.counts["memories"] >= 5

    result = gm.retrieve(A2, {"query": "favorite drink"})  # any scope: the epoch is global
    # an erasure moves the epoch once per statement (its batches each do, so a reader between
    # two batches already drops what the first one erased): moved, by one or more
    assert features.epoch is not None and features.epoch > epoch
    assert not any(("acme", ids[k]) in features for k in ("drink", "city", "email", "age"))
    assert ids["drink"] not in {r.memory_id for r in result.results}
    assert ("acme", ids["drink2"]) in features  # refilled: U2's memories are still there


def test_erasing_in_this_process_empties_its_cache_at_once(gm: Graphmem) -> None:
    ids = populate(gm)
    use_cache(gm, capacity=1000, sync_fill=None)
    gm.retrieve(A2, {"query": "drink number"})
    assert len(gm.retriever.features) > 0
    gm.erase_memory(ADMIN, ids["note3"])
    assert len(gm.retriever.features) == 0
    result = gm.retrieve(A2, {"query": "drink number 3", "k": 10})
    assert ids["note3"] not in {r.memory_id for r in result.results}
    assert ("acme", ids["note3"]) not in gm.retriever.features


def test_close_stops_a_running_fill_before_the_store_closes(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    import time

    populate(gm)
    cached = use_cache(gm, capacity=1000)
    fetching = threading.Event()
    after_close: list[str] = []
    read = gm.store.read

    def slow(name: str, *args: Any, **kwargs: Any) -> Any:
        if cached._closed.is_set():
            after_close.append(name)
        if name == "retrieval/features":
            fetching.set()
            time.sleep(0.5)
        return read(name, *args, **kwargs)

    monkeypatch.setattr(gm.store, "read", slow)
    monkeypatch.setattr(cached, "_fetch", _one_id_at_a_time(cached))
    gm.retrieve(ADMIN, {"query": "drink number"})  # the engine ranks; a fill starts
    assert fetching.wait(10)
    gm.close()  # waits for the fill's current read, then the fill stops
    assert not cached._fills
    assert after_close.count("retrieval/features") <= 1  # the read running at close at most
    time.sleep(0.6)
    assert after_close.count("retrieval/features") <= 1


def _one_id_at_a_time(cached: Any) -> Any:
    """A fill that reads one memory per statement, so it is still running when close comes."""
    fetch = cached._fetch

    def one_by_one(tenant_id: str, ids: Any, *, epoch: int) -> None:
        for memory_id in ids:
            fetch(tenant_id, [memory_id], epoch=epoch)

    return one_by_one
