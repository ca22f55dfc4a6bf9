"""Syntax tree → canonical Cypher text, the only text the engine ever receives.

Canonical means: every operator in its own parentheses, so no precedence rule of either engine
is consulted; keywords in capitals; names bare only when they are plain ASCII and no keyword,
else backtick-quoted; integers in decimal, floats in a form both engines read; and every
string literal handed over as a parameter (``$_gm_s<k>``) instead of being written back as
text, so the engines' different escape rules (FalkorDB reads ``\\u00e9`` as six characters)
cannot change a literal. Relationship brackets are always written (``-[]->``), and
``exists(n.key)`` was already parsed to ``n.key IS NOT NULL`` (Neo4j 5 has no such function).
"""

from __future__ import annotations

import re
from typing import Any

from graphmem.adhoc import syntax as s
from graphmem.adhoc.parser import KEYWORDS, SYNTHETIC_PREFIX

_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
#: words that are keywords in either engine's grammar (openCypher and Neo4j 5); quoted as names
# fmt: off
_RESERVED = KEYWORDS | frozenset((
    "STARTS", "ENDS", "CONTAINS", "DISTINCT", "ASC", "DESC", "ASCENDING", "DESCENDING", "BY",
    "ADD", "ALL", "ANY", "BOTH", "COLLECT", "CONSTRAINT", "COUNT", "CSV", "DO", "EXISTS",
    "EXTRACT", "FILTER", "FOR", "FROM", "HEADERS", "INDEX", "KEY", "MANDATORY", "NODE", "NONE",
    "OF", "ON", "PERIODIC", "REDUCE", "REL", "RELATIONSHIP", "REQUIRE", "SCALAR", "SINGLE",
    "SHORTESTPATH", "ALLSHORTESTPATHS", "UNIQUE", "USING", "COMMIT", "FIELDTERMINATOR", "TYPE",
    "TYPES", "DATABASE", "GRAPH", "ELEMENT", "ELEMENTS", "NOTHING", "OFFSET", "FINISH", "NEXT",
    "LET"
))
# fmt: on
#: atoms and postfix expressions, written without parentheses when something follows them
_BARE = (
    s.Variable,
    s.Parameter,
    s.Property,
    s.Index,
    s.Slice,
    s.FunctionCall,
    s.CountStar,
    s.ListLiteral,
    s.MapLiteral,
    s.ListComprehension,
    s.PatternComprehension,
    s.Quantifier,
    s.Reduce,
)


def name(value: str) -> str:
    if _PLAIN_NAME.match(value) and value.upper() not in _RESERVED:
        return value
    return f"`{value}`"  # the lexer refused names holding a backtick


def number(value: int | float) -> str:
    if isinstance(value, int):
        return str(value) if value >= 0 else f"({value})"
    text = repr(float(value)).replace("e+", "e")
    return text if value >= 0 else f"({text})"


