"""The ad-hoc subset's lexer, parser and emitter: what is read, how it is written back, and every
construct that is refused (422, field ``query``, a stable rule, the position)."""

from __future__ import annotations

import re
import sys
import threading

import pytest

from graphmem.adhoc import (
    MAX_DEPTH,
    MAX_HOPS,
    MAX_QUERY_CHARS,
    MAX_TOKENS,
    bind_to_tenant,
    parse,
)
from graphmem.adhoc import (
    refusals as r,
)
from graphmem.adhoc import syntax as s
from graphmem.adhoc.emit import emit
from graphmem.errors import ValidationError

# Queries of the subset; the canonical text of each is a fixpoint of parse → emit.
CORPUS = [
    "MATCH (n) RETURN n",
    "MATCH (m:Memory:Claim {status: 'ACTIVE', n: 1}) RETURN m.text AS t",
    "MATCH (a)-[r:A|B]->(b)<-[:C]-(c)--(d) RETURN a, r, b, c, d",
    "MATCH p = (a)-[:DERIVED_FROM*1..20]->(b) RETURN p, length(p) AS l, nodes(p) AS ns",
    "MATCH (a)-[*2]->(b), (c)-[*..3]-(d) RETURN count(*) AS n",
    "OPTIONAL MATCH (a:X) WHERE a.k IS NULL RETURN a",
    "MATCH (a) WITH DISTINCT a.k AS k ORDER BY k DESC SKIP 1 LIMIT $n WHERE k <> 'x' RETURN k",
    "UNWIND [1, 2, 3] AS x WITH x WHERE x % 2 = 1 RETURN collect(x) AS odd",
    "RETURN 1 AS a UNION RETURN 2 AS a",
    "RETURN 1 AS a UNION ALL RETURN 1 AS a UNION ALL RETURN 2 AS a",
    "RETURN -9223372036854775808 AS lo, 9223372036854775807 AS hi, 0x1F AS h, 0o17 AS o",
    "RETURN 1.5 AS f, .5 AS g, 1e3 AS e, 2.5E-3 AS d, -0.25 AS n",
    "RETURN 'a\\'b\\\\c\\n\\u00e9\\U0001F600' AS esc, \"dq\" AS d",
    "RETURN [1, [2, [3]], {a: {b: [true, false, null]}}] AS nest",
    "RETURN [1, 2, 3][0] AS i, [1, 2, 3][1..] AS s, [1, 2, 3][..2] AS t, [1, 2, 3][-2..-1] AS u",
    "MATCH (n) RETURN n.a.b AS ab, n['k'] AS dyn, n:Label AS is_label, n:A:B AS both",
    "RETURN 1 + 2 * 3 - 4 / 5 % 6 ^ 7 AS arith, -(1 + 2) AS neg, +3 AS pos",
    "RETURN 1 < 2 AS lt, 1 <= 2 <= 3 AS chain, 1 <> 2 AS ne, 1 != 2 AS ne2, 1 >= 2 AS ge",
    "RETURN true AND false OR NOT true XOR false AS b",
    "RETURN 'ab' STARTS WITH 'a' AS s, 'ab' ENDS WITH 'b' AS e, 'ab' CONTAINS 'a' AS c",
    "RETURN 1 IN [1] AS i, null IS NULL AS n, 1 IS NOT NULL AS nn",
    "RETURN CASE 1 WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END AS simple",
    "RETURN CASE WHEN 1 > 0 THEN 'pos' END AS generic",
    "RETURN [x IN range(1, 10) WHERE x > 5 | x * 2] AS a, [x IN [1]] AS b, [x IN [1] | x] AS c",
    "RETURN any(x IN [1] WHERE x = 1) AS a, all(x IN [1] WHERE x = 1) AS b, "
    "none(x IN [1] WHERE x = 2) AS c, single(x IN [1] WHERE x = 1) AS d",
    "RETURN reduce(acc = 0, x IN [1, 2] | acc + x) AS total",
    "MATCH (a) RETURN [(a)-[:R]->(b) WHERE b.k > 0 | b.k] AS ks, [p = (a)-[*1..2]-() | p] AS ps",
    "MATCH (a) WHERE exists(a.k) AND NOT exists(a.j) RETURN a",
    "MATCH (a) WITH a, size([(a)-[:R]->(:X {k: 1}) | 1]) AS n WHERE n > 0 RETURN a, n",
    "MATCH (a) RETURN a {.k, .*, x: 1, a} AS m",
    "MATCH (a) RETURN count(DISTINCT a.k) AS n, count(*) AS all, sum(a.n) AS s, avg(a.n) AS av, "
    "min(a.n) AS lo, max(a.n) AS hi, collect(DISTINCT a) AS cs",
    "MATCH p = (a)-[r]->(b) RETURN type(r) AS t, id(a) AS i, labels(a) AS l, keys(a) AS k, "
    "properties(r) AS pr, startNode(r) AS s, endNode(r) AS e, relationships(p) AS rs",
    "RETURN size('x') AS a, coalesce(null, 1) AS b, toString(1) AS c, toInteger('1') AS d, "
    "toFloat('1') AS e, toLower('A') AS f, toUpper('a') AS g, substring('abc', 1, 1) AS h, "
    "split('a,b', ',') AS i, trim(' a ') AS j, replace('a', 'a', 'b') AS k",
    "RETURN head([1]) AS a, last([1]) AS b, tail([1]) AS c, range(1, 3, 1) AS d, "
    "reverse([1]) AS e, abs(-1) AS f, ceil(1.5) AS g, floor(1.5) AS h, round(1.5) AS i, "
    "sqrt(4) AS j",
    "MATCH (`weird name`:`Odd Label` {`odd key`: 1}) RETURN `weird name`.`odd key` AS `odd col`",
    "MATCH (한글:라벨) RETURN 한글.속성 AS 열",
    "MATCH (n) RETURN n.x + 1",
    "MATCH (n) RETURN *",
    "MATCH (a)-[r]->(b) WITH *, 1 AS one RETURN *",
    "match (n) where n.x = 1 return n",
    "MATCH (n) RETURN n;",
    "MATCH (n) // a comment\n/* a block\ncomment */ RETURN n",
    "RETURN $p AS p, $`q` AS q, $tenant_id AS t",
]


