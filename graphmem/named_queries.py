"""Running named queries for people (CLI, analysts' API): read-only and tenant-bound.

A query that takes ``$tenant_id`` gets it from the caller's credential, never from the
caller's parameters. Analysts see only the groups in :data:`ANALYST_GROUPS`. A person's
parameters are checked against the types the query declares (``// param known_at: timestamp``)
and bounded in number and size before the engine sees them, so ``known_at: 5`` or
``2026-13-45T99:99:99Z`` is a 422 naming the parameter, not an engine type error; and a query
run for a person runs under the strictest (analyst) time limit. Admins' ad-hoc
text goes through :mod:`graphmem.adhoc`, which binds every pattern to the tenant.

Every analyst query is *paged* like every listing (:mod:`graphmem.paging`): it takes the keyset
parameters ``$after`` and ``$take`` and answers ``{total, page}``, so a run returns at most
``limit`` rows with ``total`` and a ``next_cursor`` bound to the query and its parameters —
no fixed ``LIMIT`` that drops rows unsaid. The keyset parameters come from the cursor, never
from the caller's ``params``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

import pydantic
from pydantic import StrictBool, StrictInt, StringConstraints, TypeAdapter

from graphmem.adhoc import PART_COLUMN, TENANT_PARAM, bind_to_tenant, refusals
from graphmem.errors import (
    CypherError,
    EngineError,
    FieldIssue,
    ForbiddenError,
    ReadOnlyViolationError,
    ValidationError,
)
from graphmem.limits import MAX_QUERY_PARAM_BYTES, MAX_QUERY_PARAMS, json_size
from graphmem.models.types import Identifier, SubjectRef, Timestamp
from graphmem.models.validation import issues_from
from graphmem.paging import Cursors, Page, check_limit, read_page
from graphmem.queries import Query
from graphmem.store.base import GraphStore, Row

ANALYST_GROUPS = ("lineage", "stats", "audit")
#: the keyset parameters of a paged query (graphmem.paging): set from the cursor and the limit
PAGE_PARAMS = frozenset({"after", "take"})
#: the rule of a refused ``tenant_id`` parameter: the tenant is the key's
FROM_CREDENTIAL = "from_credential"
#: rows of one page of a named query unless the caller asks for another ``limit``
DEFAULT_QUERY_PAGE = 100


@dataclass(frozen=True)
class AdhocResult:
    """An ad-hoc query's answer: at most ``limit`` rows, in the engine's order, and whether
    the query had more (``truncated``: narrow it, or order it and page with ``SKIP``)."""

    rows: list[Row]
    limit: int
    truncated: bool

    def fields(self) -> dict[str, Any]:
        """The REST answer's fields (``AdhocCypherResult``)."""
        return {
            "name": "adhoc",
            "rows": self.rows,
            "count": len(self.rows),
            "limit": self.limit,
            "truncated": self.truncated,
        }


@dataclass(frozen=True)
class QueryInfo:
    name: str
    mode: str
    doc: str
    params: list[str]
    tenant_bound: bool
    #: declared parameter types (``timestamp``, ``id``, ``subject?`` …)
    param_types: dict[str, str]
    #: answers a page (``limit``, ``cursor``; :data:`PAGE_PARAMS`)
    paged: bool = False

    @classmethod
    def of(cls, query: Query) -> QueryInfo:
        return cls(
            name=query.name,
            mode=query.mode,
            doc=query.doc,
            params=sorted(query.params - {TENANT_PARAM} - (PAGE_PARAMS if paged(query) else set())),
            tenant_bound=TENANT_PARAM in query.params,
            param_types=dict(query.param_types),
            paged=paged(query),
        )


def paged(query: Query) -> bool:
    """Whether ``query`` answers one keyset page (``{total, page}``)."""
    return query.params >= PAGE_PARAMS


_TYPES: dict[str, Any] = {
    "timestamp": Timestamp,
    "id": Identifier,
    "subject": SubjectRef,
    "string": Annotated[str, StringConstraints(max_length=2000)],
    "int": Annotated[StrictInt, pydantic.Field(ge=-(2**53), le=2**53)],
    "bool": StrictBool,
    "list": Annotated[list[str | StrictInt | float | StrictBool], pydantic.Field(max_length=1000)],
}


