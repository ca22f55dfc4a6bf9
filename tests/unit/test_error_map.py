import neo4j.exceptions as neo
import redis.exceptions as rx

from graphmem import errors as e
from graphmem.store.error_map import translate


def test_falkordb_errors() -> None:
    assert isinstance(
        translate(rx.ConnectionError("refused"), "falkordb"), e.EngineUnavailableError
    )
    assert isinstance(
        translate(rx.BusyLoadingError("LOADING"), "falkordb"), e.EngineUnavailableError
    )
    err = translate(
        rx.ResponseError("unique constraint violation on node of type Memory"), "falkordb"
    )
    assert isinstance(err, e.ConstraintViolationError)
    assert isinstance(
        translate(rx.ResponseError("Unknown function 'nope'"), "falkordb"), e.CypherError
    )


def test_neo4j_errors() -> None:
    assert isinstance(translate(neo.ServiceUnavailable("down"), "neo4j"), e.EngineUnavailableError)
    assert isinstance(translate(neo.TransientError("deadlock"), "neo4j"), e.TransientEngineError)
    assert isinstance(translate(neo.ConstraintError("dup"), "neo4j"), e.ConstraintViolationError)


def test_unknown_exceptions_become_engine_errors_and_graphmem_errors_pass() -> None:
    assert isinstance(translate(RuntimeError("x"), "falkordb"), e.EngineError)
    original = e.NotFoundError("gone")
    assert translate(original, "falkordb") is original
