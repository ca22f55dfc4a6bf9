"""Neo4j 5 adapter through the official ``neo4j`` driver: a server by URI, or the local Neo4j.

Without a URI the store starts (or joins) the local Neo4j on the data directory
(:mod:`graphmem.store.neo4j_server`) and holds a lease on it while open; it can then also see the
engine's files (``storage_files``) and prune its transaction logs (``compact_storage``).

Reads and writes run as managed transactions (``execute_read`` / ``execute_write``), so the
driver retries transient failures up to ``max_retry_time``; reads use READ access mode, which
Neo4j enforces (a write inside fails with ``Neo.ClientError.Statement.AccessMode``). Schema DDL
runs as an auto-commit statement: Neo4j refuses schema changes mixed into a write
transaction. One driver (a thread-safe connection pool) is shared; every call opens its own
short session, so no per-request state is ever swapped on shared objects.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Any, ClassVar

import neo4j
from neo4j.graph import Node, Path, Relationship
from neo4j.spatial import Point
from neo4j.time import Date, DateTime, Duration, Time

from graphmem.errors import EngineError, EngineUnavailableError, GraphmemError
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
from graphmem.store.neo4j_server import DATABASE, USER, LocalNeo4j
from graphmem.timeutil import to_iso

_log = logging.getLogger(__name__)

ENGINE = "neo4j"
#: an erasure's overwrite of freed records and log pruning on the local Neo4j
COMPACTION_TIMEOUT_S = 300.0

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
    filtered_vector_search=True,
)


#: values the driver hands back as they are kept (by exact type: a subclass takes the long way)
_PLAIN = frozenset({str, int, float, bool, type(None), bytes})


def decode(value: Any) -> Any:
    """Driver values as plain Python: graph entities become property dicts, times ISO text.

    Zoned date-times become graphmem's fixed-width UTC form (``…04:30:00.000000Z``) so they
    compare with the ISO strings graphmem stores; other temporal values use ISO-8601 as is.
    Strings, numbers and lists of them — nearly every value a statement returns — are kept
    without the chain of type tests below (a list of 10k ids took ~10 isinstance checks per
    id, one of them an ABC check).
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [v if type(v) in _PLAIN else decode(v) for v in value]
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


def _decode_rows(result: neo4j.Result) -> list[Row]:
    """Every row of ``result`` as a dict (a Record is a tuple of values: one key list for all
    rows, values by position, not a lookup by key per cell)."""
    keys = result.keys()
    return [{k: decode(v) for k, v in zip(keys, r, strict=True)} for r in result]