@cache
def _adapter(kind: str) -> TypeAdapter[Any]:
    base = _TYPES[kind.rstrip("?")]
    return TypeAdapter(base | None if kind.endswith("?") else base)


def check_param_bounds(params: Mapping[str, Any]) -> None:
    """At most :data:`MAX_QUERY_PARAMS` parameters, :data:`MAX_QUERY_PARAM_BYTES` as JSON."""
    if len(params) > MAX_QUERY_PARAMS:
        raise ValidationError(
            [FieldIssue("params", "too_large", f"at most {MAX_QUERY_PARAMS} parameters")]
        )
    if json_size(dict(params)) > MAX_QUERY_PARAM_BYTES:
        raise ValidationError(
            [FieldIssue("params", "too_large", f"at most {MAX_QUERY_PARAM_BYTES} bytes as JSON")]
        )


def check_params(query: Query, params: Mapping[str, Any]) -> dict[str, Any]:
    """A person's parameters for ``query``: bounded, each of its declared type (timestamps
    normalised to graphmem's fixed-width form); undeclared ones pass as they are (the
    query loader still refuses unknown or missing names)."""
    check_param_bounds(params)
    out = dict(params)
    issues: list[FieldIssue] = []
    for name, kind in query.param_types.items():
        if name not in params:
            continue
        try:
            out[name] = _adapter(kind).validate_python(params[name])
        except pydantic.ValidationError as exc:
            issues += [
                FieldIssue(f"params.{name}", i.rule, f"{kind}: {i.message}")
                for i in issues_from(exc)
            ]
    if issues:
        raise ValidationError(issues)
    return out


def analyst_visible(query: Query) -> bool:
    return query.name.split("/", 1)[0] in ANALYST_GROUPS and TENANT_PARAM in query.params


def list_queries(store: GraphStore, *, analyst_only: bool = False) -> list[QueryInfo]:
    queries = [store.queries.get(n) for n in store.queries.names()]
    return [
        QueryInfo.of(q)
        for q in queries
        if q.mode != "schema" and (not analyst_only or analyst_visible(q))
    ]


def run_query(
    store: GraphStore,
    name: str,
    params: Mapping[str, Any],
    *,
    tenant_id: str | None,
    allow_write: bool = False,
    analyst_only: bool = False,
    cursors: Cursors | None = None,
    limit: int = DEFAULT_QUERY_PAGE,
    cursor: str | None = None,
) -> Page[Row]:
    """One page of a named query's rows: ``limit`` of them, with ``total`` and the cursor of
    the next page (bound to the query, the tenant and the parameters). A query that is not
    paged (operators' internal queries) answers all its rows as one page."""
    query = store.queries.get(name)
    if analyst_only and not analyst_visible(query):
        raise ForbiddenError(f"query {name!r} is not an analyst query", query=name)
    if query.mode == "schema" or (not query.is_read and not allow_write):
        raise ReadOnlyViolationError(
            f"query {name!r} is mode {query.mode}; only read queries run here "
            "(admins may pass allow_write)",
            query=name,
        )
    bound = check_params(query, params)
    if TENANT_PARAM in bound:
        raise ForbiddenError(
            "tenant_id comes from the credential, not from query parameters",
            field=TENANT_PARAM,
            rule=FROM_CREDENTIAL,
        )
    if TENANT_PARAM in query.params:
        if tenant_id is None:
            raise ValidationError(
                [FieldIssue("tenant", "required", f"query {name!r} is tenant-bound")]
            )
        bound[TENANT_PARAM] = tenant_id
    if paged(query):
        check_limit(limit)
        given = sorted(PAGE_PARAMS & bound.keys())
        if given:
            raise ValidationError(
                [FieldIssue(f"params.{n}", "from_cursor", "pass cursor and limit") for n in given]
            )
        return read_page(
            store,
            name,
            bound,
            listing=f"cypher/{name}",
            cursors=cursors or Cursors(),
            limit=limit,
            cursor=cursor,
            build=lambda r: {k: v for k, v in r.items() if k != "key"},
            timeout="analyst",
        )
    rows = (
        store.read(name, bound, timeout="analyst")
        if query.is_read
        else store.write(name, bound, timeout="analyst")
    )
    return Page(rows, [], len(rows), None)


