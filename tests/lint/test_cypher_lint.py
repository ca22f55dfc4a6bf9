"""Neo4j's own Cypher linter accepts every Neo4j-dialect named query, and really rejects bad ones.

Runs the real node linter (tools/cypher-lint); skipped only when it is not installed.
"""

from __future__ import annotations

import pytest

from graphmem.lint_cypher import LintResult, lint_library, linter_available, run_linter
from graphmem.queries import QueryLibrary

pytestmark = [
    pytest.mark.lint,
    pytest.mark.skipif(linter_available() is not None, reason=str(linter_available())),
]


def test_every_neo4j_query_lints_clean() -> None:
    library = QueryLibrary("neo4j")
    assert library.names(), "no queries found in cypher/"
    result = lint_library(library)
    assert result.ok, "Neo4j linter errors:\n" + "\n".join(map(str, result.errors))


BAD = {
    "syntax": ("MATCH (n:Memory RETURN n", "Invalid input"),
    "unknown-function": ("RETURN notAFunction(1) AS x", "Function notAFunction is not present"),
    "falkordb-procedure": (
        "CALL db.idx.vector.queryNodes('Memory', 'embedding', 1, [1.0]) YIELD node RETURN node",
        "Procedure db.idx.vector.queryNodes is not present",
    ),
    "apoc": ("RETURN apoc.text.join(['a'], ',') AS x", "Function apoc.text.join is not present"),
    "undefined-variable": ("MATCH (n) RETURN m", "Variable `m` not defined"),
    "undeclared-parameter": ("RETURN $undeclared AS x", "Parameter $undeclared is not defined"),
}


@pytest.fixture(scope="module")
def bad_results() -> dict[str, LintResult]:
    # One node process per case, so each case proves on its own that the linter exits 1.
    return {
        name: run_linter([{"name": name, "text": text, "params": []}])
        for name, (text, _) in BAD.items()
    }


@pytest.mark.parametrize("case", list(BAD))
def test_bad_queries_fail_the_lint(case: str, bad_results: dict[str, LintResult]) -> None:
    result = bad_results[case]
    assert result.returncode == 1
    assert not result.ok
    expected = BAD[case][1]
    assert any(expected in d.message for d in result.errors), result.output
    assert all(d.name == case and d.line == 1 for d in result.errors)
    assert f"{case}:1:" in result.output  # readable: name:line:column: severity: message


def test_neo4j_builtins_used_by_graphmem_are_known() -> None:
    text = (
        "MATCH (m:Memory) WHERE m.tenant_id = $t AND COUNT { (m)--() } >= 0\n"
        "WITH m, vector.similarity.cosine(m.embedding, $v) AS s\n"
        "CALL db.index.vector.queryNodes('idx', 10, $v) YIELD node, score\n"
        "CALL db.index.fulltext.queryNodes('ft', $q) YIELD node AS hit\n"
        "RETURN toLower(trim(m.text)) AS t, datetime() AS now, collect(s) AS ss, "
        "size(split('a,b', ',')) AS n, round(abs(-1.5)) AS r, elementId(m) AS id"
    )
    result = run_linter([{"name": "builtins", "text": text, "params": ["t", "v", "q"]}])
    assert result.ok, result.output
