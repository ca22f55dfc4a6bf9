"""The tenant binding, checked on the tree and on the text: every node pattern and every
variable-length path is bound, the caller's WHERE is kept whole under the binding, and what
could fail runs only behind it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, is_dataclass

import pytest

from graphmem.adhoc import PART_COLUMN, TENANT_PARAM, bind_to_tenant, parse
from graphmem.adhoc import syntax as s
from graphmem.adhoc.emit import emit
from graphmem.adhoc.tenant import bind, cannot_fail, conjuncts
from graphmem.errors import ValidationError
from tests.adhoc_shapes import shapes
from tests.unit.test_adhoc_parser import CORPUS

PROBE = [
    "MATCH (s) WHERE s.tenant_id <> $tenant_id RETURN s.tenant_id AS owner, s.content AS c",
    "MATCH (s) WHERE s.tenant_id <> $tenant_id OR true RETURN s.content AS c",
    "MATCH (s) WHERE $tenant_id IS NOT NULL RETURN s.content AS c",
    "MATCH (s {tenant_id: 'globex'}) RETURN properties(s) AS p",
    "MATCH (s) RETURN collect(s.content) AS all",
]


def in_tenant(variable: str) -> tuple[s.Expr, s.Expr]:
    """The seekable and the exact form of ``variable.tenant_id = $tenant_id``."""
    value, tenant = s.Property(s.Variable(variable), "tenant_id"), s.Parameter(TENANT_PARAM)
    return (
        s.Chain(value, (("=", tenant),)),
        s.Chain(s.ListLiteral((value,)), (("=", s.ListLiteral((tenant,))),)),
    )


def walk(root: object) -> Iterator[object]:
    stack: list[object] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(node)
        elif is_dataclass(node):
            yield node
            stack.extend(getattr(node, f.name) for f in fields(node))


def bound_patterns(tree: s.Query) -> Iterator[tuple[tuple[s.PatternPart, ...], s.Expr | None]]:
    """Every (parts, where) that matches the graph: MATCH clauses and pattern comprehensions."""
    for node in walk(tree):
        if isinstance(node, s.Match):
            yield node.parts, node.where
        elif isinstance(node, s.PatternComprehension):
            yield (node.part,), node.where


def assert_bound(tree: s.Query) -> None:
    for parts, where in bound_patterns(tree):
        assert where is not None
        terms = conjuncts(where)
        for part in parts:
            for node in part.nodes:
                assert node.variable, "an anonymous node survived the binding"
                assert all(t in terms for t in in_tenant(node.variable)), node.variable
            if any(rel.length for rel in part.relationships):
                assert part.path, "a variable-length pattern without a path variable"
                hops = [
                    t
                    for t in terms
                    if isinstance(t, s.Quantifier)
                    and t.kind == "all"
                    and t.source == s.FunctionCall("nodes", (s.Variable(part.path),))
                    and t.where == in_tenant(t.variable)[1]
                ]
                assert hops, f"the hops of {part.path} are not bound"


@pytest.mark.parametrize(
    "text", PROBE + CORPUS + [shape.text for shape in shapes()[::7]], ids=lambda t: t[:60]
)
def test_every_pattern_is_bound(text: str) -> None:
    assert_bound(bind(parse(text)))


def test_the_probe_queries_are_bound_with_the_callers_where_inside_parentheses() -> None:
    bound = "((s.tenant_id = $tenant_id) AND ([s.tenant_id] = [$tenant_id]))"
    assert bind_to_tenant(PROBE[0]).text == (
        "MATCH (s)\n"
        f"  WHERE ({bound} AND (s.tenant_id <> $tenant_id))\n"
        "RETURN s.tenant_id AS owner, s.content AS c"
    )
    assert bind_to_tenant(PROBE[1]).text == (
        "MATCH (s)\n"
        f"  WHERE ({bound} AND ((s.tenant_id <> $tenant_id) OR true))\n"
        "RETURN s.content AS c"
    )
    assert bind_to_tenant(PROBE[2]).text.splitlines()[1] == (
        f"  WHERE ({bound} AND ($tenant_id IS NOT NULL))"
    )


def test_anonymous_nodes_and_variable_length_paths_get_synthetic_names() -> None:
    bound = bind_to_tenant("MATCH (:Subject)-[:ABOUT]->(m)-[*1..3]-() RETURN m.text AS t")
    assert bound.text == (
        "MATCH _gm_p3 = (_gm_n1:Subject)-[:ABOUT]->(m)-[*1..3]-(_gm_n2)\n"
        "  WHERE (((((((_gm_n1.tenant_id = $tenant_id) AND ([_gm_n1.tenant_id] = [$tenant_id])) "
        "AND (m.tenant_id = $tenant_id)) AND ([m.tenant_id] = [$tenant_id])) "
        "AND (_gm_n2.tenant_id = $tenant_id)) AND ([_gm_n2.tenant_id] = [$tenant_id])) "
        "AND all(_gm_x4 IN nodes(_gm_p3) WHERE ([_gm_x4.tenant_id] = [$tenant_id])))\n"
        "RETURN m.text AS t"
    )


def test_optional_match_and_pattern_comprehensions_are_bound() -> None:
    bound = bind_to_tenant(
        "MATCH (a) OPTIONAL MATCH (a)-->(b) WHERE b.k IS NULL RETURN [(a)<--(c) | c.x] AS cs"
    )
    a = "(a.tenant_id = $tenant_id) AND ([a.tenant_id] = [$tenant_id])"
    assert bound.text == (
        f"MATCH (a)\n  WHERE ({a})\n"
        "OPTIONAL MATCH (a)-[]->(b)\n"
        f"  WHERE (((({a}) AND (b.tenant_id = $tenant_id)) AND ([b.tenant_id] = [$tenant_id])) "
        "AND (b.k IS NULL))\n"
        f"RETURN [(a)<-[]-(c) WHERE ((({a}) AND (c.tenant_id = $tenant_id)) AND "
        "([c.tenant_id] = [$tenant_id])) | c.x] AS cs"
    )


def test_what_could_fail_runs_only_behind_the_binding() -> None:
    bound = bind_to_tenant("MATCH (m) WHERE m.k = $k AND m.w * 2 > 1 AND m.x IS NULL RETURN m")
    m = "((m.tenant_id = $tenant_id) AND ([m.tenant_id] = [$tenant_id]))"
    assert bound.text.splitlines()[1] == (
        f"  WHERE (((({m} AND (m.k = $k)) AND (m.x IS NULL)) AND coalesce({m}, false)) AND "
        f"(CASE WHEN {m} THEN ((m.w * 2) > 1) ELSE false END))"
    )


def test_cannot_fail_is_conservative() -> None:
    def where(text: str) -> s.Expr:
        clause = parse(f"MATCH (m) WHERE {text} RETURN m").parts[0].clauses[0]
        assert isinstance(clause, s.Match) and clause.where is not None
        return clause.where

    for text in ["m.k = 1", "m.k <> $p", "m.k IS NULL", "NOT m.a = m.b", "m:L", "true",
                 "m.k < 'x' OR m.k >= [1, {a: $p}]", "[m.k] = [$p]"]:  # fmt: skip
        assert cannot_fail(where(text)), text
    for text in ["m.k + 1 = 2", "m.k IN [1]", "m.k STARTS WITH 'a'", "toLower(m.k) = 'a'",
                 "m.k[0] = 1", "m.a.b = 1", "m.flag", "NOT m.flag", "m.k = 1 OR m.j",
                 "size([x IN [1] WHERE x = 1]) > 0", "CASE WHEN true THEN m.k END = 1",
                 "$p"]:  # fmt: skip
        assert not cannot_fail(where(text)), text


def test_star_is_expanded_to_the_querys_own_variables() -> None:
    bound = bind_to_tenant("MATCH (a)-->()<-[r]-(b) WITH * MATCH (b)--(c) RETURN *")
    assert bound.text.splitlines()[2] == "WITH a, b, r"
    assert bound.text.splitlines()[-1] == "RETURN a, b, c, r"


def test_parameters_are_the_callers_and_tenant_id_is_bound() -> None:
    bound = bind_to_tenant("MATCH (m {k: $k}) WHERE m.x = 'lit' RETURN $tenant_id AS t LIMIT $n")
    assert bound.parameters == {"k", "n"}
    assert bound.literals == {"_gm_s1": "lit"}
    assert bound.params({"k": 1, "n": 2, "unused": 3}, "acme") == {
        "k": 1,
        "n": 2,
        "_gm_s1": "lit",
        "tenant_id": "acme",
    }


def test_the_engine_never_sees_the_callers_text() -> None:
    text = "MATCH (m) /* OR true */ WHERE m.x = 'a' // */ OR true\n RETURN m"
    bound = bind_to_tenant(text)
    assert "/*" not in bound.text and "//" not in bound.text and "OR" not in bound.text
    assert emit(parse(text))[0] != text


def test_the_row_bound_caps_each_final_return_and_marks_a_unions_parts() -> None:
    """graphmem.adhoc.cap: the engine stops one row past the limit; the caller's lower LIMIT
    (a literal or a parameter, at its value) stands; a UNION's parts say which they are and
    answer distinct rows, a UNION ALL's keep their repeats."""
    capped = bind_to_tenant("MATCH (m) RETURN m.k AS k", limit=10)
    assert capped.text.endswith("RETURN m.k AS k LIMIT 11") and capped.parts == 1
    assert bind_to_tenant("MATCH (m) RETURN m LIMIT 3", limit=10).text.endswith("LIMIT 3")
    assert bind_to_tenant("MATCH (m) RETURN m LIMIT 30", limit=10).text.endswith("LIMIT 11")
    by_param = bind_to_tenant("MATCH (m) RETURN m SKIP 2 LIMIT $n", limit=10, values={"n": 4})
    assert by_param.text.endswith("SKIP 2 LIMIT 4")
    for value in ("4", -1, True, None):
        with pytest.raises(ValidationError) as bad:
            bind_to_tenant("MATCH (m) RETURN m LIMIT $n", limit=10, values={"n": value})
        assert [(i.field, i.rule) for i in bad.value.issues] == [("params.n", "type")]
    union = bind_to_tenant("MATCH (a:A) RETURN a.k AS k UNION MATCH (b:B) RETURN b.k AS k", limit=5)
    first, second = union.text.split("\nUNION\n")
    assert first.endswith(f"RETURN DISTINCT a.k AS k, 0 AS {PART_COLUMN} LIMIT 6")
    assert second.endswith(f"RETURN DISTINCT b.k AS k, 1 AS {PART_COLUMN} LIMIT 6")
    assert (union.parts, union.union_all) == (2, False)
    kept = bind_to_tenant("RETURN 1 AS k UNION ALL RETURN 1 AS k", limit=5)
    assert "DISTINCT" not in kept.text and kept.union_all
    assert bind_to_tenant("MATCH (m) RETURN m").text.endswith("RETURN m")  # no limit: as written
