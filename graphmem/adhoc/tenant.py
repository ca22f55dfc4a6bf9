"""The tenant binding: a rewrite of the syntax tree after which every node the query can match
is a node of the caller's tenant.

Rules (each is needed; together they are the guarantee):

1. Every node pattern has a variable — a synthetic ``_gm_n<k>`` where the query left it
   anonymous — and the clause's WHERE requires ``v.tenant_id = $tenant_id AND
   [v.tenant_id] = [$tenant_id]`` for each of them (the second, exact, because FalkorDB's
   range index ignores surrounding whitespace in string equality).
   This holds for MATCH, OPTIONAL MATCH and pattern comprehensions. (Pattern predicates,
   ``WHERE (a)-->(b)``, have no WHERE to carry the exact form and are refused by the parser.)
2. Every pattern with a variable-length relationship gets a path variable (synthetic
   ``_gm_p<k>`` if it had none) and ``all(x IN nodes(p) WHERE x.tenant_id = $tenant_id)``, so
   no hop passes through another tenant's node (there, the exact form alone).
3. The caller's WHERE is kept whole as a value — it is a subtree, and the emitter parenthesises
   every operator — so nothing in it (``OR true``, ``$tenant_id IS NOT NULL``, a negation) can
   bind more loosely than the conjunction around it.
4. The caller's conjuncts that could fail on some value (arithmetic, functions, indexing, IN,
   string predicates) run only once the tenant predicates hold, so neither an error message
   nor an error's presence can depend on another tenant's data. They follow
   ``coalesce(<tenant predicates>, false)`` — false, not null, for a node without a
   ``tenant_id``, since ``null AND x`` must evaluate ``x``; FalkorDB evaluates AND left to right
   and stops at false — and sit inside ``CASE WHEN <tenant predicates> THEN … ELSE false END``
   (Neo4j orders predicates itself, but evaluates only the CASE branch taken; FalkorDB
   evaluates every branch, hence the coalesce). Conjuncts that cannot fail (comparisons and
   null tests of literals, parameters, variables and ``v.key``) stay in
   front with the plain ``v.tenant_id = $tenant_id`` terms, where planners use them for
   index seeks.
5. ``$tenant_id`` is bound from the caller's key (see ``named_queries.run_adhoc``); a caller's
   own ``tenant_id`` parameter is refused there.

Why that is enough: a query can reach the graph only through patterns (procedures, subqueries
and every function that reads anything but its arguments are outside the subset), so every
node value the query holds came from a bound pattern; a relationship value comes from a pattern
whose end nodes are bound, and a path's nodes are bound node by node. Relationships carry no
tenant of their own, so an edge between two of the tenant's nodes is the tenant's edge.

``WITH *`` and ``RETURN *`` are expanded here to the query's own variables, so the synthetic
ones never become result columns or grouping keys.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from graphmem.adhoc import refusals as r
from graphmem.adhoc import syntax as s
from graphmem.adhoc.parser import SYNTHETIC_PREFIX, TENANT_PROPERTY

TENANT_PARAM = "tenant_id"

_COMPARISONS = frozenset(("=", "<>", "<", ">", "<=", ">="))
_BOOLEAN = frozenset(("AND", "OR", "XOR"))


def and_all(terms: list[s.Expr]) -> s.Expr:
    return terms[0] if len(terms) == 1 else s.Chain(terms[0], tuple(("AND", t) for t in terms[1:]))


def conjuncts(expression: s.Expr) -> list[s.Expr]:
    """The top-level AND terms of an expression."""
    if isinstance(expression, s.Chain) and all(op == "AND" for op, _ in expression.rest):
        return [expression.first, *(term for _, term in expression.rest)]
    return [expression]


def cannot_fail(expression: s.Expr) -> bool:
    """True for predicates no value can make the engine raise on: comparisons and null tests of
    plain values, and boolean combinations of those."""
    if isinstance(expression, s.Chain):
        ops = {op for op, _ in expression.rest}
        operands = [expression.first, *(x for _, x in expression.rest)]
        if ops <= _COMPARISONS and len(operands) == 2:
            return all(s.is_plain_value(x) for x in operands)
        if ops <= _BOOLEAN:
            return all(cannot_fail(x) for x in operands)
        return False
    if isinstance(expression, s.Unary) and expression.op == "NOT":
        return cannot_fail(expression.operand)
    if isinstance(expression, s.Predicate) and expression.right is None:
        return s.is_plain_value(expression.left)
    if isinstance(expression, s.HasLabels):
        return isinstance(expression.subject, s.Variable)
    return isinstance(expression, s.Literal) and isinstance(expression.value, bool)


class TenantBinding:
    def __init__(self) -> None:
        self._counter = 0

    def fresh(self, kind: str) -> str:
        self._counter += 1
        return f"{SYNTHETIC_PREFIX}_{kind}{self._counter}"

    # -- predicates ---------------------------------------------------------------------------
    @staticmethod
    def in_tenant(variable: str) -> list[s.Expr]:
        """``v.tenant_id = $tenant_id`` for the planner's index seek, and the exact
        ``[v.tenant_id] = [$tenant_id]``: FalkorDB's range index answers ``'acme'`` with
        ``'acme '``, ``' acme'`` and ``'acme\n'`` too, and drops the filter it replaced."""
        value = s.Property(s.Variable(variable), TENANT_PROPERTY)
        tenant = s.Parameter(TENANT_PARAM)
        exact = s.Chain(s.ListLiteral((value,)), (("=", s.ListLiteral((tenant,))),))
        return [s.Chain(value, (("=", tenant),)), exact]

    def path_in_tenant(self, path: str) -> s.Expr:
        x = self.fresh("x")
        nodes = s.FunctionCall("nodes", (s.Variable(path),))
        return s.Quantifier("all", x, nodes, and_all(self.in_tenant(x)[1:]))

    def bind_part(self, part: s.PatternPart, seen: set[str]) -> tuple[s.PatternPart, list[s.Expr]]:
        """The part with every node named (and a path variable where it has a variable-length
        relationship), and the predicates that keep it inside the tenant; ``seen`` holds the
        node variables already bound by the clause."""
        nodes = tuple(
            node if node.variable else replace(node, variable=self.fresh("n"))
            for node in part.nodes
        )
        predicates: list[s.Expr] = []
        for node in nodes:
            assert node.variable is not None
            if node.variable not in seen:
                seen.add(node.variable)
                predicates += self.in_tenant(node.variable)
        path = part.path
        if any(rel.length is not None for rel in part.relationships):
            path = path or self.fresh("p")
            predicates.append(self.path_in_tenant(path))
        return replace(part, path=path, nodes=nodes), predicates

    def where(self, predicates: list[s.Expr], caller: s.Expr | None) -> s.Expr:
        """Tenant predicates first, then the caller's WHERE (whole, its risky part guarded)."""
        if caller is None:
            return and_all(predicates)
        terms = conjuncts(self.expression(caller))
        safe = [t for t in terms if cannot_fail(t)]
        risky = [t for t in terms if not cannot_fail(t)]
        guarded: list[s.Expr] = []
        if risky:
            bound = and_all(predicates)
            guarded = [
                s.FunctionCall("coalesce", (bound, s.Literal(False))),
                s.Case(None, ((bound, and_all(risky)),), s.Literal(False)),
            ]
        return and_all([*predicates, *safe, *guarded])

    def bind_parts(
        self, parts: tuple[s.PatternPart, ...], caller: s.Expr | None
    ) -> tuple[tuple[s.PatternPart, ...], s.Expr]:
        bound: list[s.PatternPart] = []
        predicates: list[s.Expr] = []
        seen: set[str] = set()
        for part in parts:
            new, part_predicates = self.bind_part(part, seen)
            bound.append(new)
            predicates += part_predicates
        return tuple(bound), self.where(predicates, caller)

    # -- expressions --------------------------------------------------------------------------
    def expression(self, expression: s.Expr) -> s.Expr:
        if isinstance(expression, s.PatternComprehension):
            (part,), where = self.bind_parts((expression.part,), expression.where)
            return s.PatternComprehension(part, where, self.expression(expression.result))
        return self._children(expression)

    def _children(self, node: s.Expr) -> s.Expr:
        changes = {}
        for f in fields(node):
            value = getattr(node, f.name)
            new = self._value(value)
            if new is not value:
                changes[f.name] = new
        return replace(node, **changes) if changes else node

    def _value(self, value: Any) -> Any:
        if isinstance(value, tuple):
            items = tuple(self._value(v) for v in value)
            return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
        if isinstance(value, s.PatternPart):  # only inside comprehensions, handled above
            return value
        if hasattr(value, "__dataclass_fields__"):
            return self.expression(value)
        return value

    # -- clauses ------------------------------------------------------------------------------
    def query(self, query: s.Query) -> s.Query:
        return replace(query, parts=tuple(self.single_query(p) for p in query.parts))

    def single_query(self, query: s.SingleQuery) -> s.SingleQuery:
        scope: set[str] = set()  # the query's own variables in scope (for * only)
        clauses: list[s.Clause] = []
        for clause in query.clauses:
            if isinstance(clause, s.Match):
                parts, where = self.bind_parts(clause.parts, clause.where)
                clauses.append(s.Match(clause.optional, parts, where))
                for part in clause.parts:  # the query's own names, not the synthetic ones
                    names = [part.path, *(n.variable for n in part.nodes)]
                    names += [rel.variable for rel in part.relationships]
                    scope.update(n for n in names if n)
            elif isinstance(clause, s.Unwind):
                clauses.append(s.Unwind(self.expression(clause.expression), clause.alias))
                scope.add(clause.alias)
            elif isinstance(clause, s.With):
                projection = self.projection(clause.projection, scope)
                condition = None if clause.where is None else self.expression(clause.where)
                clauses.append(s.With(projection, condition))
                scope = {item.alias or _variable_name(item) for item in projection.items}
            else:
                clauses.append(s.Return(self.projection(clause.projection, scope)))
        return s.SingleQuery(tuple(clauses))

    def projection(self, projection: s.Projection, scope: set[str]) -> s.Projection:
        items = [
            s.ReturnItem(self.expression(item.expression), item.alias) for item in projection.items
        ]
        if projection.star:
            named = {item.alias or _variable_name(item) for item in items}
            expanded = [s.ReturnItem(s.Variable(v), None) for v in sorted(scope) if v not in named]
            if not expanded and not items:
                r.refuse(r.STAR_WITHOUT_VARIABLES, "* needs variables in scope")
            items = expanded + items
        return s.Projection(
            projection.distinct,
            False,
            tuple(items),
            tuple(
                s.SortItem(self.expression(o.expression), o.descending) for o in projection.order
            ),
            projection.skip,
            projection.limit,
        )


def _variable_name(item: s.ReturnItem) -> str:
    assert isinstance(item.expression, s.Variable)  # the parser requires AS otherwise
    return item.expression.name


def bind(query: s.Query) -> s.Query:
    """The tenant-bound form of a parsed query."""
    return TenantBinding().query(query)
