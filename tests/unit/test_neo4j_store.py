"""Neo4jStore without a server: result decoding, error translation, settings, capabilities."""

from __future__ import annotations

import datetime as dt
import socket

import neo4j.exceptions as ne
import pytest
from neo4j.graph import Graph, Node, Path, Relationship
from neo4j.spatial import CartesianPoint
from neo4j.time import Date, DateTime, Duration, Time
from pydantic import SecretStr

from graphmem import errors as e
from graphmem.settings import Settings
from graphmem.store.error_map import translate
from graphmem.store.neo4j_store import CAPABILITIES, Neo4jStore, decode


def _graph() -> tuple[Node, Node, Relationship]:
    graph = Graph()
    alice = Node(graph, "4:x:1", 1, ["Subject", "Person"], {"name": "김민지", "tags": ["a"]})
    memo = Node(graph, "4:x:2", 2, ["Memory"], {"text": "likes tea", "score": 0.5})
    rel = Relationship(graph, "5:x:3", 3, {"since": 2020})
    rel._start_node, rel._end_node = alice, memo
    return alice, memo, rel


def test_nodes_relationships_and_paths_become_plain_python() -> None:
    alice, memo, rel = _graph()
    assert decode(alice) == {"name": "김민지", "tags": ["a"], "_labels": ["Person", "Subject"]}
    assert decode(rel)["since"] == 2020 and "_type" in decode(rel)
    assert decode(Path(alice, rel)) == [decode(alice), decode(memo)]
    assert decode([alice, [memo]]) == [decode(alice), [decode(memo)]]
    assert decode({"m": memo, "xs": (1, 2)}) == {"m": decode(memo), "xs": [1, 2]}


def test_relationship_type_is_kept() -> None:
    graph = Graph()
    rel_cls = graph.relationship_type("ABOUT")
    rel = rel_cls(graph, "5:x:9", 9, {"weight": 1.0})
    assert decode(rel) == {"weight": 1.0, "_type": "ABOUT"}


def test_temporal_values_become_iso_strings() -> None:
    zoned = DateTime(2026, 7, 16, 4, 30, 0, 123456789, tzinfo=dt.UTC)
    assert decode(zoned) == "2026-07-16T04:30:00.123456Z"
    plus_two = DateTime(2026, 7, 16, 6, 30, 0, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    assert decode(plus_two) == "2026-07-16T04:30:00.000000Z"
    assert decode(DateTime(2026, 1, 1, 1, 1, 1)) == "2026-01-01T01:01:01.000000000"
    assert decode(Date(2026, 1, 2)) == "2026-01-02"
    assert decode(Time(1, 2, 3)) == "01:02:03.000000000"
    assert decode(Duration(days=1, seconds=3)) == "P1DT3S"
    assert decode([Date(2026, 1, 2)]) == ["2026-01-02"]
    assert decode(dt.datetime(2026, 1, 1, tzinfo=dt.UTC)) == "2026-01-01T00:00:00.000000Z"


def test_scalars_and_points_pass_through() -> None:
    for value in ("한국어", 1, 1.5, True, None, b"x"):
        assert decode(value) == value
    assert decode(CartesianPoint((1.0, 2.0))) == {"srid": 7203, "coordinates": [1.0, 2.0]}


def _neo4j(code: str, message: str = "boom") -> ne.Neo4jError:
    return ne.Neo4jError._hydrate_neo4j(code=code, message=message)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("Neo.ClientError.Statement.AccessMode", e.CypherError),
        ("Neo.ClientError.Statement.SyntaxError", e.CypherError),
        ("Neo.ClientError.Statement.TypeError", e.CypherError),
        ("Neo.ClientError.Procedure.ProcedureNotFound", e.CypherError),
        ("Neo.ClientError.Schema.ConstraintValidationFailed", e.ConstraintViolationError),
        ("Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists", e.CypherError),
        ("Neo.TransientError.Transaction.DeadlockDetected", e.TransientEngineError),
        ("Neo.ClientError.Security.Unauthorized", e.EngineUnavailableError),
        ("Neo.DatabaseError.General.UnknownError", e.EngineError),
    ],
)
def test_server_errors_are_translated(code: str, expected: type[e.GraphmemError]) -> None:
    err = translate(_neo4j(code), "neo4j")
    assert type(err) is expected
    assert err.details["engine"] == "neo4j"


def test_read_only_refusal_says_so() -> None:
    err = translate(_neo4j("Neo.ClientError.Statement.AccessMode", "Writing in read"), "neo4j")
    assert "read-only" in err.message


def test_driver_errors_are_translated() -> None:
    assert type(translate(ne.ServiceUnavailable("down"), "neo4j")) is e.EngineUnavailableError
    assert type(translate(ne.SessionExpired("gone"), "neo4j")) is e.EngineUnavailableError
    assert type(translate(ne.ResultConsumedError(None, "x"), "neo4j")) is e.EngineError


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_server_is_an_unavailable_error_and_ping_says_so() -> None:
    store = Neo4jStore(
        uri=f"bolt://127.0.0.1:{_closed_port()}", max_retry_time=0.5, connection_timeout=1
    )
    try:
        with pytest.raises(e.EngineUnavailableError):
            store.read_adhoc("RETURN 1 AS x")
        with pytest.raises(e.EngineUnavailableError), store.transaction() as tx:
            tx.run("keys/get", {"key_id": "x"})
        status = store.ping()
        assert status["engine"] == "neo4j" and status["reachable"] is False
        assert status["database"] == "neo4j" and status["version"] is None
    finally:
        store.close()


def test_from_settings_and_capabilities() -> None:
    settings = Settings(
        engine="neo4j",
        neo4j_uri="neo4j://db.example:7687",
        neo4j_password=SecretStr("s3cret"),
        neo4j_database="memories",
    )
    store = Neo4jStore.from_settings(settings)
    try:
        assert store.engine == "neo4j" and store.database == "memories"
        assert store.queries.engine == "neo4j"
    finally:
        store.close()
    assert CAPABILITIES.multi_statement_transactions and CAPABILITIES.transactional_rollback
    assert CAPABILITIES.read_only_enforced and CAPABILITIES.vector_index_persisted
    assert CAPABILITIES.existential_subqueries and CAPABILITIES.datetime_functions
