"""Ad-hoc Cypher for admins that cannot cross tenants, by construction.

The rule: the engine never runs the caller's text. The text is parsed into a syntax tree of a
documented read-only subset of openCypher (:mod:`.parser`; anything outside it is refused with
a 422 naming the construct), the tree is rewritten so that every node it can match belongs to
the caller's tenant (:mod:`.tenant`), and canonical text is emitted from the rewritten tree
(:mod:`.emit`) — with every operator parenthesised and every string literal passed as a
parameter. A construct the parser misread therefore cannot reach the engine in another
meaning: the engine sees what the parser understood, with the binding around it.

Why a rewriting parser, and not the text check it replaces: the old guard looked for the text
``$tenant_id`` and for result keys named ``tenant_id``; ``WHERE s.tenant_id <> $tenant_id``,
``… OR true`` or ``$tenant_id IS NOT NULL`` satisfied it and read another tenant's data (83
leaks in the probe of issue 10). A check on text can only recognise shapes; the binding
here does not depend on what the caller wrote. The alternatives were physical separation — a
graph per tenant on FalkorDB, a database per tenant (Neo4j Enterprise only) — which would
change how every named query addresses its data and is not available on Neo4j Community, or
ad-hoc queries off; see the README's "Ad-hoc Cypher" section.

Bounds: at most :data:`MAX_QUERY_CHARS` characters and :data:`MAX_TOKENS` tokens, nesting at
most :data:`MAX_DEPTH` levels, variable-length relationships at most :data:`MAX_HOPS` hops;
tokenising and parsing are linear in the text. Rows: at most the caller's ``limit`` (1..1000),
with a ``truncated`` flag when there were more, decided by the engine (:mod:`.cap`: why a bound,
not a cursor).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from graphmem.adhoc import refusals
from graphmem.adhoc.cap import PART_COLUMN, cap_rows
from graphmem.adhoc.emit import emit
from graphmem.adhoc.lexer import tokenize
from graphmem.adhoc.parser import (
    SYNTHETIC_PREFIX,
    TENANT_PROPERTY,
    Parser,
    tree_depth,
)
from graphmem.adhoc.syntax import Query
from graphmem.adhoc.tenant import TENANT_PARAM, bind

__all__ = [
    "MAX_DEPTH",
    "MAX_HOPS",
    "MAX_QUERY_CHARS",
    "MAX_TOKENS",
    "PART_COLUMN",
    "SYNTHETIC_PREFIX",
    "TENANT_PARAM",
    "TENANT_PROPERTY",
    "BoundQuery",
    "bind_to_tenant",
    "parse",
    "refusals",
]

#: the longest query text accepted (the API's limit too)
MAX_QUERY_CHARS = 20_000
MAX_TOKENS = 5_000
#: nesting of parentheses, lists, maps, calls, CASE and patterns while parsing: each level
#: costs the recursive-descent parser ~20 Python frames, so 32 levels fit in ~650 of the
#: interpreter's 1,000 with room for the caller's stack (tested)
MAX_DEPTH = 32
#: depth of the finished syntax tree (operator chains included)
MAX_TREE_DEPTH = 120
#: longest variable-length relationship (the lineage queries walk up to 50 SUPERSEDES hops)
MAX_HOPS = 50


@dataclass(frozen=True)
class BoundQuery:
    """A tenant-bound query, ready for ``store.read_adhoc(text, {...})``."""

    #: the canonical text the engine runs
    text: str
    #: the string literals of the query, passed as parameters ``_gm_s<k>``
    literals: dict[str, str]
    #: the caller's parameters the query uses (``tenant_id`` not among them: it is bound)
    parameters: frozenset[str]
    #: the parts of its UNION (1 without one): each part's rows carry ``PART_COLUMN`` when > 1
    parts: int = 1
    #: ``UNION ALL`` (the rows of its parts kept as they come) rather than ``UNION``
    union_all: bool = False

    def params(self, values: dict[str, object], tenant_id: str) -> dict[str, object]:
        """The engine's parameters: the caller's values the query uses, the literals, and the
        tenant (callers check first that ``values`` holds no ``tenant_id``)."""
        used = {k: v for k, v in values.items() if k in self.parameters}
        return {**used, **self.literals, TENANT_PARAM: tenant_id}


def _parse(text: str) -> tuple[Query, set[str]]:
    if len(text) > MAX_QUERY_CHARS:
        refusals.refuse(refusals.TOO_LONG, f"the query is longer than {MAX_QUERY_CHARS} characters")
    parser = Parser(
        text, tokenize(text, max_tokens=MAX_TOKENS), max_depth=MAX_DEPTH, max_hops=MAX_HOPS
    )
    tree = parser.query()
    if tree_depth(tree) > MAX_TREE_DEPTH:
        refusals.refuse(refusals.TOO_DEEP, f"the query nests deeper than {MAX_TREE_DEPTH} levels")
    return tree, parser.params


def parse(text: str) -> Query:
    """The syntax tree of an ad-hoc query; ``ValidationError`` (field ``query``) otherwise."""
    return _parse(text)[0]


def bind_to_tenant(
    text: str, *, limit: int | None = None, values: Mapping[str, Any] | None = None
) -> BoundQuery:
    """Parse, bind to ``$tenant_id``, and emit canonical text; with ``limit``, the final
    RETURN of each part answers at most ``limit + 1`` rows (:mod:`.cap`; ``values`` are the
    caller's parameters, for a ``LIMIT $n`` of theirs)."""
    tree, params = _parse(text)
    bound = bind(tree)
    if limit is not None:
        bound = cap_rows(bound, limit, values or {})
    emitted, literals = emit(bound)
    used = frozenset(params - {TENANT_PARAM})
    return BoundQuery(emitted, literals, used, len(tree.parts), tree.union_all)