def refused(text: str) -> tuple[str, str]:
    with pytest.raises(ValidationError) as info:
        bind_to_tenant(text)
    [issue] = info.value.issues
    assert issue.field == "query"
    return issue.rule, issue.message


def inline_literals(text: str, literals: dict[str, str]) -> str:
    """Emitted text with its hoisted strings written back as literals (to parse it again)."""

    def literal(match: re.Match[str]) -> str:
        value = literals[match.group(1)]
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"

    return re.sub(r"\$(_gm_s\d+)", literal, text)


@pytest.mark.parametrize("text", CORPUS)
def test_round_trip(text: str) -> None:
    """Canonical text is a fixpoint: parsing it again and emitting gives it back."""
    emitted, literals = emit(parse(text))
    assert emit(parse(inline_literals(emitted, literals))) == (emitted, literals)
    bind_to_tenant(text)  # and the binding accepts the whole corpus


def test_canonical_text_parenthesises_every_operator_and_hoists_strings() -> None:
    emitted, literals = emit(parse("RETURN 1 + 2 * 3 = 7 OR NOT 'a' IN ['a', 'b'] AND x < 2"))
    assert emitted == (
        "RETURN (((1 + (2 * 3)) = 7) OR ((NOT ($_gm_s1 IN [$_gm_s1, $_gm_s2])) AND (x < 2))) "
        "AS `1 + 2 * 3 = 7 OR NOT 'a' IN ['a', 'b'] AND x < 2`"
    )
    assert literals == {"_gm_s1": "a", "_gm_s2": "b"}


def test_strings_mean_what_neo4j_reads_and_are_never_written_back() -> None:
    bound = bind_to_tenant("RETURN 'a\\u00e9\\n\\'' AS s, \"x\\\"y\" AS t")
    assert sorted(bound.literals.values()) == ["aé\n'", 'x"y']
    assert "'" not in bound.text.split("AS")[0] and '"' not in bound.text