class Emitter:
    def __init__(self) -> None:
        self.literals: dict[str, str] = {}
        self._by_value: dict[str, str] = {}

    def string(self, value: str) -> str:
        key = self._by_value.get(value)
        if key is None:
            key = f"{SYNTHETIC_PREFIX}_s{len(self._by_value) + 1}"
            self._by_value[value] = key
            self.literals[key] = value
        return f"${key}"

    # -- clauses ------------------------------------------------------------------------------
    def query(self, query: s.Query) -> str:
        union = "\nUNION ALL\n" if query.union_all else "\nUNION\n"
        return union.join(self.single_query(part) for part in query.parts)

    def single_query(self, query: s.SingleQuery) -> str:
        return "\n".join(self.clause(c) for c in query.clauses)

    def clause(self, clause: s.Clause) -> str:
        if isinstance(clause, s.Match):
            keyword = "OPTIONAL MATCH " if clause.optional else "MATCH "
            text = keyword + ", ".join(self.part(p) for p in clause.parts)
            return text + self.where(clause.where)
        if isinstance(clause, s.Unwind):
            return f"UNWIND {self.expr(clause.expression)} AS {name(clause.alias)}"
        if isinstance(clause, s.With):
            return "WITH " + self.projection(clause.projection) + self.where(clause.where)
        return "RETURN " + self.projection(clause.projection)

    def where(self, where: s.Expr | None) -> str:
        return "" if where is None else f"\n  WHERE {self.expr(where)}"

    def projection(self, projection: s.Projection) -> str:
        items = ["*"] if projection.star else []
        for item in projection.items:
            text = self.expr(item.expression)
            items.append(text if item.alias is None else f"{text} AS {name(item.alias)}")
        text = ("DISTINCT " if projection.distinct else "") + ", ".join(items)
        if projection.order:
            keys = [
                self.expr(o.expression) + (" DESC" if o.descending else "")
                for o in projection.order
            ]
            text += " ORDER BY " + ", ".join(keys)
        if projection.skip is not None:
            text += f" SKIP {self.expr(projection.skip)}"
        if projection.limit is not None:
            text += f" LIMIT {self.expr(projection.limit)}"
        return text

    # -- patterns -----------------------------------------------------------------------------
    def part(self, part: s.PatternPart) -> str:
        text = f"{name(part.path)} = " if part.path else ""
        text += self.node(part.nodes[0])
        for rel, node in zip(part.relationships, part.nodes[1:], strict=True):
            text += self.relationship(rel) + self.node(node)
        return text

    def node(self, node: s.NodePattern) -> str:
        text = name(node.variable) if node.variable else ""
        text += "".join(f":{name(label)}" for label in node.labels)
        if node.properties is not None:
            text += (" " if text else "") + self.expr(node.properties)
        return f"({text})"

    def relationship(self, rel: s.RelationshipPattern) -> str:
        text = name(rel.variable) if rel.variable else ""
        if rel.types:
            text += ":" + "|".join(name(t) for t in rel.types)
        if rel.length is not None:
            text += f"*{rel.length[0]}..{rel.length[1]}"
        if rel.properties is not None:
            text += (" " if text else "") + self.expr(rel.properties)
        left = "<-" if rel.direction == "in" else "-"
        right = "->" if rel.direction == "out" else "-"
        return f"{left}[{text}]{right}"

    # -- expressions --------------------------------------------------------------------------
    def operand(self, expression: s.Expr) -> str:
        """An expression that something postfix (``.key``, ``[i]``, ``:Label``) follows."""
        text = self.expr(expression)
        if isinstance(expression, _BARE) or (
            isinstance(expression, s.Literal) and not isinstance(expression.value, int | float)
        ):
            return text
        return f"({text})"

    def expr(self, e: s.Expr) -> str:
        if isinstance(e, s.Literal):
            value = e.value
            if value is None:
                return "null"
            if isinstance(value, bool):
                return "true" if value else "false"
            if isinstance(value, str):
                return self.string(value)
            return number(value)
        if isinstance(e, s.Parameter):
            return f"${e.name}"
        if isinstance(e, s.Variable):
            return name(e.name)
        if isinstance(e, s.Property):
            return f"{self.operand(e.subject)}.{name(e.key)}"
        if isinstance(e, s.Index):
            return f"{self.operand(e.subject)}[{self.expr(e.index)}]"
        if isinstance(e, s.Slice):
            start = "" if e.start is None else self.expr(e.start)
            stop = "" if e.stop is None else self.expr(e.stop)
            return f"{self.operand(e.subject)}[{start}..{stop}]"
        if isinstance(e, s.HasLabels):
            return f"({self.operand(e.subject)}{''.join(':' + name(x) for x in e.labels)})"
        if isinstance(e, s.Unary):
            return (
                f"(NOT {self.expr(e.operand)})"
                if e.op == "NOT"
                else f"({e.op}{self.operand(e.operand)})"
            )
        if isinstance(e, s.Chain):  # ((a op b) op c): built once, not re-copied per operator
            tail = "".join(f" {op} {self.expr(operand)})" for op, operand in e.rest)
            return "(" * len(e.rest) + self.expr(e.first) + tail
        if isinstance(e, s.Predicate):
            if e.right is None:
                return f"({self.expr(e.left)} {e.op})"
            return f"({self.expr(e.left)} {e.op} {self.expr(e.right)})"
        if isinstance(e, s.ListLiteral):
            return "[" + ", ".join(self.expr(x) for x in e.items) + "]"
        if isinstance(e, s.MapLiteral):
            return "{" + ", ".join(f"{name(k)}: {self.expr(v)}" for k, v in e.items) + "}"
        if isinstance(e, s.MapProjection):
            return (
                f"({name(e.variable)} {{{', '.join(self.projection_entry(i) for i in e.items)}}})"
            )
        if isinstance(e, s.Case):
            text = "CASE" + ("" if e.subject is None else f" {self.expr(e.subject)}")
            for condition, result in e.whens:
                text += f" WHEN {self.expr(condition)} THEN {self.expr(result)}"
            if e.default is not None:
                text += f" ELSE {self.expr(e.default)}"
            return f"({text} END)"
        if isinstance(e, s.ListComprehension):
            text = f"[{name(e.variable)} IN {self.expr(e.source)}"
            text += "" if e.where is None else f" WHERE {self.expr(e.where)}"
            text += "" if e.result is None else f" | {self.expr(e.result)}"
            return text + "]"
        if isinstance(e, s.Quantifier):
            return (
                f"{e.kind}({name(e.variable)} IN {self.expr(e.source)} WHERE {self.expr(e.where)})"
            )
        if isinstance(e, s.Reduce):
            return (
                f"reduce({name(e.accumulator)} = {self.expr(e.initial)}, {name(e.variable)} IN "
                f"{self.expr(e.source)} | {self.expr(e.expression)})"
            )
        if isinstance(e, s.FunctionCall):
            args = ", ".join(self.expr(a) for a in e.args)
            return f"{e.name}({'DISTINCT ' if e.distinct else ''}{args})"
        if isinstance(e, s.CountStar):
            return "count(*)"
        if isinstance(e, s.PatternComprehension):
            text = "[" + self.part(e.part)
            text += "" if e.where is None else f" WHERE {self.expr(e.where)}"
            return text + f" | {self.expr(e.result)}]"
        raise TypeError(f"no emitter for {type(e).__name__}")

    def projection_entry(self, item: tuple[str, Any]) -> str:
        kind, value = item
        if kind == ".*":
            return ".*"
        if kind == ".":
            return "." + name(value)
        if kind == "var" and isinstance(value, str):
            return name(value)
        return f"{name(kind)}: {self.expr(value)}"


def emit(query: s.Query) -> tuple[str, dict[str, str]]:
    """The canonical text of a query and the string literals it hands over as parameters."""
    emitter = Emitter()
    return emitter.query(query), emitter.literals
