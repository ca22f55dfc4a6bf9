"""FalkorDB adapter: the embedded server (default) or an external one by URL."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import falkordb
import redis
from falkordb.edge import Edge
from falkordb.helpers import stringify_param_value
from falkordb.node import Node
from falkordb.path import Path as FalkorPath

from graphmem.errors import ConfigError, EngineError, EngineUnavailableError, GraphmemError
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
from graphmem.store.falkordb_reply import rows_from_reply
from graphmem.store.falkordb_server import EmbeddedServer, rewrite_aof

_log = logging.getLogger(__name__)

# FalkorDB streams finished queries to ``telemetry{graph}`` from a cron task whose interval
# tops out at 3 s
QUERY_LOG_FLUSH_S = 3.5

ENGINE = "falkordb"

CAPABILITIES = Capabilities(
    engine=ENGINE,
    multi_statement_transactions=False,
    transactional_rollback=False,
    native_vector_index=True,
    vector_index_persisted=False,
    read_only_enforced=True,
    datetime_functions=False,
    fulltext_index_persisted=False,
    existential_subqueries=False,
)

#: idempotent DDL: creating what exists, or dropping what does not, is success
_ALREADY = ("already indexed", "already exists", "already created", "no such index")


_PLAIN = frozenset((str, float, int, bool, type(None)))


def decode(value: Any) -> Any:
    """FalkorDB result values as plain Python (nodes and edges become property dicts)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [v if type(v) in _PLAIN else decode(v) for v in value]
    if isinstance(value, Node):
        props = {k: decode(v) for k, v in (value.properties or {}).items()}
        props["_labels"] = list(value.labels or [])
        return props
    if isinstance(value, Edge):
        props = {k: decode(v) for k, v in (value.properties or {}).items()}
        props["_type"] = value.relation
        return props
    if isinstance(value, FalkorPath):
        return [decode(n) for n in value.nodes()]
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        return {k: decode(v) for k, v in value.items()}
    return value


def _config_value(reply: Any) -> int:
    """The value of a ``GRAPH.CONFIG GET name`` reply (``[name, value]``)."""
    if isinstance(reply, list | tuple) and len(reply) > 1:
        return int(reply[1])
    return 0


class _FalkorTransaction(Transaction):
    """Statements run one by one under the store's write lock; each is atomic alone."""

    def __init__(self, store: FalkorDBStore) -> None:
        self._store = store

    def run(
        self, name: str, params: Params | None = None, *, identifiers: Identifiers | None = None
    ) -> list[Row]:
        return self._store.write(name, params, identifiers=identifiers)


#: a float list at least this long is an embedding (FalkorDB keeps vectors as float32)
_VECTOR_MIN_LEN = 64
_FLOAT32 = "{:.9g}".format


def params_header(params: Params | None) -> str:
    """falkordb's ``CYPHER k=v …`` parameter header, with embeddings written in 9 significant
    digits — exact for float32, which is all ``vecf32`` keeps — instead of 17: the query
    vector was ~1 ms of every retrieval's Python time and half the bytes the engine parses."""
    if not params:
        return ""
    return "CYPHER " + "".join(f"`{key}`={_render(value)} " for key, value in params.items())


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _render(value: Any) -> str:
    """One parameter value as the header writes it (the library's rendering, with embeddings
    at any depth — a batch commit's rows each hold one — in float32 digits)."""
    if type(value) is str:
        return _quote(value)
    if isinstance(value, list | tuple):
        if all(type(x) is str for x in value):  # id lists: an erasure ships tens of thousands
            return "[" + ",".join(map(_quote, value)) + "]"
        if (
            len(value) >= _VECTOR_MIN_LEN
            and type(value[0]) is float
            and all(type(x) is float for x in value)
        ):
            return "[" + ",".join(map(_FLOAT32, value)) + "]"
        return "[" + ",".join(map(_render, value)) + "]"
    if isinstance(value, dict) and all(type(k) is str and k and "`" not in k for k in value):
        return "{" + ",".join(f"`{k}`:{_render(v)}" for k, v in value.items()) + "}"
    return str(stringify_param_value(value))