def test_precedence_and_chains() -> None:
    # a < b < c is a < b AND b < c; -2 ^ 2 is (-2) ^ 2; NOT binds looser than comparison
    assert emit(parse("RETURN 1 < 2 < 3 AS c"))[0] == "RETURN ((1 < 2) AND (2 < 3)) AS c"
    assert emit(parse("RETURN -2 ^ 2 AS p"))[0] == "RETURN ((-2) ^ 2) AS p"
    assert emit(parse("RETURN NOT 1 = 2 AS n"))[0] == "RETURN (NOT (1 = 2)) AS n"
    assert emit(parse("RETURN 1 - 2 - 3 AS m"))[0] == "RETURN ((1 - 2) - 3) AS m"


def test_unnamed_columns_are_named_by_their_text() -> None:
    tree = parse("MATCH (n) RETURN n, n.x  +\n 1, count(*), `n`.y")
    items = tree.parts[0].clauses[-1].projection.items  # type: ignore[union-attr]
    assert [i.alias for i in items] == [None, "n.x + 1", "count(*)", "n.y"]


def test_names_are_quoted_only_when_needed() -> None:
    emitted, _ = emit(parse("MATCH (`order`:`My Label` {`ends`: 1}) RETURN `order`.ok AS 열"))
    assert emitted == "MATCH (`order`:`My Label` {`ends`: 1})\nRETURN `order`.ok AS `열`"


def test_exists_on_a_property_is_a_null_test() -> None:
    assert emit(parse("MATCH (n) RETURN exists(n.k) AS e"))[0] == (
        "MATCH (n)\nRETURN (n.k IS NOT NULL) AS e"
    )


def test_relationships_are_written_with_brackets_and_bounds() -> None:
    emitted, _ = emit(parse("MATCH (a)-->(b)<--(c)--(d)<-->(e)-[*..3]->(f)-[*2]-(g) RETURN a"))
    assert emitted.startswith("MATCH (a)-[]->(b)<-[]-(c)-[]-(d)-[]-(e)-[*1..3]->(f)-[*2..2]-(g)")


def test_syntax_errors_name_the_position() -> None:
    assert refused("MATCH (n) RETURN n +") == (
        r.SYNTAX,
        "line 1, column 21: expected an expression, found the end of the query",
    )
    rule, message = refused("MATCH (n)\nWHERE n.x = = 1\nRETURN n")
    assert rule == r.SYNTAX and message.startswith("line 2, column 13:")
    assert refused("MATCH (n RETURN n") == (r.SYNTAX, "line 1, column 7: '(' is never closed")
    assert refused("RETURN 1)")[1] == "line 1, column 9: ')' closes nothing that is open"
    assert refused("RETURN 'abc")[0] == r.SYNTAX
    assert refused("RETURN 1 /* open")[0] == r.SYNTAX
    assert refused("RETURN ` x")[0] == r.SYNTAX
    assert refused("RETURN 1 # 2")[1] == "line 1, column 10: unexpected character '#'"


