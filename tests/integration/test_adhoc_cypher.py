"""Ad-hoc Cypher: admins only, read-only, and bound to the key's tenant by construction.

The isolation test runs the probe's shapes (issue 10) and ~1,100 generated hostile shapes
(tests/adhoc_shapes.py) over a graph holding two tenants, decoys and cross-tenant edges, and
holds every answer to an oracle: the same query, unbound, on the graph with only the caller's
tenant left. Equal rows mean no foreign row, count or value — not only no canary — and that
legitimate queries still answer correctly through the rewrite.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.adhoc import MAX_QUERY_CHARS, refusals
from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import GraphmemError
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.adhoc_shapes import (
    TENANT,
    build_two_tenants,
    keep_only_the_tenant,
    leaks,
    normalized,
    shapes,
)


@dataclass
class Adhoc:
    store: GraphStore
    client: TestClient
    admin: dict[str, str]
    analyst: dict[str, str]

    def post(self, query: str, params: dict[str, Any] | None = None, limit: int = 1000) -> Any:
        """The answer to ``query``; at the highest ``limit`` unless told, so that the shapes'
        answers are whole (the test of the bound checks ``truncated``)."""
        body = {"query": query, "params": params or {}, "limit": limit}
        return self.client.post("/v1/cypher-adhoc", headers=self.admin, json=body)


@pytest.fixture
def adhoc(store: GraphStore) -> Iterator[Adhoc]:
    gm = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder())
    bootstrap(store, [gm.embedding_space])
    build_two_tenants(store)

    def bearer(role: str) -> dict[str, str]:
        return {"Authorization": "Bearer " + create_key(store, tenant_id=TENANT, roles=[role]).key}

    with TestClient(create_app(graphmem=gm)) as client:
        yield Adhoc(store, client, bearer("admin"), bearer("analyst"))


def outcome(store: GraphStore, text: str) -> tuple[str, Any]:
    """What the engine answers to a query run as written: ("rows", normalized) or ("error",)."""
    try:
        return "rows", normalized(store.read_adhoc(text, {"tenant_id": TENANT}))
    except GraphmemError:
        return "error", None


def test_probe_and_generated_shapes_answer_exactly_the_tenants_rows(adhoc: Adhoc) -> None:
    cases = shapes()
    assert len(cases) > 1_000
    answers = {case.name: adhoc.post(case.text) for case in cases}
    unbound = {case.base: outcome(adhoc.store, case.base) for case in cases}
    keep_only_the_tenant(adhoc.store)
    left = "MATCH (n) WHERE [n.tenant_id] <> [$t] RETURN count(n) AS c"
    assert adhoc.store.read_adhoc(left, {"t": TENANT}) == [{"c": 0}]
    oracle = {case.base: outcome(adhoc.store, case.base) for case in cases}

    wrong = []
    for case in cases:
        answer, (kind, rows) = answers[case.name], oracle[case.base]
        assert answer.status_code < 500, (case.text, answer.text)
        assert not leaks(answer.json()), (case.text, answer.text)
        if kind == "rows":
            assert answer.status_code != 200 or not answer.json()["truncated"], case.text
            got = normalized(answer.json()["rows"]) if answer.status_code == 200 else answer.text
            if got != rows:
                wrong.append((case.name, case.text, got, rows))
        elif answer.status_code != 422:  # the engine refuses it on the tenant's data alone too
            wrong.append((case.name, case.text, answer.text, "an error"))
    assert wrong == [], wrong[:5]

    # the shapes are hostile: run unbound on both tenants, most of them read foreign data
    foreign = [c for c in cases if unbound[c.base][0] == "rows" and leaks(unbound[c.base][1])]
    differ = [c for c in cases if unbound[c.base] != oracle[c.base]]
    assert len(foreign) > len(cases) / 2 and len(differ) > 0.9 * len(cases)
    # and not vacuous: most answers hold the tenant's own rows
    answered = [a for a in answers.values() if a.status_code == 200 and a.json()["rows"]]
    assert len(answered) > 0.6 * len(cases)


def test_admins_only_and_tenant_id_comes_from_the_key(adhoc: Adhoc) -> None:
    q = "MATCH (m:Memory {key: $key}) RETURN m.text AS t"
    denied = adhoc.client.post("/v1/cypher-adhoc", headers=adhoc.analyst, json={"query": q})
    assert denied.status_code == 403
    ok = adhoc.post(q, {"key": "am1"})
    assert ok.status_code == 200 and ok.json()["rows"] == [{"t": "own-acme-memory-1"}]
    assert adhoc.post(q, {"key": "gm1"}).json()["rows"] == []
    smuggle = adhoc.post(q, {"key": "gm1", "tenant_id": "globex"})
    assert smuggle.status_code == 403 and smuggle.json()["field"] == "tenant_id"
    missing = adhoc.post(q)
    assert missing.status_code == 422
    assert [(e["field"], e["rule"]) for e in missing.json()["errors"]] == [
        ("params.key", "required")
    ]
    # $tenant_id in the text is the key's tenant
    own = adhoc.post("RETURN $tenant_id AS t")
    assert own.json()["rows"] == [{"t": TENANT}]
    # defence in depth: a result naming another tenant is refused whole
    named = adhoc.post("RETURN 'globex' AS tenant_id")
    assert named.status_code == 403 and named.json()["rule"] == "cross_tenant"


def _rows(answer: Any) -> tuple[list[Any], bool]:
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["count"] == len(body["rows"]) <= body["limit"]
    return [r["i"] for r in body["rows"]], body["truncated"]


def test_an_adhoc_answer_is_bounded_by_limit_and_says_when_it_was_cut(adhoc: Adhoc) -> None:
    """At most ``limit`` rows; ``truncated`` exactly when the query had more — the caller's
    own LIMIT, a UNION's duplicates and a UNION ALL's repeats counted as the engine counts."""
    many = "UNWIND range(1, 250) AS i RETURN i"
    rows, cut = _rows(adhoc.post(many, limit=100))
    assert len(rows) == 100 and cut and set(rows) <= set(range(1, 251))
    assert _rows(adhoc.post(many, limit=250)) == (list(range(1, 251)), False)
    assert _rows(adhoc.post(many, limit=249))[1] is True
    assert _rows(adhoc.post(many)) == (list(range(1, 251)), False)  # the fixture's limit: 1000
    default = adhoc.client.post("/v1/cypher-adhoc", headers=adhoc.admin, json={"query": many})
    assert (default.json()["limit"], default.json()["count"], default.json()["truncated"]) == (
        100, 100, True
    )  # fmt: skip
    # the caller's own LIMIT: theirs when lower (nothing cut), ours when higher
    assert _rows(adhoc.post(many + " LIMIT 5", limit=10)) == ([1, 2, 3, 4, 5], False)
    assert _rows(adhoc.post(many + " LIMIT 10", limit=10)) == (list(range(1, 11)), False)
    assert _rows(adhoc.post(many + " LIMIT 11", limit=10))[1] is True
    assert _rows(adhoc.post(many + " LIMIT $n", {"n": 7}, limit=10)) == (list(range(1, 8)), False)
    assert _rows(adhoc.post(many + " SKIP 240 LIMIT $n", {"n": 300})) == (
        list(range(241, 251)), False
    )  # fmt: skip
    bad = adhoc.post(many + " LIMIT $n", {"n": "ten"})
    assert bad.status_code == 422
    assert [(e["field"], e["rule"]) for e in bad.json()["errors"]] == [("params.n", "type")]
    # UNION: distinct rows across the parts; a part's duplicates do not count as more
    union = "UNWIND range(1, 80) AS i RETURN i UNION UNWIND range(41, 120) AS i RETURN i"
    assert _rows(adhoc.post(union, limit=120)) == (list(range(1, 121)), False)
    rows, cut = _rows(adhoc.post(union, limit=119))
    assert cut and len(rows) == len(set(rows)) == 119
    rows, cut = _rows(adhoc.post(union, limit=50))
    assert cut and len(rows) == len(set(rows)) == 50
    repeats = (
        "UNWIND range(1, 300) AS x RETURN 1 AS i UNION UNWIND range(1, 300) AS x RETURN 2 AS i"
    )
    assert sorted(_rows(adhoc.post(repeats, limit=10))[0]) == [1, 2]
    assert _rows(adhoc.post(repeats, limit=10))[1] is False
    # UNION ALL keeps repeats, and counts them
    both = "UNWIND range(1, 60) AS i RETURN i UNION ALL UNWIND range(1, 60) AS i RETURN i"
    assert sorted(_rows(adhoc.post(both, limit=120))[0]) == sorted([*range(1, 61)] * 2)
    assert _rows(adhoc.post(both, limit=120))[1] is False
    assert _rows(adhoc.post(both, limit=100))[1] is True
    # on the tenant's nodes too; the limit's range is the listings' (1..1000)
    memories = "MATCH (m:Memory) RETURN m.key AS i"
    whole = _rows(adhoc.post(memories))
    assert not whole[1] and len(whole[0]) > 3
    assert _rows(adhoc.post(memories, limit=3))[1] is True
    for limit in (0, 1001):
        refused = adhoc.post(memories, limit=limit)
        assert refused.status_code == 422 and refused.json()["errors"][0]["field"] == "limit"


REFUSED = [
    ("CREATE (n:Memory {tenant_id: $tenant_id}) RETURN n", refusals.WRITE_CLAUSE),
    ("MATCH (n) DETACH DELETE n", refusals.WRITE_CLAUSE),
    ("MATCH (n) SET n.tenant_id = $tenant_id RETURN n", refusals.WRITE_CLAUSE),
    ("MERGE (n:X) RETURN n", refusals.WRITE_CLAUSE),
    ("CALL db.labels() YIELD label RETURN label", refusals.PROCEDURE),
    ("CALL db.idx.fulltext.queryNodes('Memory', 'x') YIELD node RETURN node", refusals.PROCEDURE),
    ("MATCH (n) RETURN n; MATCH (m) DETACH DELETE m", refusals.MULTIPLE_STATEMENTS),
    ("MATCH (n RETURN n", refusals.SYNTAX),
    ("MATCH (n) RETURN", refusals.SYNTAX),
    ("MATCH (n)-[*]-(m) RETURN count(*) AS c", refusals.UNBOUNDED_PATH),
    ("MATCH (n) RETURN algo.labels(n) AS x", refusals.UNKNOWN_FUNCTION),
    ("MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN n", refusals.SUBQUERY),
    # the engine's own refusals while running the bound text: 422 too, never 500
    ("RETURN 1 / 0 AS x", refusals.ENGINE_REJECTED),
    ("RETURN substring('abc', -1) AS x", refusals.ENGINE_REJECTED),
    ("MATCH (m:Memory) RETURN m.text * 2 AS x", refusals.ENGINE_REJECTED),
    ("RETURN range(1, 3, 0) AS x", refusals.ENGINE_REJECTED),
]


def test_refusals_are_422_naming_the_construct(adhoc: Adhoc) -> None:
    for text, rule in REFUSED:
        answer = adhoc.post(text)
        assert answer.status_code == 422, (text, answer.text)
        body = answer.json()
        assert body["code"] == "VALIDATION_ERROR"
        assert [(e["field"], e["rule"]) for e in body["errors"]] == [("query", rule)], text
        assert not leaks(body)
    too_long = adhoc.post("RETURN 1 AS x" + " " * MAX_QUERY_CHARS)
    assert too_long.status_code == 422 and too_long.json()["errors"][0]["field"] == "query"
    # nothing was written
    assert adhoc.store.read_adhoc("MATCH (n:X) RETURN count(n) AS c") == [{"c": 0}]
    assert adhoc.store.read_adhoc("MATCH (n:Memory) RETURN count(n) AS c") == [{"c": 15}]


def test_string_literals_reach_the_engine_as_neo4j_reads_them(adhoc: Adhoc) -> None:
    # passed as parameters, never written back as text: FalkorDB alone would keep \u00e9 as is
    query = (
        "RETURN 'a\\'b\\\\c\\n\\u00e9\\U0001F600\"\\t$x `y` /* z */' AS s, \"CYPHER x=1 '\" AS t"
    )
    answer = adhoc.post(query)
    assert answer.status_code == 200, answer.text
    assert answer.json()["rows"] == [{"s": "a'b\\c\né😀\"\t$x `y` /* z */", "t": "CYPHER x=1 '"}]
