"""The one seam between graphmem and a graph engine.

Domain code talks to a :class:`GraphStore` by query *name*; it never sees Cypher text, a
driver object or an engine name. What differs between engines is either a query override in
``cypher/`` or a :class:`Capabilities` flag, never an ``if engine == ...`` in domain code.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from graphmem.errors import QueryTimeoutError, ReadOnlyViolationError
from graphmem.queries import Query, QueryLibrary, TimeoutClass

Row = dict[str, Any]
Params = Mapping[str, Any]
Identifiers = Mapping[str, str]


@dataclass(frozen=True)
class Capabilities:
    """What an engine can do, for the few places where domain code must choose a path."""

    engine: str
    #: several statements commit or roll back together (Neo4j); on FalkorDB only one
    #: statement is atomic, so every commit is composed as a single statement.
    multi_statement_transactions: bool
    #: statements of a transaction roll back on error.
    transactional_rollback: bool
    #: the engine has a native ANN vector index.
    native_vector_index: bool
    #: the ANN index survives a restart without a rebuild.
    vector_index_persisted: bool
    #: the engine enforces read-only execution of ad-hoc queries.
    read_only_enforced: bool
    #: ``datetime()`` and friends exist (portable code stores ISO strings instead).
    datetime_functions: bool
    #: ``COUNT {}`` / ``EXISTS {}`` subqueries.
    existential_subqueries: bool
    #: the full-text index survives a restart without a rebuild. FalkorDB rebuilds every index
    #: while it loads its data (the full-text one took 3-4 s of a 7 s start at 100k memories),
    #: so graphmem keeps none there and finds lexical candidates by scanning the filtered scope.
    fulltext_index_persisted: bool
    #: phase 1 of a large scope may start from the engine's vector index
    #: (``retrieval/scope_vector``: the index's nearest, every hard filter applied to them in
    #: the same statement). Neo4j: yes. FalkorDB: no — it rebuilds the index at every start
    #: and graphmem does not create it by default, so its large scopes use the feature cache.
    filtered_vector_search: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class QueryTimeouts:
    """Time limits, in seconds, the engine enforces on each class of query (``queries``).

    A runaway statement is cancelled by the engine itself (FalkorDB ``TIMEOUT``, a Neo4j
    transaction timeout), so it cannot hold an engine thread — and every other caller — past
    its limit; the caller gets :class:`~graphmem.errors.QueryTimeoutError`."""

    normal_s: float = 30.0
    long_s: float = 300.0
    analyst_s: float = 10.0

    def seconds(self, kind: TimeoutClass) -> float:
        return {"normal": self.normal_s, "long": self.long_s, "analyst": self.analyst_s}[kind]

    @property
    def longest_s(self) -> float:
        return max(self.normal_s, self.long_s, self.analyst_s)

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


#: the setting behind each class of time limit (named in a QUERY_TIMEOUT answer)
TIMEOUT_SETTINGS: Mapping[TimeoutClass, str] = {
    "normal": "GRAPHMEM_QUERY_TIMEOUT_S",
    "long": "GRAPHMEM_LONG_QUERY_TIMEOUT_S",
    "analyst": "GRAPHMEM_ANALYST_QUERY_TIMEOUT_S",
}


class Transaction(ABC):
    """A unit of work. See :attr:`Capabilities.multi_statement_transactions`."""

    @abstractmethod
    def run(
        self, name: str, params: Params | None = None, *, identifiers: Identifiers | None = None
    ) -> list[Row]: ...


class GraphStore(ABC):
    """Run named queries against one engine."""

    capabilities: Capabilities
    queries: QueryLibrary
    timeouts: QueryTimeouts = QueryTimeouts()
    #: identifier slots the engine fills itself (``{{vector_fn}}``: how a list of floats
    #: becomes a stored vector), so one query text serves both engines
    dialect: ClassVar[Mapping[str, str]] = {}

    @property
    def engine(self) -> str:
        return self.capabilities.engine

    # -- named queries -----------------------------------------------------------------
    def read(
        self,
        name: str,
        params: Params | None = None,
        *,
        identifiers: Identifiers | None = None,
        timeout: TimeoutClass | None = None,
    ) -> list[Row]:
        """Run a query declared ``mode: read``; the engine executes it read-only, within the
        query's time limit (or ``timeout``'s, when a caller runs it for a person)."""
        query = self.queries.get(name)
        if not query.is_read:
            raise ReadOnlyViolationError(
                f"query {name!r} is declared mode {query.mode}; read() runs only read queries",
                query=name,
            )
        text, params = self._prepare(query, params, identifiers)
        with self._time_limit(timeout or query.timeout) as limit_s:
            return query.unjoin(self._execute(text, params, read_only=True, timeout_s=limit_s))

    def write(
        self,
        name: str,
        params: Params | None = None,
        *,
        identifiers: Identifiers | None = None,
        timeout: TimeoutClass | None = None,
    ) -> list[Row]:
        """Run any named query as one atomic statement, within its time limit."""
        query = self.queries.get(name)
        text, params = self._prepare(query, params, identifiers)
        with self._time_limit(timeout or query.timeout) as limit_s:
            rows = self._execute(text, params, read_only=query.is_read, timeout_s=limit_s)
            return query.unjoin(rows)

    @contextmanager
    def _time_limit(self, kind: TimeoutClass) -> Iterator[float]:
        """Yield the seconds of ``kind``'s limit; a query the engine cancelled is reported
        with the limit it ran past and the setting that sets it."""
        limit_s = self.timeouts.seconds(kind)
        try:
            yield limit_s
        except QueryTimeoutError as exc:
            setting = TIMEOUT_SETTINGS[kind]
            raise QueryTimeoutError(
                f"the query ran past its {kind} time limit of {limit_s:g} s ({setting}) "
                "and the engine cancelled it; nothing it wrote stays",
                **{**exc.details, "limit": kind, "limit_s": limit_s, "setting": setting},
            ) from exc

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """Statements run in order; atomic together only where the capability says so."""
        with self._transaction() as tx:
            yield tx

    def run_schema(self, name: str, identifiers: Identifiers | None = None) -> None:
        """Run one schema statement (index, constraint DDL) idempotently.

        Only the identifier slots the engine's variant uses are passed on, so one call site
        serves both engines' DDL (Neo4j names its indexes, FalkorDB does not).
        """
        query = self.queries.get(name)
        if query.mode != "schema":
            raise ReadOnlyViolationError(f"query {name!r} is not a schema query", query=name)
        used = {k: v for k, v in (identifiers or {}).items() if k in query.slots}
        text, _ = self._prepare(query, {}, used)
        self._execute_schema(text)

    def _execute_schema(self, text: str) -> None:
        with self._time_limit("long") as limit_s:
            self._execute(text, {}, read_only=False, timeout_s=limit_s)

    # -- ad hoc (admins) ---------------------------------------------------------------
    def read_adhoc(self, text: str, params: Params | None = None) -> list[Row]:
        """Run Cypher text read-only, enforced by the engine itself, under the strictest
        (analyst) time limit."""
        with self._time_limit("analyst") as limit_s:
            return self._execute(text, dict(params or {}), read_only=True, timeout_s=limit_s)

    # -- engine specific ---------------------------------------------------------------
    def _prepare(
        self, query: Query, params: Params | None, identifiers: Identifiers | None
    ) -> tuple[str, dict[str, Any]]:
        params = dict(params or {})
        query.check_params(params)
        slots = {k: v for k, v in self.dialect.items() if k in query.slots}
        return query.render({**slots, **(identifiers or {})}), params

    @abstractmethod
    def _execute(
        self, text: str, params: dict[str, Any], *, read_only: bool, timeout_s: float | None = None
    ) -> list[Row]:
        """Run one statement; the engine cancels it after ``timeout_s`` (None: the normal
        limit)."""

    @abstractmethod
    def _transaction(self) -> Any:
        """A context manager yielding a :class:`Transaction`."""

    @abstractmethod
    def ensure_unique(self, label: str, prop: str) -> None:
        """Create a uniqueness constraint (and its index) if missing; idempotent."""

    def compact_storage(self) -> bool:
        """Rewrite the engine's own log/data files so deleted content does not survive on disk.
        Returns False where the engine offers no such operation (the caller records that)."""
        return False

    def purge_query_logs(self) -> int:
        """Clear what the engine keeps of past queries and their parameters (slow logs,
        query telemetry) where the engine lets a client do so; returns the entries cleared.
        Erasure calls it: a logged statement can carry a memory's text."""
        return 0

    def storage_files(self) -> list[str]:
        """Paths of the engine's data files, where this process can see them (embedded)."""
        return []

    @abstractmethod
    def ping(self) -> dict[str, Any]:
        """Engine status for health checks: reachable, version, persistence."""

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> GraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
