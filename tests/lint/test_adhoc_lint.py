"""The text the ad-hoc binding emits is Cypher Neo4j accepts: every generated hostile shape,
the unit corpus, and the lineage queries, bound and linted by Neo4j's own linter.

Until a Neo4j runs in CI, this is what holds the emitter to the Neo4j dialect; FalkorDB runs
the same texts in tests/integration/test_adhoc_cypher.py.
"""

from __future__ import annotations

import pytest

from graphmem.adhoc import TENANT_PARAM, BoundQuery, bind_to_tenant
from graphmem.lint_cypher import linter_available, run_linter
from graphmem.queries import QueryLibrary
from tests.adhoc_shapes import shapes
from tests.unit.test_adhoc_parser import CORPUS

pytestmark = [
    pytest.mark.lint,
    pytest.mark.skipif(linter_available() is not None, reason=str(linter_available())),
]


def lint_item(name: str, bound: BoundQuery) -> dict[str, object]:
    params = sorted({*bound.parameters, *bound.literals, TENANT_PARAM})
    return {"name": name, "text": bound.text, "params": params}


def lint_clean(items: list[dict[str, object]]) -> None:
    result = run_linter(items)
    texts = {str(item["name"]): item["text"] for item in items}
    assert result.ok, "\n".join(f"{d}\n    {texts[d.name]}" for d in result.errors[:10])


def distinct_shapes() -> list[dict[str, object]]:
    """One item per distinct emitted text (a shape's surface variants emit the same text)."""
    items: dict[str, dict[str, object]] = {}
    for shape in shapes():
        bound = bind_to_tenant(shape.text)
        items.setdefault(bound.text, lint_item(shape.name, bound))
    return list(items.values())


def test_emitted_text_lints_clean_on_neo4j() -> None:
    """The corpus, the lineage queries and every third distinct generated shape (the linter
    takes ~0.2 s a query here; all of them: the slow test below)."""
    library = QueryLibrary("neo4j")
    lineage = [n for n in library.names() if n.startswith("lineage/")]
    assert lineage
    items = [lint_item(f"corpus{i}", bind_to_tenant(text)) for i, text in enumerate(CORPUS)]
    items += [lint_item(n, bind_to_tenant(library.get(n).render({}))) for n in lineage]
    lint_clean(items + distinct_shapes()[::3])


@pytest.mark.slow
def test_every_generated_shape_lints_clean_on_neo4j() -> None:
    """In chunks: one linter call per chunk keeps each under its own time bound on a loaded
    machine (all ~500 texts in one call took > 540 s at load 17)."""
    items = distinct_shapes()
    for start in range(0, len(items), 100):
        lint_clean(items[start : start + 100])