def _run(tx: neo4j.ManagedTransaction, text: str, params: dict[str, Any]) -> list[Row]:
    # Rows are materialised inside the transaction function: results are gone once it returns.
    return _decode_rows(tx.run(text, params))


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
            return query.unjoin(_decode_rows(self._tx.run(text, bound)))


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
        server: LocalNeo4j | None = None,
        owns_server: bool = False,
    ) -> None:
        """``password`` None or empty connects without authentication (``NEO4J_AUTH=none``).

        ``database`` None lets the server pick the user's home database (costs a round trip
        per session); naming it is what Neo4j recommends. ``server``: the local Neo4j this
        store runs on (``uri`` and ``password`` are then its own); ``owns_server``: closing
        the store releases its lease.
        """
        self.capabilities = CAPABILITIES
        self.queries = queries or library(ENGINE)
        self.timeouts = timeouts or QueryTimeouts()
        self.uri = uri
        self.database = database
        self.server = server
        self.owns_server = owns_server
        # calls in flight: close() waits for them (background writers and cache fills share
        # the store; the driver breaks a connection that is closed while another thread uses it)
        self._calls = 0
        self._closed = False
        self._idle = threading.Condition()
        self._user = user or "neo4j"
        self._max_retry_time = max_retry_time
        self._connection_timeout = connection_timeout
        self._swap = threading.Lock()
        #: what the last storage compaction did (records taken, zeroed, left; its two steps'
        #: milliseconds): for logs and benchmarks
        self.last_compaction: dict[str, Any] | None = None
        self._driver = driver or self._open_driver(uri, password)

    def _open_driver(self, uri: str, password: str | None) -> neo4j.Driver:
        auth = (self._user, password) if password else None
        with engine_errors(ENGINE):
            return neo4j.GraphDatabase.driver(
                uri,
                auth=auth,
                user_agent="graphmem",
                # "property key does not exist" and the like: optional properties are the
                # norm here; "index already exists" answers every idempotent bootstrap (each
                # was ~180 lines of log per start, enough to fill a pipe nobody reads and
                # stall the service); deprecations and performance hints stay on
                notifications_disabled_classifications=[
                    neo4j.NotificationDisabledClassification.UNRECOGNIZED,
                    neo4j.NotificationDisabledClassification.SCHEMA,
                ],
                max_transaction_retry_time=self._max_retry_time,
                connection_timeout=self._connection_timeout,
            )

    def _reconnect_if_down(self) -> None:
        """After the local Neo4j died (e.g. ``kill -9``), start or join a new one and point
        the driver at it (a new port and password). A server by URI is not ours to restart:
        the driver's own retries are all there is."""
        if self.server is None:
            return
        info = self.server.ensure_running()
        with self._swap:
            if info.uri == self.uri:
                return  # still the same server: the break was the connection's
            old, self._driver, self.uri = (
                self._driver,
                self._open_driver(info.uri, info.password),
                info.uri,
            )
        with suppress(Exception):
            old.close()

    @classmethod
    def from_settings(cls, settings: Settings) -> Neo4jStore:
        if not settings.neo4j_uri:
            return cls.local(
                LocalNeo4j(
                    settings.data_dir,
                    start_timeout_s=settings.neo4j_start_timeout_s,
                    heap_mb=settings.neo4j_heap_mb,
                    pagecache_mb=settings.neo4j_pagecache_mb,
                    tx_log_retention=settings.neo4j_tx_log_retention,
                    java=settings.neo4j_java,
                ),
                max_retry_time=settings.neo4j_max_retry_time_s,
                timeouts=settings.query_timeouts,
                owns_server=True,
            )
        return cls(
            uri=settings.neo4j_uri,
            user=settings.neo4j_user,
            password=settings.neo4j_password.get_secret_value(),
            database=settings.neo4j_database,
            max_retry_time=settings.neo4j_max_retry_time_s,
            timeouts=settings.query_timeouts,
        )

    @classmethod
    def local(
        cls,
        server: LocalNeo4j,
        *,
        max_retry_time: float = 15.0,
        timeouts: QueryTimeouts | None = None,
        owns_server: bool = False,
    ) -> Neo4jStore:
        """A store on the local Neo4j of ``server``'s data directory, started or joined."""
        info = server.ensure_running()
        try:
            return cls(
                uri=info.uri,
                user=USER,
                password=info.password,
                database=DATABASE,
                max_retry_time=max_retry_time,
                timeouts=timeouts,
                server=server,
                owns_server=owns_server,
            )
        except BaseException:
            if owns_server:
                server.release()
            raise

    def _session(self, *, read_only: bool) -> neo4j.Session:
        mode = neo4j.READ_ACCESS if read_only else neo4j.WRITE_ACCESS
        return self._driver.session(database=self.database, default_access_mode=mode)

    # -- execution ------------------------------------------------------------------------
    @contextmanager
    def _call(self) -> Iterator[None]:
        with self._idle:
            if self._closed:
                raise EngineUnavailableError("the Neo4j store is closed", engine=ENGINE)
            self._calls += 1
        try:
            yield
        finally:
            with self._idle:
                self._calls -= 1
                self._idle.notify_all()

    def _execute(
        self, text: str, params: dict[str, Any], *, read_only: bool, timeout_s: float | None = None
    ) -> list[Row]:
        # the transaction timeout: the server terminates the transaction past it
        work = neo4j.unit_of_work(timeout=timeout_s or self.timeouts.normal_s)(_run)
        try:
            return self._execute_once(work, text, params, read_only=read_only)
        except EngineUnavailableError:
            if not read_only or self.server is None:
                # A write may have reached the engine before the connection broke: never
                # replay it blindly. The next call finds the restarted engine.
                with suppress(GraphmemError):
                    self._reconnect_if_down()
                raise
            self._reconnect_if_down()
            return self._execute_once(work, text, params, read_only=read_only)

    def _execute_once(
        self, work: Any, text: str, params: dict[str, Any], *, read_only: bool
    ) -> list[Row]:
        with self._call(), engine_errors(ENGINE), self._session(read_only=read_only) as session:
            if read_only:
                return list(session.execute_read(work, text, params))
            return list(session.execute_write(work, text, params))

    @contextmanager
    def _transaction(self) -> Iterator[Transaction]:
        """One explicit write transaction: commit when the block ends, roll back on error.

        The driver's automatic retry replays a transaction *function*; a ``with`` block cannot
        be replayed, so a transient failure here surfaces as
        :class:`~graphmem.errors.TransientEngineError` for the caller to retry the unit.
        """
        with self._call():
            try:
                yield from self._explicit_transaction()
            except EngineUnavailableError:
                with suppress(GraphmemError):  # the next unit finds the restarted engine
                    self._reconnect_if_down()
                raise

    def _explicit_transaction(self) -> Iterator[Transaction]:
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
        with self._call(), engine_errors(ENGINE), self._session(read_only=False) as session:
            session.run(text).consume()

    def ensure_unique(self, label: str, prop: str) -> None:
        self.run_schema(
            "schema/unique_constraint",
            {"name": f"{label}_{prop}_unique".lower(), "label": label, "property": prop},
        )

    def compact_storage(self) -> bool:
        """On the local Neo4j: overwrite the records deleted values were kept in and prune the
        transaction log files that held them (the launcher's ``graphmem.storage.compact``, a
        job outside any transaction, polled here until done). A server by URI: not ours to do."""
        if self.server is None:
            return False
        job = self._execute(
            "CALL graphmem.storage.compact() YIELD id RETURN id", {}, read_only=False
        )[0]["id"]
        deadline = time.monotonic() + COMPACTION_TIMEOUT_S
        while True:
            row = self._execute(
                "CALL graphmem.storage.compaction($id) YIELD done, error, freed_records, "
                "zeroed_records, left_records, log_files, overwrite_ms, logs_ms "
                "RETURN done, error, freed_records, zeroed_records, left_records, log_files, "
                "overwrite_ms, logs_ms",
                {"id": job},
                read_only=True,
            )[0]
            if row["done"]:
                if row["error"]:
                    raise EngineError(f"storage compaction failed: {row['error']}", engine=ENGINE)
                self.last_compaction = {k: v for k, v in row.items() if k not in ("done", "error")}
                _log.debug("storage compaction %s: %s", job, self.last_compaction)
                return True
            if time.monotonic() > deadline:
                raise EngineError("storage compaction did not finish", engine=ENGINE)
            time.sleep(0.05)

    def storage_files(self) -> list[str]:
        """The local Neo4j's store files and transaction logs of graphmem's database. The
        server prunes and creates files while they are listed: ``os.walk`` skips a directory
        that vanished mid-walk, where ``Path.rglob`` raised FileNotFoundError."""
        if self.server is None:
            return []
        files: list[str] = []
        for directory in self.server.layout.database_dirs(self.database or DATABASE):
            for root, _dirs, names in os.walk(directory):
                files += [os.path.join(root, name) for name in names]
        return sorted(files)

    def ping(self) -> dict[str, Any]:
        status: dict[str, Any] = {
            "engine": ENGINE,
            "database": self.database,
            "embedded": self.server is not None,
        }
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
        if self.server is not None:
            status["owner"] = self.server.started_here
        return status

    def close(self, timeout_s: float = 30.0) -> None:
        """Refuse new calls, wait for those in flight (up to ``timeout_s``), close the driver
        and release the local Neo4j's lease."""
        with self._idle:
            self._closed = True
            self._idle.wait_for(lambda: self._calls == 0, timeout=timeout_s)
        with suppress(Exception):  # a connection left broken by its own error
            self._driver.close()
        if self.server is not None and self.owns_server:
            self.server.release()
