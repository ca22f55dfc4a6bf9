"""The store seam, on every engine: named queries, parameters, read-only, schema, decoding."""

import pytest

from graphmem.auth.keys import list_keys
from graphmem.errors import (
    ConstraintViolationError,
    CypherError,
    QueryParameterError,
    ReadOnlyViolationError,
    UnknownQueryError,
)
from graphmem.store.base import GraphStore
from graphmem.store.schema import FULLTEXT, RANGE, UNIQUE, EmbeddingSpace, bootstrap, schema_version

SPACE = EmbeddingSpace("Emb_test_8", 8)


def test_bootstrap_is_idempotent_and_records_version(store: GraphStore) -> None:
    assert schema_version(store) is None
    assert bootstrap(store, [SPACE]) == 1
    first = store.read("schema/indexes")
    assert bootstrap(store, [SPACE]) == 1
    assert store.read("schema/indexes") == first
    kinds = {(r["label"], r["property"], r["kind"]) for r in first}
    for label, prop in RANGE + UNIQUE:
        assert (label, prop, "RANGE") in kinds
    for label, prop in FULLTEXT:
        kept = store.capabilities.fulltext_index_persisted
        assert ((label, prop, "FULLTEXT") in kinds) is kept
    assert (SPACE.label, "embedding", "VECTOR") in kinds
    assert store.read("schema/version_get")[0]["embedding_spaces"] == [SPACE.label]


@pytest.mark.engine_only(
    "falkordb",
    reason="Neo4j persists its full-text index, so bootstrap keeps it (checked by "
    "test_bootstrap_is_idempotent_and_records_version); only FalkorDB rebuilt its at every start",
)
def test_bootstrap_drops_a_full_text_index_the_engine_would_rebuild(store: GraphStore) -> None:
    """Data dirs of older versions hold a FalkorDB full-text index that cost seconds of every
    start; bootstrap removes it (and creates the persisted one on Neo4j)."""
    assert not store.capabilities.fulltext_index_persisted
    store.run_schema("schema/fulltext_index", {"label": "Memory", "property": "text"})
    assert ("Memory", "text", "FULLTEXT") in {
        (r["label"], r["property"], r["kind"]) for r in store.read("schema/indexes")
    }
    bootstrap(store, [SPACE])
    assert "FULLTEXT" not in {r["kind"] for r in store.read("schema/indexes")}


def test_second_embedding_space_gets_its_own_index(store: GraphStore) -> None:
    bootstrap(store, [SPACE])
    bootstrap(store, [EmbeddingSpace("Emb_other_16", 16)])
    kinds = {(r["label"], r["kind"]) for r in store.read("schema/indexes")}
    assert ("Emb_test_8", "VECTOR") in kinds and ("Emb_other_16", "VECTOR") in kinds
    spaces = store.read("schema/version_get")[0]["embedding_spaces"]
    assert spaces == ["Emb_other_16", "Emb_test_8"]


def test_unique_ids_are_enforced(store: GraphStore) -> None:
    bootstrap(store)
    params = {
        "key_id": "k1",
        "key_hash": "h",
        "tenant_id": "t",
        "principal_id": "p",
        "roles": ["agent"],
        "subject_id": None,
        "grants": [],
        "created_at": "2026-01-01T00:00:00.000000Z",
    }
    store.write("keys/create", params)
    with pytest.raises(ConstraintViolationError):
        store.write("keys/create", params)
    assert len(list_keys(store, "t")) == 1


def test_parameters_are_checked_before_the_engine(store: GraphStore) -> None:
    with pytest.raises(QueryParameterError, match="missing parameters: key_id"):
        store.read("keys/get", {})
    with pytest.raises(QueryParameterError, match="unexpected parameters: tenant"):
        store.read("keys/get", {"key_id": "x", "tenant": "y"})
    with pytest.raises(UnknownQueryError):
        store.read("keys/nope", {})


def test_read_refuses_write_queries(store: GraphStore) -> None:
    with pytest.raises(ReadOnlyViolationError):
        store.read("keys/revoke", {"key_id": "x", "tenant_id": "t", "revoked_at": "x"})


def test_adhoc_reads_are_read_only_in_the_engine(store: GraphStore) -> None:
    with pytest.raises(CypherError):
        store.read_adhoc("CREATE (n:Sneaky {x: 1}) RETURN n")
    assert store.read_adhoc("MATCH (n:Sneaky) RETURN count(n) AS c")[0]["c"] == 0


def test_values_round_trip(store: GraphStore) -> None:
    rows = store.read_adhoc(
        "RETURN $s AS s, $i AS i, $f AS f, $b AS b, $n AS n, $l AS l",
        {
            "s": "답변은 계속 한국어로 해 줘",
            "i": 42,
            "f": 0.25,
            "b": True,
            "n": None,
            "l": ["a", "b"],
        },
    )
    assert rows == [
        {
            "s": "답변은 계속 한국어로 해 줘",
            "i": 42,
            "f": 0.25,
            "b": True,
            "n": None,
            "l": ["a", "b"],
        }
    ]


