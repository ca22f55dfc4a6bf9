"""Large-scope phase 1 through an index — the feature cache's HNSW (read/ann) or the engine's
own vector index (``retrieval/scope_vector``, Neo4j) — keeps the hard filters exact: the
memory nearest to the query is never returned when a filter refuses it, the answer matches the
exact path's, and when too few of the index's nearest pass the filters the exact path answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration.phase1 import hashing_service
from tests.integration.write_fixtures import claim, principal, source

U1 = "user:u_1"
U2 = "user:u_2"
A1 = principal("agent", subject=U1, pid="agent:s1")
A2 = principal("agent", subject=U2, pid="agent:s2")
QUERY = "which espresso machine did I buy last spring"


@pytest.fixture(params=["ann", "vector"])
def gm(store: GraphStore, request: pytest.FixtureRequest) -> Iterator[Graphmem]:
    yield hashing_service(store, request.param)


def remember(gm: Graphmem, who: Any, subject: str, text: str, **extra: Any) -> str:
    sid = source(gm, who, "USER_MESSAGE", text)
    # each text ends in its own word: its own claim (predicate and object), grounded in it
    obj = text.split()[-1]
    body = claim(subject, f"note_{obj}", obj, [(sid, text, "user")], text=text, **extra)
    receipt = gm.propose(who, body)
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    return receipt.memory_id or ""


def word(i: int) -> str:
    """A distinct word for each ``i`` (letters only)."""
    return "tag" + "".join(chr(97 + (i // 26**j) % 26) for j in range(3))


def ids(result: Any) -> list[str]:
    return [r["memory"]["memory_id"] for r in result.as_dict()["results"]]


def exact_ids(gm: Graphmem, request: dict[str, Any]) -> list[str]:
    """The same request answered by the exact path (phase 1 ranked in the engine)."""
    cached, threshold = gm.retriever.cached, gm.retriever.vector_min_scope
    gm.retriever.cached, gm.retriever.vector_min_scope = None, 2**62
    try:
        return ids(gm.retriever.retrieve(A1, gm_request(request), log=False))
    finally:
        gm.retriever.cached, gm.retriever.vector_min_scope = cached, threshold


def gm_request(body: dict[str, Any]) -> Any:
    from graphmem.read.retrieve import RetrieveRequest

    return RetrieveRequest.model_validate(body)


def test_the_nearest_memory_is_never_returned_when_a_filter_refuses_it(gm: Graphmem) -> None:
    # the query's own text (cosine 1: the nearest memory for any index), refused three ways:
    # another subject's, purpose-limited to another purpose, superseded by a correction
    theirs = remember(gm, A2, U2, QUERY)
    limited = remember(gm, A1, U1, QUERY + " billing", purposes=["billing"])
    old = remember(gm, A1, U1, QUERY + " earlier")
    gm.store._execute(
        "MATCH (m:Memory {memory_id: $id}) SET m.status = 'SUPERSEDED', m.tx_to = $t",
        {"id": old, "t": "2026-06-30T00:00:00.000000Z"},
        read_only=False,
    )
    mine = [remember(gm, A1, U1, f"espresso note about the kitchen {word(i)}") for i in range(12)]
    request = {"query": QUERY, "subject_id": U1, "k": 10, "purpose": "support"}
    got = ids(gm.retrieve(A1, request))
    assert theirs not in got and limited not in got and old not in got
    assert set(got) <= set(mine) and len(got) == 10
    assert got == exact_ids(gm, request)


class Reads:
    """The store, recording the name of every read."""

    def __init__(self, inner: GraphStore, names: list[str]) -> None:
        self.inner, self.names = inner, names

    def read(self, name: str, params: Any = None, **kw: Any) -> Any:
        self.names.append(name)
        return self.inner.read(name, params, **kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.mark.engine_only("neo4j", reason="FalkorDB has no filtered vector search")
def test_the_vector_index_answers_alone_when_enough_of_its_nearest_pass(store: GraphStore) -> None:
    gm = hashing_service(store, "vector")
    for i in range(6):
        remember(gm, A2, U2, f"{QUERY} {word(i)}")
    mine = [remember(gm, A1, U1, f"espresso note about the kitchen {word(i)}") for i in range(5)]
    names: list[str] = []
    gm.retriever.store = Reads(store, names)  # type: ignore[assignment]
    request = {"query": QUERY, "subject_id": U1, "k": 10}
    got = ids(gm.retriever.retrieve(A1, gm_request(request), log=False))
    assert "retrieval/scope_vector" in names and "retrieval/scope_subject" not in names
    assert set(got) == set(mine)
    assert got == exact_ids(gm, request)


@pytest.mark.engine_only("neo4j", reason="FalkorDB has no filtered vector search")
def test_too_few_survivors_fall_back_to_the_exact_path(store: GraphStore) -> None:
    gm = hashing_service(store, "vector")
    # the index's nearest are all another subject's; asked for 4 of them, none passes U1's filter
    for i in range(8):
        remember(gm, A2, U2, f"{QUERY} {word(i)}")
    mine = [remember(gm, A1, U1, f"espresso note about the kitchen {word(i)}") for i in range(3)]
    gm.retriever.vector_max_fetch = 4
    names: list[str] = []
    gm.retriever.store = Reads(store, names)  # type: ignore[assignment]
    request = {"query": QUERY, "subject_id": U1, "k": 10}
    got = ids(gm.retriever.retrieve(A1, gm_request(request), log=False))
    assert names.index("retrieval/scope_vector") < names.index("retrieval/scope_subject")
    assert set(got) == set(mine)  # never fewer than the exact path gives
    assert got == exact_ids(gm, request)