def parse_cli_params(pairs: list[str]) -> dict[str, Any]:
    """``k=v`` pairs; a value that parses as JSON (numbers, lists, null) is taken as such."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValidationError([FieldIssue("param", "format", f"{pair!r} is not k=v")])
        try:
            out[key] = json.loads(raw)
        except ValueError:
            out[key] = raw
    return out


def run_adhoc(
    store: GraphStore,
    text: str,
    params: Mapping[str, Any],
    *,
    tenant_id: str,
    limit: int = DEFAULT_QUERY_PAGE,
) -> AdhocResult:
    """Ad-hoc Cypher for admins, bound to the caller's tenant by construction.

    The text is parsed (a read-only subset of openCypher; anything else is a 422 naming the
    construct), rewritten so that every node pattern requires ``tenant_id = $tenant_id`` and
    every variable-length path stays inside the tenant, and the engine runs the canonical text
    emitted from that tree — never the caller's (:mod:`graphmem.adhoc`). ``$tenant_id`` comes
    from the key; a caller's own ``tenant_id`` parameter is refused. The engine also runs it
    read-only (GRAPH.RO_QUERY, Neo4j READ mode), and a result holding another tenant's
    ``tenant_id`` is still refused whole — defence in depth; the guarantee is the rewrite.

    At most ``limit`` (1..1000) rows come back, and ``truncated`` says the query had more; the
    engine stops one row past the limit (:mod:`graphmem.adhoc.cap`, which says why this is a
    bound and not a cursor)."""
    if TENANT_PARAM in params:
        raise ForbiddenError(
            "tenant_id comes from the credential, not from query parameters",
            field=TENANT_PARAM,
            rule=FROM_CREDENTIAL,
        )
    check_param_bounds(params)
    check_limit(limit)
    bound = bind_to_tenant(text, limit=limit, values=params)
    missing = sorted(bound.parameters - params.keys())
    if missing:
        raise ValidationError(
            [FieldIssue(f"params.{n}", "required", f"the query uses ${n}") for n in missing]
        )
    try:
        rows = store.read_adhoc(bound.text, bound.params(dict(params), tenant_id))
    except EngineError as exc:
        # the engine refused the caller's query as it ran (a type error, division by zero); an
        # unclassified engine error here comes from the caller's text too. Availability and
        # transient errors (and their 503s) pass through.
        if isinstance(exc, CypherError) or type(exc) is EngineError:
            refusals.engine_rejected(exc.message)
        raise
    if any(_foreign(value, tenant_id) for row in rows for value in row.items()):
        raise ForbiddenError("the result reaches another tenant's data", rule="cross_tenant")
    return _bounded(rows, limit, bound.parts, distinct=not bound.union_all)


def _bounded(rows: list[Row], limit: int, parts: int, *, distinct: bool) -> AdhocResult:
    """The first ``limit`` rows and whether there were more: a part answering more than
    ``limit`` rows (distinct ones under UNION) had more; after the parts' markers go, the
    rows of a UNION are made distinct across parts, as the engine would have."""
    if parts == 1:
        return AdhocResult(rows[:limit], limit, len(rows) > limit)
    per_part: dict[Any, int] = {}
    merged: list[Row] = []
    seen: set[str] = set()
    for row in rows:
        part = row.get(PART_COLUMN)
        per_part[part] = per_part.get(part, 0) + 1
        plain = {k: v for k, v in row.items() if k != PART_COLUMN}
        if distinct:
            key = json.dumps(plain, sort_keys=True, default=str)
            if key in seen:
                continue
            seen.add(key)
        merged.append(plain)
    truncated = len(merged) > limit or any(n > limit for n in per_part.values())
    return AdhocResult(merged[:limit], limit, truncated)


def _foreign(item: Any, tenant_id: str) -> bool:
    key, value = item if isinstance(item, tuple) else (None, item)
    if key == TENANT_PARAM and value is not None and value != tenant_id:
        return True
    if isinstance(value, dict):
        return any(_foreign(i, tenant_id) for i in value.items())
    if isinstance(value, list):
        return any(_foreign(v, tenant_id) for v in value)
    return False