REFUSALS = [
    # writes
    ("CREATE (n:X) RETURN n", r.WRITE_CLAUSE),
    ("MATCH (n) CREATE (m) RETURN m", r.WRITE_CLAUSE),
    ("MERGE (n:X {k: 1}) RETURN n", r.WRITE_CLAUSE),
    ("MATCH (n) SET n.x = 1 RETURN n", r.WRITE_CLAUSE),
    ("MATCH (n) DELETE n", r.WRITE_CLAUSE),
    ("MATCH (n) DETACH DELETE n", r.WRITE_CLAUSE),
    ("MATCH (n) REMOVE n.x RETURN n", r.WRITE_CLAUSE),
    ("MATCH (n) FOREACH (x IN [1] | SET n.x = x)", r.WRITE_CLAUSE),
    ("LOAD CSV FROM 'file:///x' AS row RETURN row", r.WRITE_CLAUSE),
    ("MATCH (n) WHERE n.x = 1 CREATE (m) RETURN 1 AS x", r.WRITE_CLAUSE),
    # procedures and subqueries
    ("CALL db.labels()", r.PROCEDURE),
    ("CALL db.idx.fulltext.queryNodes('M', 'x') YIELD node RETURN node", r.PROCEDURE),
    ("MATCH (n) CALL { MATCH (m) RETURN m } RETURN n", r.SUBQUERY),
    ("MATCH (n) CALL (n) { RETURN 1 AS one } RETURN n", r.SUBQUERY),
    ("OPTIONAL CALL db.labels()", r.PROCEDURE),
    ("MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN n", r.SUBQUERY),
    ("MATCH (n) RETURN COUNT { (n)-->() } AS c", r.SUBQUERY),
    ("MATCH (n) RETURN COLLECT { MATCH (m) RETURN m } AS c", r.SUBQUERY),
    # other clauses and statements
    ("USE other MATCH (n) RETURN n", r.UNSUPPORTED_CLAUSE),
    ("SHOW INDEXES", r.UNSUPPORTED_CLAUSE),
    ("DROP INDEX x", r.UNSUPPORTED_CLAUSE),
    ("FINISH", r.UNSUPPORTED_CLAUSE),
    ("EXPLAIN MATCH (n) RETURN n", r.QUERY_OPTIONS),
    ("PROFILE MATCH (n) RETURN n", r.QUERY_OPTIONS),
    ("CYPHER runtime=slotted MATCH (n) RETURN n", r.QUERY_OPTIONS),
    ("MATCH (n) RETURN n; MATCH (m) RETURN m", r.MULTIPLE_STATEMENTS),
    ("MATCH (n) RETURN n;;", r.MULTIPLE_STATEMENTS),
    ("MATCH (n)", r.MISSING_RETURN),
    ("MATCH (n) WITH n", r.MISSING_RETURN),
    ("RETURN 1 AS a UNION RETURN 2 AS a UNION ALL RETURN 3 AS a", r.UNION_MIXED),
    ("MATCH (n) WITH n.x RETURN 1 AS one", r.ALIAS_REQUIRED),
    ("RETURN *", r.STAR_WITHOUT_VARIABLES),
    ("MATCH (n) RETURN n LIMIT 1 + 1", r.LIMIT_VALUE),
    ("MATCH (n) RETURN n SKIP -1", r.LIMIT_VALUE),
    ("MATCH (n) RETURN n OFFSET 1", r.UNSUPPORTED_CLAUSE),
    ("MATCH REPEATABLE ELEMENTS (n) RETURN n", r.UNSUPPORTED_CLAUSE),
    # patterns
    ("MATCH p = shortestPath((a)-[*1..3]-(b)) RETURN p", r.SHORTEST_PATH),
    ("MATCH p = allShortestPaths((a)-[*1..3]-(b)) RETURN p", r.SHORTEST_PATH),
    ("MATCH p = SHORTEST 1 (a)-[*1..3]-(b) RETURN p", r.SHORTEST_PATH),
    ("MATCH p = ANY SHORTEST (a)-[*1..3]-(b) RETURN p", r.SHORTEST_PATH),
    ("MATCH (a) RETURN shortestPath((a)-[*1..3]-()) AS p", r.SHORTEST_PATH),
    ("MATCH (a)-[*]->(b) RETURN a", r.UNBOUNDED_PATH),
    ("MATCH (a)-[*2..]->(b) RETURN a", r.UNBOUNDED_PATH),
    ("MATCH (a)-[:R*]->(b) RETURN a", r.UNBOUNDED_PATH),
    (f"MATCH (a)-[*1..{MAX_HOPS + 1}]->(b) RETURN a", r.PATH_TOO_LONG),
    ("MATCH (a)-[*3..2]->(b) RETURN a", r.SYNTAX),
    ("MATCH ((a)-->(b)){1,3} RETURN a", r.QUANTIFIED_PATH),
    ("MATCH (a)-->{1,3}(b) RETURN a", r.QUANTIFIED_PATH),
    ("MATCH (a)-[:R]->+(b) RETURN a", r.QUANTIFIED_PATH),
    ("MATCH (n:$($label)) RETURN n", r.DYNAMIC_LABEL),
    ("MATCH (n:$label) RETURN n", r.DYNAMIC_LABEL),
    ("MATCH ()-[r:$($t)]->() RETURN r", r.DYNAMIC_LABEL),
    ("MATCH (n:A|B) RETURN n", r.LABEL_EXPRESSION),
    ("MATCH (n:!A) RETURN n", r.LABEL_EXPRESSION),
    ("MATCH (n:A&B) RETURN n", r.LABEL_EXPRESSION),
    ("MATCH (n IS A) RETURN n", r.LABEL_EXPRESSION),
    ("MATCH ()-[r:!R]->() RETURN r", r.LABEL_EXPRESSION),
    ("MATCH (n WHERE n.x = 1) RETURN n", r.INLINE_WHERE),
    ("MATCH ()-[r WHERE r.x = 1]->() RETURN r", r.INLINE_WHERE),
    ("MATCH (n $props) RETURN n", r.PATTERN_PROPERTY),
    ("MATCH (n {k: toLower('X')}) RETURN n", r.PATTERN_PROPERTY),
    ("MATCH (a), (b {k: a.x + 1}) RETURN b", r.PATTERN_PROPERTY),
    ("MATCH (a) WHERE (a)-[:R]->() RETURN a", r.PATTERN_PREDICATE),
    ("MATCH (a) WHERE NOT (a)<-[:S]-(:X {k: 1}) RETURN a", r.PATTERN_PREDICATE),
    ("MATCH (a) WHERE a.k = 1 OR (a)--() RETURN a", r.PATTERN_PREDICATE),
    ("MATCH (a) WHERE exists((a)--()) RETURN a", r.PATTERN_PREDICATE),
    ("MATCH (a) WHERE (a)-[*1..2]->() RETURN a", r.PATTERN_PREDICATE),
    ("MATCH (a) RETURN (a)-->() AS paths", r.PATTERN_PREDICATE),
    ("MATCH (a) WHERE size([x IN [1] WHERE (a)-->()]) > 0 RETURN a", r.PATTERN_PREDICATE),
    ("MATCH (a) WHERE (a)-->() = true RETURN a", r.PATTERN_PREDICATE),
    # functions
    ("MATCH (n) RETURN db.labels(n) AS l", r.UNKNOWN_FUNCTION),
    ("RETURN apoc.text.join(['a'], ',') AS x", r.UNKNOWN_FUNCTION),
    ("RETURN algo.pageRank() AS x", r.UNKNOWN_FUNCTION),
    ("MATCH (n) RETURN elementId(n) AS e", r.UNKNOWN_FUNCTION),
    ("RETURN vecf32([1.0]) AS v", r.UNKNOWN_FUNCTION),
    ("RETURN datetime() AS now", r.UNKNOWN_FUNCTION),
    ("RETURN notAFunction(1) AS x", r.UNKNOWN_FUNCTION),
    ("RETURN size(1, 2) AS x", r.FUNCTION_ARGUMENTS),
    ("RETURN toLower(DISTINCT 'a') AS x", r.FUNCTION_ARGUMENTS),
    ("RETURN exists(1) AS x", r.FUNCTION_ARGUMENTS),
    ("MATCH (a) RETURN exists([(a)--() | 1]) AS x", r.FUNCTION_ARGUMENTS),
    ("MATCH (n) WHERE n.x =~ 'a.*' RETURN n", r.REGEX),
    # names, parameters, literals
    ("MATCH (_gm_n1) RETURN _gm_n1", r.RESERVED_IDENTIFIER),
    ("MATCH (n) RETURN n AS _GM_x", r.RESERVED_IDENTIFIER),
    ("RETURN $_gm_s1 AS x", r.RESERVED_IDENTIFIER),
    ("MATCH (`a``b`) RETURN 1 AS x", r.IDENTIFIER),
    ("MATCH (``) RETURN 1 AS x", r.IDENTIFIER),
    ("RETURN $0 AS x", r.PARAMETER),
    ("RETURN $한 AS x", r.PARAMETER),
    ("RETURN '\\u0000' AS x", r.STRING),
    ("RETURN '\\uD800' AS x", r.STRING),
    ("RETURN '\\q' AS x", r.STRING),
    ("RETURN '\\u12' AS x", r.STRING),
    ("RETURN 9223372036854775808 AS x", r.NUMBER),
    ("RETURN 1e999 AS x", r.NUMBER),
    ("RETURN 12abc AS x", r.NUMBER),
    ("RETURN {k: 1, k: 2} AS m", r.SYNTAX),
    ("MATCH (n) WHERE n.x IS :: INTEGER RETURN n", r.SYNTAX),
]


