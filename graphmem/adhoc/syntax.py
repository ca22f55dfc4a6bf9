"""The syntax tree of the ad-hoc subset: immutable, one class per construct.

Operator chains (``a + b - c``, ``x AND y AND z``, ``a < b <= c``) are kept flat (:class:`Chain`)
so the tree's depth is the text's nesting depth, which the parser bounds; the emitter writes a
chain with one pair of parentheses per operator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal as TypingLiteral
from typing import TypeAlias

# -- expressions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Literal:
    value: bool | int | float | str | None


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str


@dataclass(frozen=True, slots=True)
class Variable:
    name: str


@dataclass(frozen=True, slots=True)
class Property:
    subject: Expr
    key: str


@dataclass(frozen=True, slots=True)
class Index:
    subject: Expr
    index: Expr


@dataclass(frozen=True, slots=True)
class Slice:
    subject: Expr
    start: Expr | None
    stop: Expr | None


@dataclass(frozen=True, slots=True)
class HasLabels:
    """``n:Label:Other`` used as a predicate."""

    subject: Expr
    labels: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Unary:
    op: TypingLiteral["NOT", "-", "+"]
    operand: Expr


@dataclass(frozen=True, slots=True)
class Chain:
    """``first op1 x1 op2 x2 …``, evaluated left to right: ``((first op1 x1) op2 x2)``.

    Comparison chains are not kept here: ``a < b < c`` is parsed to ``a < b AND b < c``.
    """

    first: Expr
    rest: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True, slots=True)
class Predicate:
    """``x IS NULL``, ``x IS NOT NULL``, ``x IN y``, ``x STARTS WITH y``, ``ENDS WITH``,
    ``CONTAINS``: binary where ``right`` is set."""

    op: str
    left: Expr
    right: Expr | None = None


@dataclass(frozen=True, slots=True)
class ListLiteral:
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class MapLiteral:
    items: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True, slots=True)
class MapProjection:
    """``v {.key, .*, key: expr, other}``; an entry is ``(".", key)``, ``(".*", "")``,
    ``(key, expr)`` or ``("var", name)`` (a string, where a ``key: expr`` entry holds an
    expression)."""

    variable: str
    items: tuple[tuple[str, str | Expr], ...]


@dataclass(frozen=True, slots=True)
class Case:
    subject: Expr | None
    whens: tuple[tuple[Expr, Expr], ...]
    default: Expr | None


@dataclass(frozen=True, slots=True)
class ListComprehension:
    variable: str
    source: Expr
    where: Expr | None
    result: Expr | None


@dataclass(frozen=True, slots=True)
class Quantifier:
    """``any|all|none|single(x IN list WHERE predicate)``."""

    kind: TypingLiteral["any", "all", "none", "single"]
    variable: str
    source: Expr
    where: Expr


@dataclass(frozen=True, slots=True)
class Reduce:
    accumulator: str
    initial: Expr
    variable: str
    source: Expr
    expression: Expr


@dataclass(frozen=True, slots=True)
class FunctionCall:
    name: str  # canonical spelling from the allow-list
    args: tuple[Expr, ...]
    distinct: bool = False


@dataclass(frozen=True, slots=True)
class CountStar:
    pass


@dataclass(frozen=True, slots=True)
class PatternComprehension:
    """``[p = (a)-->(b) WHERE pred | result]``."""

    part: PatternPart
    where: Expr | None
    result: Expr


Expr: TypeAlias = (
    Literal
    | Parameter
    | Variable
    | Property
    | Index
    | Slice
    | HasLabels
    | Unary
    | Chain
    | Predicate
    | ListLiteral
    | MapLiteral
    | MapProjection
    | Case
    | ListComprehension
    | Quantifier
    | Reduce
    | FunctionCall
    | CountStar
    | PatternComprehension
)

# -- patterns ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NodePattern:
    variable: str | None
    labels: tuple[str, ...]
    properties: MapLiteral | None


@dataclass(frozen=True, slots=True)
class RelationshipPattern:
    variable: str | None
    types: tuple[str, ...]
    direction: TypingLiteral["out", "in", "both"]
    #: ``(min, max)`` hops of a variable-length relationship, else None
    length: tuple[int, int] | None
    properties: MapLiteral | None


@dataclass(frozen=True, slots=True)
class PatternPart:
    """``[path =] (node) (-[rel]- (node))*``: ``len(nodes) == len(relationships) + 1``."""

    path: str | None
    nodes: tuple[NodePattern, ...]
    relationships: tuple[RelationshipPattern, ...]


# -- clauses -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReturnItem:
    expression: Expr
    alias: str | None


@dataclass(frozen=True, slots=True)
class SortItem:
    expression: Expr
    descending: bool


@dataclass(frozen=True, slots=True)
class Projection:
    distinct: bool
    star: bool
    items: tuple[ReturnItem, ...]
    order: tuple[SortItem, ...]
    skip: Expr | None
    limit: Expr | None


@dataclass(frozen=True, slots=True)
class Match:
    optional: bool
    parts: tuple[PatternPart, ...]
    where: Expr | None


@dataclass(frozen=True, slots=True)
class Unwind:
    expression: Expr
    alias: str


@dataclass(frozen=True, slots=True)
class With:
    projection: Projection
    where: Expr | None


@dataclass(frozen=True, slots=True)
class Return:
    projection: Projection


Clause: TypeAlias = Match | Unwind | With | Return


@dataclass(frozen=True, slots=True)
class SingleQuery:
    clauses: tuple[Clause, ...]


@dataclass(frozen=True, slots=True)
class Query:
    parts: tuple[SingleQuery, ...]
    union_all: bool


def is_plain_value(expression: Expr) -> bool:
    """A value whose evaluation cannot fail whatever the data: a literal, a parameter, a
    variable, ``v.key`` on a variable, or a list or map of those. (Pattern property maps are
    held to this, so no computed value runs before the tenant predicates.)"""
    if isinstance(expression, Literal | Parameter | Variable):
        return True
    if isinstance(expression, Property):
        return isinstance(expression.subject, Variable)
    if isinstance(expression, ListLiteral):
        return all(is_plain_value(item) for item in expression.items)
    if isinstance(expression, MapLiteral):
        return all(is_plain_value(value) for _, value in expression.items)
    return False