def test_nodes_and_edges_decode_to_plain_dicts(store: GraphStore) -> None:
    rows = store._execute(
        "CREATE (a:A {x: 1})-[r:R {w: 2}]->(b:B {y: 'z'}) RETURN a, r, b", {}, read_only=False
    )
    assert rows[0]["a"] == {"x": 1, "_labels": ["A"]}
    assert rows[0]["r"] == {"w": 2, "_type": "R"}
    assert rows[0]["b"]["y"] == "z"


def test_reads_decode_every_value_kind(store: GraphStore) -> None:
    """The read path decodes replies itself on FalkorDB: scalars, lists, maps, nodes, edges
    and paths come back as plain Python, and a run-time error is raised, not returned."""
    store._execute(
        "CREATE (:X {a: 1, b: [1, 2], s: ['x', 'y'], f: 2.5, t: true})-[:R {w: 1}]->(:Y {c: 'q'})",
        {},
        read_only=False,
    )
    [row] = store.read_adhoc(
        "MATCH p = (n:X)-[r:R]->(y:Y) RETURN n, r, p, n.b AS b, n.s AS s, n.f AS f, n.t AS t, "
        "{k: n.a, l: [n.a, 'z', null, true, 1.5]} AS m, null AS z, 3 AS i, 'é' AS u, "
        "properties(n) AS pn, {inner: {node: y, e: {}}} AS nm"
    )
    assert row["n"] == {"a": 1, "b": [1, 2], "s": ["x", "y"], "f": 2.5, "t": True, "_labels": ["X"]}
    assert row["r"] == {"w": 1, "_type": "R"}
    assert [node["_labels"] for node in row["p"]] == [["X"], ["Y"]]
    assert (row["b"], row["s"], row["f"], row["t"], row["z"], row["i"], row["u"]) == (
        [1, 2],
        ["x", "y"],
        2.5,
        True,
        None,
        3,
        "é",
    )
    assert row["m"] == {"k": 1, "l": [1, "z", None, True, 1.5]}
    assert row["pn"] == {"a": 1, "b": [1, 2], "s": ["x", "y"], "f": 2.5, "t": True}
    assert row["nm"] == {"inner": {"node": {"c": "q", "_labels": ["Y"]}, "e": {}}}
    with pytest.raises(CypherError):
        store.read_adhoc("UNWIND [1] AS x RETURN toUpper(x) AS u")


def test_transaction_runs_statements_in_order(store: GraphStore) -> None:
    bootstrap(store)
    base = {
        "key_hash": "h",
        "tenant_id": "tx",
        "principal_id": "p",
        "roles": ["agent"],
        "subject_id": None,
        "grants": [],
        "created_at": "2026-01-01T00:00:00.000000Z",
    }
    with store.transaction() as tx:
        tx.run("keys/create", {**base, "key_id": "a"})
        tx.run("keys/create", {**base, "key_id": "b"})
    assert [k.key_id for k in list_keys(store, "tx")] == ["a", "b"]


def test_vector_index_can_be_left_to_exact_scoring(embedded_server) -> None:  # type: ignore[no-untyped-def]
    from graphmem.store.falkordb_store import FalkorDBStore

    plain = FalkorDBStore(graph_name="no_hnsw", server=embedded_server, vector_index=False)
    try:
        assert plain.capabilities.native_vector_index is False
        bootstrap(plain, [SPACE])
        assert "VECTOR" not in {r["kind"] for r in plain.read("schema/indexes")}
        assert plain.read("schema/version_get")[0]["embedding_spaces"] == [SPACE.label]
    finally:
        plain.close()


def test_time_range_filters_survive_falkordb_range_index_quirk(store: GraphStore) -> None:
    """FalkorDB 4.16 answers `prop < $x` / `prop <= $x` on a range-indexed string property with
    every row (FalkorDB issue #2239). Queries compare `toString(prop)` instead; this is the
    shape of the expiry sweep on an indexed `expires_at`."""
    bootstrap(store)
    store._execute(
        "CREATE (:Memory {memory_id: 'late', tenant_id: 'q', status: 'ACTIVE', "
        "expires_at: '2026-08-01T00:00:00.000000Z'}), (:Memory {memory_id: 'due', "
        "tenant_id: 'q', status: 'ACTIVE', expires_at: '2026-06-01T00:00:00.000000Z'})",
        {},
        read_only=False,
    )
    rows = store.read_adhoc(
        "MATCH (m:Memory) WHERE toString(m.expires_at) <= $now RETURN m.memory_id AS id",
        {"now": "2026-07-01T00:00:00.000000Z"},
    )
    assert [r["id"] for r in rows] == ["due"]
    swept = store.write(
        "lifecycle/expire_due",
        {
            "tenant_id": "q",
            "now": "2026-07-01T00:00:00.000000Z",
            "receipt_prefix": "x",
            "actor": "t",
        },
    )
    assert [list(r["ids"]) for r in swept] == [["due"]]