@pytest.mark.parametrize(("text", "rule"), REFUSALS)
def test_refusals_name_the_rule_and_position(text: str, rule: str) -> None:
    got, message = refused(text)
    assert got == rule, message
    assert re.match(r"line \d+, column \d+: ", message) or rule == r.STAR_WITHOUT_VARIABLES


def test_every_rule_is_exercised() -> None:
    rules = {v for k, v in vars(r).items() if k.isupper() and isinstance(v, str) and k != "FIELD"}
    untested = (
        rules
        - {rule for _, rule in REFUSALS}
        - {
            r.TOO_LONG,  # the bounds: below
            r.TOO_MANY_TOKENS,
            r.TOO_DEEP,
            r.ENGINE_REJECTED,  # raised when the engine refuses a bound query (integration)
        }
    )
    assert untested == set()


def test_bounds() -> None:
    assert refused("RETURN 1 AS x" + " " * MAX_QUERY_CHARS)[0] == r.TOO_LONG
    many = "RETURN [" + ",".join(["1"] * (MAX_TOKENS // 2 + 1)) + "] AS x"
    assert len(many) <= MAX_QUERY_CHARS and refused(many)[0] == r.TOO_MANY_TOKENS
    deep = "RETURN " + "(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1) + " AS x"
    assert refused(deep)[0] == r.TOO_DEEP
    assert refused("RETURN " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + " AS x")[0] == (
        r.TOO_DEEP
    )
    assert refused("RETURN " + "NOT " * (MAX_DEPTH + 1) + "true AS x")[0] == r.TOO_DEEP
    # postfix chains grow the tree without nesting the text: bounded too
    assert refused("MATCH (n) RETURN n" + ".k" * 200 + " AS x")[0] == r.TOO_DEEP
    assert refused("RETURN 1" + " IS NULL" * 200 + " AS x")[0] == r.TOO_DEEP
    # within the bounds: nesting just under the limit and long flat chains parse
    parse("RETURN " + "(" * (MAX_DEPTH - 2) + "1" + ")" * (MAX_DEPTH - 2) + " AS x")
    parse("RETURN " + " + ".join(["1"] * 2000) + " AS x")
    parse("MATCH " + ", ".join(f"(n{i})" for i in range(1000)) + " RETURN 1 AS x")


def test_the_deepest_query_allowed_fits_in_the_stack() -> None:
    """At the nesting bound, parse, bind and emit fit in 700 frames (the interpreter allows
    1,000; the rest is the caller's: a server thread, the CLI, pytest)."""
    d = MAX_DEPTH - 1
    deepest = [
        "RETURN " + "[" * d + "1" + "]" * d + " AS x",
        "RETURN " + "(" * d + "1" + ")" * d + " AS x",
        "RETURN " + "abs(" * d + "1" + ")" * d + " AS x",
        "RETURN " + "{a: " * d + "1" + "}" * d + " AS x",
        "RETURN " + "CASE WHEN true THEN " * d + "1" + " END" * d + " AS x",
        "MATCH (a) RETURN " + "[(a)-->(b) | " * (d // 2) + "1" + "]" * (d // 2) + " AS x",
        "MATCH (n) RETURN n" + ".k" * 110 + " AS x",
    ]
    errors: list[BaseException] = []

    def run() -> None:
        for text in deepest:
            try:
                bind_to_tenant(text)
            except BaseException as exc:  # handed to the test thread
                errors.append(exc)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(700)
    try:
        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
    finally:
        sys.setrecursionlimit(limit)
    assert errors == []


def test_keywords_may_name_things_where_a_name_is_expected() -> None:
    tree = parse("MATCH (ends)-[desc]->(all) RETURN ends.x AS count, desc AS starts, all AS by")
    assert isinstance(tree.parts[0].clauses[0], s.Match)
    assert refused("MATCH (n) RETURN n AS where")[0] == r.SYNTAX
