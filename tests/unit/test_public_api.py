"""The public library API: what ``from graphmem import …`` offers, how a caller gets a
principal, and that the wheel installs nothing at the top level but ``graphmem``."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import graphmem
from graphmem import Principal, Role, ValidationError
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap

ROOT = Path(__file__).resolve().parents[2]


def test_all_lists_exactly_the_exports_and_each_resolves() -> None:
    assert set(graphmem.__all__) == {"__version__", *graphmem._EXPORTS}
    assert len(graphmem.__all__) == len(set(graphmem.__all__))
    for name in graphmem.__all__:
        assert getattr(graphmem, name) is not None, name
    assert sorted(dir(graphmem)) == sorted(graphmem.__all__)
    with pytest.raises(AttributeError):
        graphmem.NoSuchThing  # noqa: B018


def test_the_documented_import_line_works_without_loading_the_engine() -> None:
    """``import graphmem`` stays light: the names load on first use."""
    code = (
        "import sys, graphmem\n"
        "assert 'graphmem.service' not in sys.modules\n"
        "from graphmem import Graphmem, Principal, Client\n"
        "assert Graphmem.__module__ == 'graphmem.service'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=120)


def test_a_local_operator_is_an_admin_of_its_tenant_by_default() -> None:
    ops = Principal.local_operator("acme", name="alice")
    assert (ops.tenant_id, ops.principal_id, ops.roles) == ("acme", "cli:alice", {"admin"})
    assert not ops.bound and ops.readable_subjects() is None
    reader = Principal.local_operator("acme", roles=[Role.ANALYST], subject_id="user:u1")
    assert reader.roles == {"analyst"} and reader.may_read("user:u1")
    assert not reader.may_read("user:u2")


def test_a_local_operator_needs_real_roles() -> None:
    with pytest.raises(ValidationError) as bad:
        Principal.local_operator("acme", roles=["root"])
    assert [(i.field, i.rule) for i in bad.value.issues] == [("roles", "enum")]
    with pytest.raises(ValidationError):
        Principal.local_operator("acme", roles=[])


def test_no_top_level_api_package_is_installed() -> None:
    """The FastAPI app is ``graphmem.api``; a top-level ``api`` collided with anything else of
    that name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["graphmem"]
    assert importlib.util.find_spec("api") is None
    assert importlib.util.find_spec("graphmem.api.main") is not None


def test_named_query_answers_a_page_and_its_cursor_walks_the_rest(store: GraphStore) -> None:
    """``Graphmem.named_query`` answers a :class:`graphmem.Page` (items, total, next_cursor),
    as the README shows; following ``next_cursor`` joins to the whole result; ``adhoc_query``
    answers an :class:`graphmem.AdhocResult`."""
    from graphmem import AdhocResult, Graphmem, Page, Principal, Settings

    gm = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder())
    bootstrap(store, [gm.embedding_space])
    ops = Principal.local_operator("acme")
    for i in range(5):
        text = f"attribute {i} of project alpha is Jin"
        sid = gm.record_source(ops, {"kind": "HUMAN_REVIEW", "content": text}).source_id
        receipt = gm.propose(
            ops,
            {"memory_type": "SEMANTIC", "subject": "project:alpha", "confidence": 1.0,
             "claim": {"predicate": f"attribute_{i}", "object": "Jin"},
             "evidence": [{"event_id": sid, "span": text, "source_role": "reviewer"}]},
        )  # fmt: skip
        assert receipt.memory_id, receipt.reasons
    name = "lineage/known_at_snapshot"
    params = {"subject_id": "project:alpha", "known_at": "2999-01-01T00:00:00Z"}
    whole = gm.named_query(name, params, tenant_id="acme", limit=1000)
    assert isinstance(whole, Page) and whole.next_cursor is None
    assert whole.total == len(whole.items) == 5
    first = gm.named_query(name, params, tenant_id="acme", limit=2)
    rows, page = list(first.items), first
    while page.next_cursor:
        page = gm.named_query(name, params, tenant_id="acme", limit=2, cursor=page.next_cursor)
        assert page.total == 5 and len(page.items) <= 2
        rows += page.items
    assert rows == whole.items
    assert first.fields("rows")["count"] == 2 and first.fields("rows")["total"] == 5
    adhoc = gm.adhoc_query(
        "MATCH (m:Memory) RETURN m.memory_id AS id", {}, tenant_id="acme", limit=2
    )
    assert isinstance(adhoc, AdhocResult) and len(adhoc.rows) == 2 and adhoc.truncated
    gm.logs.close()