class FalkorDBStore(GraphStore):
    dialect: ClassVar[Mapping[str, str]] = {"vector_fn": "vecf32"}

    def __init__(
        self,
        *,
        graph_name: str = "graphmem",
        server: EmbeddedServer | None = None,
        url: str | None = None,
        socket_timeout_s: float = 60.0,
        require_persistence: bool = True,
        queries: QueryLibrary | None = None,
        owns_server: bool = False,
        vector_index: bool = False,
        timeouts: QueryTimeouts | None = None,
    ) -> None:
        """``owns_server``: closing this store releases the server handle (its lease).
        The socket waits longer than the longest query limit: the engine's own timeout is
        what cancels a slow query, the socket's only notices a dead server."""
        if (server is None) == (url is None):
            raise ConfigError("FalkorDBStore needs exactly one of an embedded server or a url")
        self.capabilities = replace(CAPABILITIES, native_vector_index=vector_index)
        self.queries = queries or library(ENGINE)
        self.graph_name = graph_name
        self.server = server
        self.url = url
        self.timeouts = timeouts or QueryTimeouts()
        self.socket_timeout_s = max(socket_timeout_s, self.timeouts.longest_s + 5.0)
        #: whether the engine enforces the limits on writes too (TIMEOUT_MAX set)
        self.write_limits = False
        self.require_persistence = require_persistence
        self.owns_server = owns_server
        self._tx_lock = threading.RLock()
        self._db: falkordb.FalkorDB | None = None
        self._graph: Any = None
        self._connect()

    @classmethod
    def from_settings(cls, settings: Settings) -> FalkorDBStore:
        server = None
        if settings.falkordb_url is None:
            server = EmbeddedServer(
                settings.data_dir,
                appendfsync=settings.falkordb_appendfsync,
                transport=settings.falkordb_transport,
                start_timeout_s=settings.falkordb_start_timeout_s,
                bolt_port=settings.falkordb_bolt_port,
                rewrite_on_stop_mb=settings.falkordb_rewrite_on_stop_mb,
            )
        return cls(
            graph_name=settings.graph_name,
            server=server,
            url=settings.falkordb_url,
            socket_timeout_s=settings.falkordb_socket_timeout_s,
            require_persistence=settings.falkordb_require_persistence,
            owns_server=True,
            vector_index=settings.falkordb_vector_index,
            timeouts=settings.query_timeouts,
        )

    # -- connection -----------------------------------------------------------------------
    def _connect(self) -> None:
        with engine_errors(ENGINE):
            if self.server is not None:
                info = self.server.ensure_running()
                kwargs = info.connection_kwargs()
                self._db = falkordb.FalkorDB(socket_timeout=self.socket_timeout_s, **kwargs)
            else:
                assert self.url is not None
                self._db = falkordb.FalkorDB.from_url(
                    self.url, socket_timeout=self.socket_timeout_s
                )
            self._graph = self._db.select_graph(self.graph_name)
            self._check_persistence()
            self._enforce_time_limits()
            if self.query_log_enabled():
                _log.warning(
                    "the FalkorDB server keeps a query log with parameters (CMD_INFO yes): "
                    "memory texts written to it stay there until an erasure purges it; "
                    "start the module with CMD_INFO no to keep it off"
                )
            else:
                # a data dir from before the log was switched off still holds the stream
                self._db.connection.delete(self._query_log_key)
            if self.graph_name not in self._db.list_graphs():
                # FalkorDB refuses even read-only queries on a graph key that does not exist
                # yet; a no-op write statement creates it.
                self._graph.query("RETURN 1")

    def _check_persistence(self) -> None:
        mode = self.persistence()
        if self.require_persistence and mode["appendonly"] != "yes":
            raise ConfigError(
                "the FalkorDB server runs without its append-only file; acknowledged writes "
                "would be lost on a crash. Enable appendonly or set "
                "GRAPHMEM_FALKORDB_REQUIRE_PERSISTENCE=false for a throw-away server",
                field="falkordb_url",
                rule="persistence_required",
            )

    def _enforce_time_limits(self) -> None:
        """FalkorDB applies a query's ``TIMEOUT`` to writes only when the server has a
        ``TIMEOUT_MAX``; raise it to the longest limit here (ours is the embedded server's; an
        external one may refuse, and then writes run unbounded — logged, and in /healthz)."""
        assert self._db is not None
        conn = self._db.connection
        wanted = int(self.timeouts.longest_s * 1000)
        try:
            current = _config_value(conn.execute_command("GRAPH.CONFIG", "GET", "TIMEOUT_MAX"))
            if current == 0 or current < wanted:
                conn.execute_command("GRAPH.CONFIG", "SET", "TIMEOUT_MAX", wanted)
            self.write_limits = True
        except redis.exceptions.ResponseError as exc:
            _log.warning("FalkorDB refused TIMEOUT_MAX (%s): writes run without a time limit", exc)
            self.write_limits = False

    def persistence(self) -> dict[str, str]:
        assert self._db is not None
        conn = self._db.connection
        with engine_errors(ENGINE):
            appendonly = conn.config_get("appendonly").get("appendonly", "no")
            fsync = conn.config_get("appendfsync").get("appendfsync", "")
        return {"appendonly": appendonly, "appendfsync": fsync}

    @property
    def _query_log_key(self) -> str:
        return f"telemetry{{{self.graph_name}}}"

    def query_log_enabled(self) -> bool:
        """Whether FalkorDB streams finished queries into ``telemetry{graph}`` (CMD_INFO)."""
        assert self._db is not None
        with engine_errors(ENGINE):
            reply = self._db.connection.execute_command("GRAPH.CONFIG", "GET", "CMD_INFO")
        return bool(_config_value(reply))

    def _reconnect_if_down(self) -> None:
        """After the embedded server died (e.g. ``kill -9``), start or join a new one."""
        if self.server is None:
            return
        with contextlib.suppress(Exception):
            if self._db is not None:
                self._db.connection.close()
        self._connect()

    # -- execution ------------------------------------------------------------------------
    def _execute(
        self, text: str, params: dict[str, Any], *, read_only: bool, timeout_s: float | None = None
    ) -> list[Row]:
        timeout_ms = max(1, int((timeout_s or self.timeouts.normal_s) * 1000))
        try:
            return self._execute_once(text, params, read_only=read_only, timeout_ms=timeout_ms)
        except EngineUnavailableError:
            if not read_only or self.server is None:
                # A write may have reached the engine before the connection broke:
                # never replay it blindly. The next call reconnects.
                with contextlib.suppress(GraphmemError):
                    self._reconnect_if_down()
                raise
            self._reconnect_if_down()
            return self._execute_once(text, params, read_only=read_only, timeout_ms=timeout_ms)

    def _execute_once(
        self, text: str, params: dict[str, Any], *, read_only: bool, timeout_ms: int
    ) -> list[Row]:
        with engine_errors(ENGINE):
            if read_only:
                # falkordb 1.8's own parameter header; the reply is decoded here (see
                # falkordb_reply: the library's per-value decoding was a large part of a read)
                query = params_header(params) + text
                reply = self._graph.execute_command(
                    "GRAPH.RO_QUERY", self._graph.name, query, "--compact", "timeout", timeout_ms
                )
                return rows_from_reply(reply, self._graph, decode)
            else:
                query = params_header(params) + text
                with self._tx_lock:
                    reply = self._graph.execute_command(
                        "GRAPH.QUERY", self._graph.name, query, "--compact", "timeout", timeout_ms
                    )
                return rows_from_reply(reply, self._graph, decode)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Transaction]:
        with self._tx_lock:
            yield _FalkorTransaction(self)

    def _execute_schema(self, text: str) -> None:
        """FalkorDB's index DDL has no IF [NOT] EXISTS: 'already indexed' on a create and 'no
        such index' on a drop count as success."""
        try:
            self._execute_once(
                text, {}, read_only=False, timeout_ms=int(self.timeouts.long_s * 1000)
            )
        except EngineError as exc:
            if not any(k in exc.message.lower() for k in _ALREADY):
                raise

    def ensure_unique(self, label: str, prop: str) -> None:
        with engine_errors(ENGINE):
            for c in self._graph.list_constraints():
                if (
                    c.get("type") == "UNIQUE"
                    and c.get("label") == label
                    and list(c.get("properties", [])) == [prop]
                    and c.get("entitytype") == "NODE"
                ):
                    return
            self._graph.create_node_unique_constraint(label, prop)

    def compact_storage(self) -> bool:
        """BGREWRITEAOF, and wait for it: the rewritten file holds only live data, and redis
        deletes the old append-only files, so erased content no longer survives on disk."""
        assert self._db is not None
        with engine_errors(ENGINE), self._tx_lock:
            rewrite_aof(self._db.connection)
        return True

    def purge_query_logs(self) -> int:
        """FalkorDB keeps statements with their parameters in three places: the
        ``telemetry{graph}`` stream (persisted; on by default, off on the embedded engine),
        the graph's ten slowest queries (GRAPH.SLOWLOG) and redis's SLOWLOG (arguments cut at
        128 bytes, every graph of the server); the last two in memory only. All three are
        cleared; a server that refuses a reset (ACL) is logged, not fatal. Where the stream
        is on, statements that finished just before reach it by a cron task that runs at
        least every 3 s (and can't be switched off at run time): wait that out, clear again."""
        cleared = self._clear_query_logs()
        if self.query_log_enabled():
            time.sleep(QUERY_LOG_FLUSH_S)
            cleared += self._clear_query_logs()
        return cleared

    def _clear_query_logs(self) -> int:
        assert self._db is not None
        conn = self._db.connection
        stream = self._query_log_key
        cleared = 0
        with engine_errors(ENGINE), self._tx_lock:
            if conn.type(stream) in ("stream", b"stream"):
                cleared += int(conn.xlen(stream))
                conn.delete(stream)
            for length, reset in (
                (("GRAPH.SLOWLOG", self.graph_name), ("GRAPH.SLOWLOG", self.graph_name, "RESET")),
                (("SLOWLOG", "LEN"), ("SLOWLOG", "RESET")),
            ):
                try:
                    found = conn.execute_command(*length)
                    conn.execute_command(*reset)
                except redis.exceptions.ResponseError as exc:
                    _log.warning("could not clear %s: %s", reset[0], exc)
                    continue
                cleared += len(found) if isinstance(found, list) else int(found or 0)
        return cleared

    def storage_files(self) -> list[str]:
        """The engine's live data files: the append-only files its manifest names (redis
        unlinks superseded "history" files in a background thread, so a directory listing
        right after a rewrite may still show them), plus everything else in the data dir."""
        if self.server is None:
            return []
        root = self.server.layout.engine_dir
        aof_dir = root / "appendonlydir"
        manifest = aof_dir / "appendonly.aof.manifest"
        live: set[Path] = {manifest}
        if manifest.exists():
            for line in manifest.read_text().splitlines():
                parts = line.split()
                if len(parts) >= 6 and parts[0] == "file" and parts[5] in ("b", "i"):
                    live.add(aof_dir / parts[1])
        files = [
            p
            for p in root.rglob("*")
            if p.is_file() and p.suffix != ".sock" and (p.parent != aof_dir or p in live)
        ]
        return sorted(str(p) for p in files)

    def ping(self) -> dict[str, Any]:
        status: dict[str, Any] = {"engine": ENGINE, "embedded": self.server is not None}
        try:
            assert self._db is not None
            with engine_errors(ENGINE):
                self._db.connection.ping()
                modules = self._db.connection.execute_command("MODULE", "LIST")
            status["reachable"] = True
            for mod in modules:
                fields = (
                    mod if isinstance(mod, dict) else dict(zip(mod[::2], mod[1::2], strict=False))
                )
                name = fields.get("name") or fields.get(b"name")
                if name in ("graph", b"graph"):
                    status["version"] = fields.get("ver") or fields.get(b"ver")
            status["persistence"] = self.persistence()
            status["query_log"] = "on" if self.query_log_enabled() else "off"
            status["time_limits"] = {
                **self.timeouts.as_dict(),
                "writes_enforced": self.write_limits,
            }
        except GraphmemError as exc:
            status["reachable"] = False
            status["error"] = exc.message
        if self.server is not None and self.server.info is not None:
            info = self.server.info
            status["transport"] = "unix" if info.unix_socket else "tcp"
            status["owner"] = self.server.started_here
        return status

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if self._db is not None:
                self._db.connection.close()
        self._db = None
        if self.server is not None and self.owns_server:
            self.server.release()
