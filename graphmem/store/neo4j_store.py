"""Neo4j 5 adapter through the official ``neo4j`` driver.

Reads and writes run as managed transactions (``execute_read`` / ``execute_write``), so the
driver retries transient failures up to ``max_retry_time``; reads use READ access mode, which
Neo4j enforces (a write inside fails with ``Neo.ClientError.Statement.AccessMode``). Schema DDL
runs as an auto-commit statement: Neo4j refuses schema changes mixed into a write
transaction. One driver (a thread-safe connection pool) is shared; every call opens its own
short session, so no per-request state is ever swapped on shared objects.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Any, ClassVar

import neo4j
from neo4j.graph import Node, Path, Relationship
from neo4j.spatial import Point
from neo4j.time import Date, DateTime, Duration, Time

from graphmem.errors import ConfigError, GraphmemError
from graphmem.queries import QueryLibrary, library
from graphmem.settings import Settings
from graphmem.store.base import (
    Capabilities,
    GraphStore,
    Identifiers,
    Params,
    QueryTimeouts,
    Row,
    Transaction,
)
from graphmem.store.error_map import engine_errors
from graphmem.timeutil import to_iso

ENGINE = "neo4j"

CAPABILITIES = Capabilities(
    engine=ENGINE,
    multi_statement_transactions=True,
    transactional_rollback=True,
    native_vector_index=True,
    vector_index_persisted=True,
    read_only_enforced=True,
    datetime_functions=True,
    fulltext_index_persisted=True,
    existential_subqueries=True,
)


def decode(value: Any) -> Any:
    """Driver values as plain Python: graph entities become property dicts, times ISO text.

    Zoned date-times become graphmem's fixed-width UTC form (``…04:30:00.000000Z``) so they
    compare with the ISO strings graphmem stores; other temporal values use ISO-8601 as is.
    """
    if isinstance(value, Node):
        props = {k: decode(v) for k, v in value.items()}
        props["_labels"] = sorted(value.labels)
        return props
    if isinstance(value, Relationship):
        props = {k: decode(v) for k, v in value.items()}
        props["_type"] = value.type
        return props
    if isinstance(value, Path):
        return [decode(n) for n in value.nodes]
    if isinstance(value, DateTime):
        if value.utcoffset() is None:
            return value.iso_format()
        return to_iso(value.to_native())
    if isinstance(value, dt.datetime):
        return to_iso(value) if value.tzinfo is not None else value.isoformat()
    if isinstance(value, (Date, Time, Duration)):
        return value.iso_format()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, Point):
        return {"srid": value.srid, "coordinates": list(value)}
    if isinstance(value, (list, tuple)):
        return [decode(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): decode(v) for k, v in value.items()}
    return value


def decode_record(record: neo4j.Record) -> Row:
    # A Record is a tuple: iterating it yields values, so .keys() is needed here.
    return {key: decode(record[key]) for key in record.keys()}  # noqa: SIM118


def _run(tx: neo4j.ManagedTransaction, text: str, params: dict[str, Any]) -> list[Row]:
    # Rows are materialised inside the transaction function: results are gone once it returns.
    return [decode_record(r) for r in tx.run(text, params)]


class _Neo4jTransaction(Transaction):
    """Statements of one explicit write transaction; committed together by the store."""

    def __init__(self, store: Neo4jStore, tx: neo4j.Transaction) -> None:
        self._store = store
        self._tx = tx

    def run(
        self, name: str, params: Params | None = None, *, identifiers: Identifiers | None = None
    ) -> list[Row]:
        query = self._store.queries.get(name)
        text, bound = self._store._prepare(query, params, identifiers)
        with engine_errors(ENGINE):
            return [decode_record(r) for r in self._tx.run(text, bound)]


class Neo4jStore(GraphStore):
    dialect: ClassVar[Mapping[str, str]] = {"vector_fn": "toFloatList"}

    def __init__(
        self,
        *,
        uri: str,
        user: str | None = "neo4j",
        password: str | None = None,
        database: str | None = "neo4j",
        max_retry_time: float = 15.0,
        connection_timeout: float = 10.0,
        queries: QueryLibrary | None = None,
        driver: neo4j.Driver | None = None,
        timeouts: QueryTimeouts | None = None,
    ) -> None:
        """``password`` None or empty connects without authentication (``NEO4J_AUTH=none``).

        ``database`` None lets the server pick the user's home database (costs a round trip
        per session); naming it is what Neo4j recommends.
        """
        self.capabilities = CAPABILITIES
        self.queries = queries or library(ENGINE)
        self.timeouts = timeouts or QueryTimeouts()
        self.uri = uri
        self.database = database
        auth = (user or "neo4j", password) if password else None
        with engine_errors(ENGINE):
            self._driver = driver or neo4j.GraphDatabase.driver(
                uri,
                auth=auth,
                max_transaction_retry_time=max_retry_time,
                connection_timeout=connection_timeout,
                user_agent="graphmem",
            )

    @classmethod
    def from_settings(cls, settings: Settings) -> Neo4jStore:
        if not settings.neo4j_uri:
            raise ConfigError(
                "GRAPHMEM_ENGINE=neo4j needs GRAPHMEM_NEO4J_URI",
                field="neo4j_uri",
                rule="required_for_engine",
            )
        return cls(
            uri=settings.neo4j_uri,
            user=settings.neo4j_user,
            password=settings.neo4j_password.get_secret_value(),
            database=settings.neo4j_database,
            max_retry_time=settings.neo4j_max_retry_time_s,
            timeouts=settings.query_timeouts,
        )

    def _session(self, *, read_only: bool) -> neo4j.Session:
        mode = neo4j.READ_ACCESS if read_only else neo4j.WRITE_ACCESS
        return self._driver.session(database=self.database, default_access_mode=mode)

    # -- execution ------------------------------------------------------------------------
    def _execute(
        self, text: str, params: dict[str, Any], *, read_only: bool, timeout_s: float | None = None
    ) -> list[Row]:
        # the transaction timeout: the server terminates the transaction past it
        work = neo4j.unit_of_work(timeout=timeout_s or self.timeouts.normal_s)(_run)
        with engine_errors(ENGINE), self._session(read_only=read_only) as session:
            if read_only:
                return session.execute_read(work, text, params)
            return session.execute_write(work, text, params)

    @contextmanager
    def _transaction(self) -> Iterator[Transaction]:
        """One explicit write transaction: commit when the block ends, roll back on error.

        The driver's automatic retry replays a transaction *function*; a ``with`` block cannot
        be replayed, so a transient failure here surfaces as
        :class:`~graphmem.errors.TransientEngineError` for the caller to retry the unit.
        """
        session = self._session(read_only=False)
        try:
            with engine_errors(ENGINE):
                tx = session.begin_transaction(timeout=self.timeouts.normal_s)
            try:
                yield _Neo4jTransaction(self, tx)
            except BaseException:
                with suppress(Exception):  # the original error matters more
                    tx.rollback()
                raise
            with engine_errors(ENGINE):
                tx.commit()
        finally:
            with suppress(Exception):
                session.close()

    def _execute_schema(self, text: str) -> None:
        # Auto-commit: Neo4j runs schema commands only outside explicit/managed write txs.
        with engine_errors(ENGINE), self._session(read_only=False) as session:
            session.run(text).consume()

    def ensure_unique(self, label: str, prop: str) -> None:
        self.run_schema(
            "schema/unique_constraint",
            {"name": f"{label}_{prop}_unique".lower(), "label": label, "property": prop},
        )

    def ping(self) -> dict[str, Any]:
        status: dict[str, Any] = {"engine": ENGINE, "database": self.database}
        try:
            with engine_errors(ENGINE):
                info = self._driver.get_server_info()
            status["reachable"] = True
            status["version"] = info.agent.split("/", 1)[-1]
            status["agent"] = info.agent
            status["protocol"] = ".".join(map(str, info.protocol_version))
        except GraphmemError as exc:
            status["reachable"] = False
            status["version"] = None
            status["error"] = exc.message
        return status

    def close(self) -> None:
        self._driver.close()
