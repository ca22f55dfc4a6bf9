"""A memory's lineage as a graph of nodes and edges, for people to look at (the console) and
for agents to ask why a memory is believed (the MCP ``explain`` tool).

The rule is the read path's: the memory itself must be readable by the key (else 404, like an
id that does not exist), and every other memory in the picture is shown only if the key may
read its subject — a memory of another subject is left out together with its edges, so a
subject-bound key learns nothing about what lies outside its scope. Sources and tombstones are
shown only as the far end of an edge from a memory that is shown. Spans of HIGH-sensitivity
memories are opened with the subject's data key, as ``GET /v1/memories/{id}`` opens them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from graphmem.auth.principal import Principal
from graphmem.crypto import ContentCipher
from graphmem.errors import NotFoundError
from graphmem.store.base import GraphStore

#: the edges a lineage picture draws (DESIGN §5)
EdgeType = Literal[
    "PROVENANCE", "SUPERSEDES", "DERIVED_FROM", "CONFLICTS_WITH", "COUNTEREXAMPLE_OF"
]
NodeKind = Literal["memory", "source", "tombstone"]
#: the query returns at most this many memories besides the one asked about
MAX_LINEAGE_MEMORIES = 199
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
    memory_id: str
    nodes: list[LineageNode] = Field(default_factory=list)
    edges: list[LineageEdge] = Field(default_factory=list)
    #: the neighbourhood held more memories than one picture shows
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


def lineage_graph(
    store: GraphStore,
    principal: Principal,
    memory_id: str,
    *,
    cipher: ContentCipher | None = None,
) -> LineageGraph:
    rows = store.read(
        "memories/lineage_graph", {"tenant_id": principal.tenant_id, "memory_id": memory_id}
    )
    memories: dict[str, dict[str, Any]] = {}
    stored_edges: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for row in rows:
        memory = _visible_properties(row["v"], cipher)
        if not principal.may_read(memory["subject_id"]):
            continue
        memories[memory["memory_id"]] = memory
        stored_edges.extend((memory, e) for e in row["edges"] if e.get("type") is not None)
    if memory_id not in memories:
        # not there, or outside the key's subject scope: indistinguishable on purpose
        raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
    graph = LineageGraph(memory_id=memory_id, truncated=rows[0]["linked"] > MAX_LINEAGE_MEMORIES)
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
            continue
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
