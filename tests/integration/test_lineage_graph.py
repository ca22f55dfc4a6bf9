"""A memory's lineage as a graph (``GET /v1/memories/{id}/lineage``, the console's picture,
MCP ``explain``) on the lineage world of ``test_lineage``: every edge type it draws, and the
read rule — another tenant's nodes never, another subject's memories only for keys that may
read that subject, a memory outside the key's scope a 404."""

from __future__ import annotations

import pytest

from graphmem.errors import NotFoundError
from tests.integration import test_lineage
from tests.integration.test_lineage import ALPHA, World
from tests.integration.write_fixtures import principal

clock = test_lineage.clock
gm = test_lineage.gm
world = test_lineage.world

ANALYST = principal("analyst", pid="analyst:ann")


def _edges(graph: object) -> set[tuple[str, str, str]]:
    return {(e.type, e.source, e.target) for e in graph.edges}  # type: ignore[attr-defined]


def test_the_graph_holds_supersession_provenance_and_derivation(world: World) -> None:
    graph = world.gm.lineage(ANALYST, world.mina)
    ids = {n.id for n in graph.nodes}
    assert {world.mina, world.jin, world.version, "chain1", "chain2", "chain3"} <= ids
    assert {world.s_mina, world.s_jin} <= ids and "intruder" not in ids
    assert [n.id for n in graph.nodes if n.root] == [world.mina]
    edges = _edges(graph)
    assert ("SUPERSEDES", world.mina, world.jin) in edges
    assert ("PROVENANCE", world.mina, world.s_mina) in edges
    assert ("DERIVED_FROM", "chain1", world.mina) in edges
    assert ("DERIVED_FROM", "chain3", "chain2") in edges
    kinds = {(e.type, e.kind) for e in graph.edges}
    assert ("PROVENANCE", "user") in kinds and ("DERIVED_FROM", "consolidation") in kinds
    span = next(e.span for e in graph.edges if e.target == world.s_mina)
    assert span == "Mina has owned alpha since July 1"
    # a cycle and a conflict: each node once, CONFLICTS_WITH drawn
    cycle = world.gm.lineage(ANALYST, world.monday)
    assert len({n.id for n in cycle.nodes}) == len(cycle.nodes)
    assert ("CONFLICTS_WITH", world.monday, world.friday) in _edges(cycle)
    assert {"cyc1", "cyc2"} <= {n.id for n in cycle.nodes}


def test_a_bound_key_sees_only_its_scope(world: World) -> None:
    alpha_only = principal("agent", subject="user:lead", pid="agent:x", grants=(ALPHA,))
    graph = world.gm.lineage(alpha_only, world.mina)
    ids = {n.id for n in graph.nodes}
    # project:derived is not granted: its memories and their edges are left out
    assert "chain1" not in ids and not any("chain1" in (e.source, e.target) for e in graph.edges)
    assert {world.mina, world.jin, world.s_mina} <= ids
    stranger = principal("agent", subject="user:other", pid="agent:y")
    with pytest.raises(NotFoundError):
        world.gm.lineage(stranger, world.mina)
    with pytest.raises(NotFoundError):
        world.gm.lineage(principal("admin", tenant="evil", pid="admin:evil"), world.mina)
