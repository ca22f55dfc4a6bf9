"""A memory's lineage as a graph of nodes and edges, for people to look at (the console) and
for agents to ask why a memory is believed (the MCP ``explain`` tool).

The rule is the read path's: the memory itself must be readable by the key (else 404, like an
id that does not exist), and every other memory in the picture is shown only if the key may
read its subject — a memory of another subject is left out together with its edges (and is
not counted in ``total``), so a subject-bound key learns nothing about what lies outside its
scope. A picture is paged like every listing (graphmem.paging): the memory itself and its
edges on every page, the linked memories nearest first, each page with every outgoing edge of
its memories — a far end drawn on another page is a ``stub`` node here — so nothing is left
out without ``next_cursor`` saying so. Sources and tombstones are
shown only as the far end of an edge from a memory that is shown. Spans of HIGH-sensitivity
memories are opened with the subject's data key, as ``GET /v1/memories/{id}`` opens them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_subjects
from graphmem.crypto import ContentCipher
from graphmem.errors import NotFoundError
from graphmem.paging import Cursors, check_limit, cut
from graphmem.store.base import GraphStore

#: the edges a lineage picture draws (DESIGN §5)
EdgeType = Literal[
    "PROVENANCE", "SUPERSEDES", "DERIVED_FROM", "CONFLICTS_WITH", "COUNTEREXAMPLE_OF"
]
NodeKind = Literal["memory", "source", "tombstone"]
#: memories of one picture besides the one asked about, unless the caller asks for fewer or
#: more (up to MAX_PAGE); the rest by cursor
LINEAGE_PAGE = 100
_LABEL_CHARS = 80


class LineageNode(BaseModel):
    id: str
    kind: NodeKind
    #: a short line to draw: ``predicate: object`` of a claim, an episode's or procedure's text
    label: str
    #: memory type (SEMANTIC …) or source kind (USER_MESSAGE …)
    type: str | None = None
    status: str | None = None
    subject_id: str | None = None
    recorded_at: str | None = None
    tx_to: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    revision: str | None = None
    content_hash: str | None = None
    #: the memory the picture was asked for
    root: bool = False
    #: a memory drawn on another page of the picture (the far end of an edge of this page's
    #: memories): only its id, type and subject here
    stub: bool = False


class LineageEdge(BaseModel):
    type: EdgeType
    #: ids of the nodes at each end, in the edge's direction
    source: str
    target: str
    #: SUPERSEDES kind, CONFLICTS_WITH status, DERIVED_FROM method, PROVENANCE role
    kind: str | None = None
    reason: str | None = None
    span: str | None = None
    recorded_at: str | None = None


class LineageGraph(BaseModel):
    """One page of a memory's lineage picture: the memory itself (on every page, with its
    edges), ``count`` linked memories nearest first of ``total`` the key may see, every
    outgoing edge of those memories, and ``next_cursor`` (pass it as ``cursor``) for the
    next page; null when the picture is whole."""

    memory_id: str
    nodes: list[LineageNode] = Field(default_factory=list)
    edges: list[LineageEdge] = Field(default_factory=list)
    count: int = 0
    total: int = 0
    next_cursor: str | None = None
    #: the neighbourhood holds more memories than this page shows (``next_cursor`` is set)
    truncated: bool = False


def _label(memory: dict[str, Any]) -> str:
    if memory.get("predicate") is not None:
        text = f"{memory['predicate']}: {memory.get('object')}"
    elif memory.get("procedure_key") is not None:
        text = f"{memory['procedure_key']}@{memory.get('version')}"
    else:
        text = str(memory.get("text") or memory.get("goal") or memory["memory_id"])
    return text if len(text) <= _LABEL_CHARS else text[: _LABEL_CHARS - 1] + "…"


def _memory_node(memory: dict[str, Any], root: bool) -> LineageNode:
    return LineageNode(
        id=memory["memory_id"],
        kind="memory",
        label=_label(memory),
        type=memory.get("type"),
        status=memory.get("status"),
        subject_id=memory.get("subject_id"),
        recorded_at=memory.get("recorded_at"),
        tx_to=memory.get("tx_to"),
        valid_from=memory.get("valid_from"),
        valid_to=memory.get("valid_to"),
        content_hash=memory.get("content_hash"),
        root=root,
    )


def _far_end(edge: dict[str, Any]) -> LineageNode | None:
    """The node a stored edge points at, when it is not a memory."""
    if edge.get("source_id") is not None:
        kind = edge.get("source_kind")
        return LineageNode(
            id=edge["source_id"],
            kind="source",
            label=f"{kind} {edge['source_id']}",
            type=kind,
            revision=edge.get("revision"),
            content_hash=edge.get("content_hash"),
        )
    if edge.get("ref") is not None:
        return LineageNode(
            id=edge["ref"],
            kind="tombstone",
            label=f"erased {edge['ref']}",
            content_hash=edge.get("content_hash"),
        )
    return None


def _edge_kind(edge: dict[str, Any]) -> str | None:
    for name in ("kind", "status", "method", "role"):
        if edge.get(name) is not None:
            return str(edge[name])
    return None


def _visible_properties(props: dict[str, Any], cipher: ContentCipher | None) -> dict[str, Any]:
    """A memory node's properties as a picture needs them: opened, without its vector. Read
    leniently (not through the memory models): a picture of lineage must not fail on one
    node written by an older version, only leave out what it cannot show."""
    opened = cipher.open_fields(props) if cipher is not None else props
    return {k: v for k, v in opened.items() if k != "embedding"}


def _stub(edge: dict[str, Any]) -> LineageNode:
    return LineageNode(
        id=edge["memory_id"],
        kind="memory",
        label=edge["memory_id"],
        subject_id=edge.get("subject_id"),
        stub=True,
    )


def lineage_graph(
    store: GraphStore,
    principal: Principal,
    memory_id: str,
    *,
    cursors: Cursors,
    limit: int = LINEAGE_PAGE,
    cursor: str | None = None,
    cipher: ContentCipher | None = None,
) -> LineageGraph:
    check_limit(limit)
    scope = {
        "tenant_id": principal.tenant_id,
        "memory_id": memory_id,
        "subject_ids": read_subjects(principal, None),
    }
    after = cursors.open(cursor, "memory_lineage", scope)
    rows = store.read("memories/lineage_graph", {**scope, "after": after, "take": limit + 1})
    if not rows or not principal.may_read(str(rows[0]["v"].get("subject_id"))):
        # not there, or outside the key's subject scope: indistinguishable on purpose
        raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
    linked = sorted((r for r in rows if r["key"] is not None), key=lambda r: tuple(r["key"]))
    root = next(r for r in rows if r["key"] is None)
    page = cut(
        linked,
        total=int(rows[0]["total"]),
        limit=limit,
        build=lambda r: r,
        cursors=cursors,
        listing="memory_lineage",
        scope=scope,
    )
    memories: dict[str, dict[str, Any]] = {}
    stored_edges: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for row in [root, *page.items]:
        memory = _visible_properties(row["v"], cipher)
        if not principal.may_read(memory["subject_id"]):
            continue  # the query keeps to the key's subjects; a second look, not the rule
        memories[memory["memory_id"]] = memory
        stored_edges.extend((memory, e) for e in row["edges"] if e.get("type") is not None)
    graph = LineageGraph(
        memory_id=memory_id,
        count=len(memories) - 1,
        total=page.total,
        next_cursor=page.next_cursor,
        truncated=page.next_cursor is not None,
    )
    graph.nodes = [_memory_node(m, m["memory_id"] == memory_id) for m in memories.values()]
    others: dict[str, LineageNode] = {}
    for memory, edge in stored_edges:
        target = edge.get("memory_id")
        if target is None:
            node = _far_end(edge)
            if node is None:
                continue
            others.setdefault(node.id, node)
            target = node.id
        elif target not in memories:
            if not principal.may_read(str(edge.get("subject_id"))):
                continue  # a memory the key may not see: neither it nor the edge is drawn
            others.setdefault(target, _stub(edge))
        span = edge.get("span")
        if span is not None and cipher is not None:
            sealed = {"tenant_id": principal.tenant_id, "subject_id": memory["subject_id"]}
            span = cipher.open_fields({**sealed, "span": span})["span"]
        graph.edges.append(
            LineageEdge(
                type=edge["type"],
                source=memory["memory_id"],
                target=target,
                kind=_edge_kind(edge),
                reason=edge.get("reason"),
                span=span,
                recorded_at=edge.get("recorded_at"),
            )
        )
    graph.nodes.extend(others.values())
    return graph
