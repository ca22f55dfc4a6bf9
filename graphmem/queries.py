"""Named Cypher queries, loaded from ``cypher/`` by name (aiosql style).

Layout: ``cypher/<group>/<name>.cypher`` is shared by both engines;
``<name>.falkordb.cypher`` or ``<name>.neo4j.cypher`` replaces it for one engine.
Each file starts with header comments:

    // mode: read | write | schema
    // timeout: long            (optional; normal by default)
    // param known_at: timestamp (optional, one per parameter; types in PARAM_TYPES)
    // One line saying what the query answers.

Every query runs under a time limit the engine enforces (:class:`QueryTimeouts`): ``normal``
for the request path, ``long`` for bulk lifecycle statements (erasure, revocation,
compaction) and schema DDL, ``analyst`` — the strictest — for analysts' and admins' queries
(named queries run for people, ad-hoc Cypher), which the caller chooses and so may be costly.

Parameters are the ``$names`` in the text; calling with a missing or an unexpected one is a
:class:`~graphmem.errors.QueryParameterError`. Labels and property names cannot be Cypher
parameters, so a query may hold identifier slots ``{{slot}}`` that are filled with values
checked against an identifier pattern (e.g. the label of one embedding space).

A file whose name starts with ``_`` is a fragment, not a query: a piece of Cypher that several
queries share (the read policy's hard filters, the cosine expression of one engine). A query
includes one with ``{{> group/_name}}``; fragments follow the same engine-override rule and may
include others. The text is expanded at load time, so parameters, the read-only check and the
Neo4j linter all see the query exactly as the engine receives it.

Shared files are written in Neo4j 5's current Cypher; where an engine spells one construct
differently, the library *lowers* it for that engine at load time (:data:`LOWERINGS`), so the
difference is written once instead of in copies of whole queries. The one lowering: a subquery's
variable-scope clause, ``CALL (a, b) { … }`` (Neo4j 5.23+, which deprecates the importing
``WITH``), becomes ``CALL { WITH a, b … }`` on FalkorDB, which has no scope clause.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from graphmem.errors import FieldIssue, QueryParameterError, UnknownQueryError

Mode = Literal["read", "write", "schema"]
TimeoutClass = Literal["normal", "long", "analyst"]
TIMEOUT_CLASSES: tuple[TimeoutClass, ...] = ("normal", "long", "analyst")
#: declarable parameter types (a trailing ``?`` allows null): the named-query runner checks a
#: person's parameters against them (graphmem.named_queries), so ``known_at: 5`` is a 422
PARAM_TYPES = ("timestamp", "id", "subject", "string", "int", "bool", "list")
_PARAM_DECL = re.compile(r"^param\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([a-z]+\??)\s*\Z")
ENGINES = ("falkordb", "neo4j")

_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_SLOT = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_INCLUDE = re.compile(r"\{\{>\s*([A-Za-z0-9_/]+)\s*\}\}")
_MAX_INCLUDE_DEPTH = 8
#: a joined string at least this long (~2.7k ids) is kept with its tuple (Query.unjoin) ...
_UNJOIN_KEEP_FROM = 1 << 16
#: ... the last this many of them, per query
_UNJOIN_KEPT = 8
_IDENTIFIER = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]{0,120}|[0-9]{1,6})\Z")
_STRINGS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_LINE_COMMENT = re.compile(r"//[^\n]*")
_WRITE_CLAUSE = re.compile(r"\b(CREATE|MERGE|SET|DELETE|REMOVE|DROP)\b", re.IGNORECASE)
_VAR_LIST = r"[A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*"
_SCOPED_CALL = re.compile(rf"\bCALL\s*\(\s*({_VAR_LIST})?\s*\)\s*\{{")


def importing_with(text: str) -> str:
    """``CALL (a, b) {`` → ``CALL { WITH a, b`` and ``CALL () {`` → ``CALL {``."""
    return _SCOPED_CALL.sub(
        lambda m: "CALL {" + (f" WITH {m.group(1)}" if m.group(1) else ""), text
    )


#: per engine, rewrites of the shared Cypher into what that engine accepts
LOWERINGS: Mapping[str, tuple[Callable[[str], str], ...]] = {"falkordb": (importing_with,)}


def _code_only(text: str) -> str:
    """Query text without string literals and comments (for scanning params and clauses)."""
    return _LINE_COMMENT.sub("", _STRINGS.sub("''", text))


@dataclass(frozen=True)
class Query:
    name: str
    engine: str
    mode: Mode
    text: str
    doc: str
    path: Path
    params: frozenset[str] = field(default_factory=frozenset)
    slots: frozenset[str] = field(default_factory=frozenset)
    timeout: TimeoutClass = "normal"
    #: declared parameter types (``// param name: type``), by name
    param_types: Mapping[str, str] = field(default_factory=dict)
    #: columns the engine hands back as one string of space-separated ids instead of a list
    #: (``// joined: ids``, in the query or a fragment it includes): :meth:`unjoin` splits them
    joined: frozenset[str] = field(default_factory=frozenset)
    #: the sequences :meth:`unjoin` last made of long strings, by the string's hash
    _unjoined: dict[int, tuple[str, tuple[str, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def is_read(self) -> bool:
        return self.mode == "read"

    def unjoin(self, rows: list[Any]) -> list[Any]:
        """``rows`` with every :attr:`joined` column a sequence again (in place): where one
        string travels faster than a long list (FalkorDB hands a list back value by value), a
        query joins ids — which never hold a space (``Identifier``) — and every caller still
        gets the ids in order. A joined column comes back as a tuple: a string as long as one
        of the last few (a large scope handed back as last time) gives back the very tuple
        made of it then (it cannot be changed), so splitting ~95k ids (~10 ms) happens once
        and the caller can tell the same ids by identity (read/scope_cache's kept views)."""
        for row in rows if self.joined else ():
            for column in self.joined:
                value = row.get(column)
                if isinstance(value, str):
                    row[column] = self._split(value)
        return rows

    def _split(self, value: str) -> tuple[str, ...]:
        if len(value) < _UNJOIN_KEEP_FROM:
            return tuple(value.split(" ")) if value else ()
        key = hash(value)
        last = self._unjoined.get(key)
        if last is not None and last[0] == value:
            return last[1]
        ids = tuple(value.split(" "))
        kept = self._unjoined
        if len(kept) >= _UNJOIN_KEPT:
            # the oldest; request threads share the dict, so another may have changed it
            with contextlib.suppress(RuntimeError, StopIteration, KeyError):
                del kept[next(iter(kept))]
        kept[key] = (value, ids)
        return ids

    def render(self, identifiers: Mapping[str, str] | None = None) -> str:
        """The Cypher text with identifier slots filled."""
        identifiers = identifiers or {}
        _check_names(self.name, "identifier", self.slots, identifiers.keys())
        for slot, value in identifiers.items():
            if not _IDENTIFIER.match(value):
                raise QueryParameterError(
                    f"query {self.name!r}: identifier {slot}={value!r} must match "
                    f"{_IDENTIFIER.pattern}",
                    query=self.name,
                    field=slot,
                    rule="identifier_pattern",
                )
        return _SLOT.sub(lambda m: identifiers[m.group(1)], self.text)

    def check_params(self, params: Mapping[str, Any]) -> None:
        _check_names(self.name, "parameter", self.params, params.keys())


def _check_names(query: str, kind: str, expected: frozenset[str], given: Iterable[str]) -> None:
    given_set = set(given)
    missing = sorted(expected - given_set)
    unexpected = sorted(given_set - expected)
    if missing or unexpected:
        parts = []
        if missing:
            parts.append(f"missing {kind}s: {', '.join(missing)}")
        if unexpected:
            parts.append(f"unexpected {kind}s: {', '.join(unexpected)}")
        slot = "params" if kind == "parameter" else f"{kind}s"
        issues = [FieldIssue(f"{slot}.{n}", "required", f"{query} needs it") for n in missing]
        issues += [
            FieldIssue(f"{slot}.{n}", "unexpected", f"{query} takes no {kind} {n!r}")
            for n in unexpected
        ]
        raise QueryParameterError(
            f"query {query!r}: " + "; ".join(parts),
            query=query,
            missing=missing,
            unexpected=unexpected,
            expected=sorted(expected),
            errors=[i.to_dict() for i in issues],
        )


@dataclass
class _Header:
    mode: str | None = None
    timeout: str | None = None
    doc: list[str] = field(default_factory=list)
    param_types: dict[str, str] = field(default_factory=dict)
    joined: list[str] = field(default_factory=list)


def _split_header(path: Path) -> tuple[_Header, str]:
    """The header fields and the body of a query or fragment file."""
    header = _Header()
    body_lines: list[str] = []
    in_header = True
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if in_header and stripped.startswith("//"):
            content = stripped[2:].strip()
            declared = _PARAM_DECL.match(content)
            if content.lower().startswith("mode:"):
                header.mode = content.split(":", 1)[1].strip().lower()
            elif content.lower().startswith("timeout:"):
                header.timeout = content.split(":", 1)[1].strip().lower()
            elif content.lower().startswith("joined:"):
                columns = content.split(":", 1)[1].split(",")
                header.joined.extend(c.strip() for c in columns if c.strip())
            elif declared:
                name, kind = declared.groups()
                if kind.rstrip("?") not in PARAM_TYPES:
                    raise ValueError(f"{path}: param {name}: {kind} is not one of {PARAM_TYPES}")
                header.param_types[name] = kind
            elif content:
                header.doc.append(content)
            continue
        if in_header and not stripped:
            continue
        in_header = False
        body_lines.append(line)
    return header, "\n".join(body_lines).strip()


def expand_includes(
    text: str,
    fragments: Mapping[str, Path],
    where: Path,
    depth: int = 0,
    joined: set[str] | None = None,
) -> str:
    """``text`` with every ``{{> group/_name}}`` replaced by that fragment's body; the columns
    the fragments declare ``joined`` are added to ``joined``."""
    if depth > _MAX_INCLUDE_DEPTH:
        raise ValueError(f"{where}: fragments nested deeper than {_MAX_INCLUDE_DEPTH}")

    def body(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in fragments:
            raise ValueError(f"{where}: includes unknown fragment {name!r}")
        path = fragments[name]
        header, text = _split_header(path)
        if joined is not None:
            joined.update(header.joined)
        return expand_includes(text, fragments, path, depth + 1, joined)

    return _INCLUDE.sub(body, text)


def parse_query_file(
    path: Path, name: str, engine: str, fragments: Mapping[str, Path] | None = None
) -> Query:
    header, text = _split_header(path)
    mode, timeout = header.mode, header.timeout
    joined = set(header.joined)
    text = expand_includes(text, fragments or {}, path, joined=joined)
    for lower in LOWERINGS.get(engine, ()):
        text = lower(text)
    if mode not in ("read", "write", "schema"):
        raise ValueError(f"{path}: header must declare '// mode: read|write|schema'")
    if timeout is None:
        timeout = "long" if mode == "schema" else "normal"
    if timeout not in TIMEOUT_CLASSES:
        raise ValueError(f"{path}: '// timeout: {timeout}' is not one of {TIMEOUT_CLASSES}")
    if not text:
        raise ValueError(f"{path}: query body is empty")
    code = _code_only(text)
    if mode == "read" and _WRITE_CLAUSE.search(_SLOT.sub("x", code)):
        raise ValueError(f"{path}: declared mode read but contains a write clause")
    params = frozenset(_PARAM.findall(code))
    if undeclared := sorted(set(header.param_types) - params):
        raise ValueError(f"{path}: declares params it does not use: {', '.join(undeclared)}")
    return Query(
        name=name,
        engine=engine,
        mode=mode,  # type: ignore[arg-type]
        text=text,
        doc=" ".join(header.doc),
        path=path,
        params=params,
        slots=frozenset(_SLOT.findall(text)),
        timeout=timeout,
        param_types=header.param_types,
        joined=frozenset(joined),
    )


def default_query_dir() -> Path:
    """``cypher/`` beside the package in a checkout, or ``graphmem/_cypher`` in a wheel."""
    packaged = Path(__file__).parent / "_cypher"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "cypher"


class QueryLibrary:
    """All named queries for one engine."""

    def __init__(self, engine: str, root: Path | None = None) -> None:
        if engine not in ENGINES:
            raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
        self.engine = engine
        self.root = root or default_query_dir()
        self._queries = self._load()

    def _load(self) -> dict[str, Query]:
        shared: dict[str, Path] = {}
        overrides: dict[str, Path] = {}
        frag_shared: dict[str, Path] = {}
        frag_overrides: dict[str, Path] = {}
        for path in sorted(self.root.rglob("*.cypher")):
            rel = path.relative_to(self.root).with_suffix("")
            parts = rel.name.split(".")
            name = str(rel.with_name(parts[0]))
            if parts[0].startswith("_"):
                if len(parts) == 1:
                    frag_shared[name] = path
                elif len(parts) == 2 and parts[1] in ENGINES:
                    if parts[1] == self.engine:
                        frag_overrides[name] = path
                else:
                    raise ValueError(f"{path}: expected _<name>.cypher or _<name>.<engine>.cypher")
                continue
            if len(parts) == 1:
                shared[name] = path
            elif len(parts) == 2 and parts[1] in ENGINES:
                if parts[1] == self.engine:
                    overrides[name] = path
                elif name not in shared:
                    shared.setdefault(name, Path())  # engine-only query for the other engine
            else:
                raise ValueError(f"{path}: expected <name>.cypher or <name>.<engine>.cypher")
        chosen = {**{k: v for k, v in shared.items() if v != Path()}, **overrides}
        fragments = {**frag_shared, **frag_overrides}
        return {
            name: parse_query_file(p, name, self.engine, fragments)
            for name, p in sorted(chosen.items())
        }

    def get(self, name: str) -> Query:
        try:
            return self._queries[name]
        except KeyError:
            raise UnknownQueryError(
                f"no query named {name!r} for engine {self.engine}", query=name
            ) from None

    def names(self, prefix: str = "") -> list[str]:
        return [n for n in self._queries if n.startswith(prefix)]

    def __iter__(self) -> Iterator[Query]:
        return iter(self._queries.values())

    def __contains__(self, name: object) -> bool:
        return name in self._queries


@cache
def library(engine: str) -> QueryLibrary:
    return QueryLibrary(engine)
