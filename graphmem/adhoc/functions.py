"""The functions an ad-hoc query may call: built-ins that exist, with the same meaning, on both
FalkorDB and Neo4j 5, and that read nothing but their arguments.

Anything else is refused by name — namespaced functions (``db.*``, ``apoc.*``, ``algo.*``),
engine-only ones (``elementId``, ``vecf32``), and every procedure. A function here can only
see values the query already bound, and those come from tenant-bound patterns, so no function
can reach another tenant's data. ``any``/``all``/``none``/``single``/``reduce`` and
``exists(n.prop)`` have their own syntax and are handled by the parser.
"""

from __future__ import annotations

from dataclasses import dataclass

MANY = 1_000


@dataclass(frozen=True)
class FunctionSpec:
    name: str  # canonical spelling (Cypher function names are case-insensitive)
    min_args: int
    max_args: int
    aggregate: bool = False


_SPECS = [
    # aggregation
    FunctionSpec("count", 1, 1, aggregate=True),
    FunctionSpec("collect", 1, 1, aggregate=True),
    FunctionSpec("sum", 1, 1, aggregate=True),
    FunctionSpec("avg", 1, 1, aggregate=True),
    FunctionSpec("min", 1, 1, aggregate=True),
    FunctionSpec("max", 1, 1, aggregate=True),
    FunctionSpec("stDev", 1, 1, aggregate=True),
    FunctionSpec("percentileCont", 2, 2, aggregate=True),
    FunctionSpec("percentileDisc", 2, 2, aggregate=True),
    # graph elements
    FunctionSpec("labels", 1, 1),
    FunctionSpec("type", 1, 1),
    FunctionSpec("id", 1, 1),
    FunctionSpec("keys", 1, 1),
    FunctionSpec("properties", 1, 1),
    FunctionSpec("nodes", 1, 1),
    FunctionSpec("relationships", 1, 1),
    FunctionSpec("length", 1, 1),
    FunctionSpec("startNode", 1, 1),
    FunctionSpec("endNode", 1, 1),
    # scalar
    FunctionSpec("size", 1, 1),
    FunctionSpec("coalesce", 1, MANY),
    FunctionSpec("toString", 1, 1),
    FunctionSpec("toInteger", 1, 1),
    FunctionSpec("toFloat", 1, 1),
    FunctionSpec("toBoolean", 1, 1),
    # string
    FunctionSpec("toLower", 1, 1),
    FunctionSpec("toUpper", 1, 1),
    FunctionSpec("substring", 2, 3),
    FunctionSpec("split", 2, 2),
    FunctionSpec("trim", 1, 1),
    FunctionSpec("ltrim", 1, 1),
    FunctionSpec("rtrim", 1, 1),
    FunctionSpec("replace", 3, 3),
    FunctionSpec("left", 2, 2),
    FunctionSpec("right", 2, 2),
    # list
    FunctionSpec("head", 1, 1),
    FunctionSpec("last", 1, 1),
    FunctionSpec("tail", 1, 1),
    FunctionSpec("range", 2, 3),
    FunctionSpec("reverse", 1, 1),
    # math
    FunctionSpec("abs", 1, 1),
    FunctionSpec("ceil", 1, 1),
    FunctionSpec("floor", 1, 1),
    FunctionSpec("round", 1, 1),
    FunctionSpec("sqrt", 1, 1),
    FunctionSpec("sign", 1, 1),
]

FUNCTIONS: dict[str, FunctionSpec] = {s.name.lower(): s for s in _SPECS}


def lookup(name: str) -> FunctionSpec | None:
    """The spec of an allowed function, by any spelling; None when it is not allowed."""
    return FUNCTIONS.get(name.lower())
