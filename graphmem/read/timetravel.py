"""Bitemporal reads (DESIGN §6): ``valid_at`` asks what is true at T by current knowledge,
``known_at`` what the system believed at T'. Both together answer "what did we think, on
July 10, was true on July 5"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_subjects
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.errors import FieldIssue, NotFoundError, ValidationError
from graphmem.models.enums import MemoryStatus, MemoryType
from graphmem.models.memory import AnyMemory, memory_from_graph
from graphmem.models.public import MemoryDetailPublic, MemoryPage, SupersededRef
from graphmem.paging import Cursors, Page, read_page
from graphmem.store.base import GraphStore
from graphmem.timeutil import normalize


def public(memory: AnyMemory) -> dict[str, Any]:
    """A memory as callers see it: no vector."""
    data = memory.model_dump(mode="json", exclude={"embedding"}, exclude_none=True)
    return data


def _time(value: str | None, field: str) -> str | None:
    if value is None:
        return None
    try:
        return normalize(value)
    except ValueError as exc:
        raise ValidationError([FieldIssue(field, "timestamp_format", str(exc))]) from None


def list_memories(
    store: GraphStore,
    principal: Principal,
    **filters: Any,
) -> list[dict[str, Any]]:
    """The memories of the first page (:func:`memory_page` without the counts); a stored
    memory that fails its model is left out (the page reports it under ``skipped``)."""
    page = _page(store, principal, cursors=Cursors(), **filters)
    return page.items


def memory_rows(
    store: GraphStore,
    principal: Principal,
    *,
    cursor: str | None = None,
    cursors: Cursors,
    **filters: Any,
) -> Page[dict[str, Any]]:
    """One page of the listing as :func:`list_memories` gives its rows (for callers that
    follow the cursor themselves: the CLI)."""
    return _page(store, principal, cursor=cursor, cursors=cursors, **filters)


def memory_page(
    store: GraphStore,
    principal: Principal,
    *,
    cursor: str | None = None,
    cursors: Cursors,
    **filters: Any,
) -> MemoryPage:
    """One page of the time-travel listing with ``total`` (every memory the filters match),
    ``next_cursor`` and the stored memories ``skipped`` because they fail their model."""
    page = _page(store, principal, cursor=cursor, cursors=cursors, **filters)
    return MemoryPage.model_validate(page.fields("memories"))


def _page(
    store: GraphStore,
    principal: Principal,
    *,
    cursors: Cursors,
    cursor: str | None = None,
    subject_id: str | None = None,
    type: MemoryType | None = None,
    status: MemoryStatus | None = None,
    valid_at: str | None = None,
    known_at: str | None = None,
    limit: int = 100,
    clock: Clock = system_clock,
    cipher: ContentCipher | None = None,
) -> Page[dict[str, Any]]:
    filters = {
        "tenant_id": principal.tenant_id,
        "subject_ids": read_subjects(principal, subject_id),
        "type": str(type) if type else None,
        "status": str(status) if status else None,
        "valid_at": _time(valid_at, "valid_at"),
        "known_at": _time(known_at, "known_at"),
    }
    return read_page(
        store,
        "memories/list",
        filters,
        listing="memories",
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=lambda r: public(memory_from_graph(_open(r["m"], cipher))),
        params={"now": clock()},
    )


#: rows of a memory's history and provenance a single read carries (the rest by cursor)
DETAIL_PAGE = 100
#: versions a history entry's ``supersedes`` carries (the rest: ``GET …/{version}/supersedes``)
SUPERSEDES_PAGE = 20
SUPERSEDES_LISTING = "memory_supersedes"


@dataclass(frozen=True)
class MemoryDetail:
    """One memory with the first page of its history and of its provenance, in the REST
    answer's shape: each list's ``…_total`` and ``…_next_cursor`` say what the page left for
    :func:`detail_page` (``GET …/history``, ``GET …/provenance``)."""

    memory: dict[str, Any]
    history: list[dict[str, Any]]
    history_total: int
    history_next_cursor: str | None
    provenance: list[dict[str, Any]]
    provenance_total: int
    provenance_next_cursor: str | None

    @classmethod
    def of(
        cls,
        memory: dict[str, Any],
        history: Page[dict[str, Any]],
        provenance: Page[dict[str, Any]],
    ) -> MemoryDetail:
        for page in (history, provenance):
            if page.skipped:  # a single read answers whole or names the stored record at fault
                raise page.skipped[0]
        return cls(
            memory,
            history.items,
            history.total,
            history.next_cursor,
            provenance.items,
            provenance.total,
            provenance.next_cursor,
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def public(self) -> MemoryDetailPublic:
        """The answer as REST and the client SDK give it (one shape everywhere)."""
        return MemoryDetailPublic.model_validate(self.as_dict())


def _open(row: dict[str, Any], cipher: ContentCipher | None) -> dict[str, Any]:
    return cipher.open_fields(row) if cipher is not None else row


def readable_memory(store: GraphStore, principal: Principal, memory_id: str) -> dict[str, Any]:
    """The stored node of a memory the key may read; else a 404, as for an id that does not
    exist (checked on the stored node, so a malformed one outside the scope stays unseen)."""
    rows = store.read("memories/get", {"tenant_id": principal.tenant_id, "memory_id": memory_id})
    if not rows or not principal.may_read(str(rows[0]["m"].get("subject_id"))):
        raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
    node: dict[str, Any] = rows[0]["m"]
    return node


#: the inner lists of a memory's single read, each also a listing of its own (``supersedes``:
#: the inner list of each history entry, the versions that memory supersedes)
DetailList = Literal["history", "provenance", "supersedes"]


def detail_page(
    store: GraphStore,
    principal: Principal,
    memory_id: str,
    part: DetailList,
    *,
    cursors: Cursors,
    limit: int = DETAIL_PAGE,
    cursor: str | None = None,
    cipher: ContentCipher | None = None,
) -> Page[dict[str, Any]]:
    """One page of a memory's ``history`` (its supersession versions, oldest first, the
    memory included), ``provenance`` (the sources it cites, by source id) or ``supersedes``
    (the versions it supersedes, after the first page its history entry carries), after the
    first page :func:`get_memory` carries; a 404 for a memory the key may not read."""
    node = readable_memory(store, principal, memory_id)
    if part == "history":
        return _history(store, principal, memory_id, cursors, limit, cursor, cipher)
    if part == "supersedes":
        return _supersedes(store, principal, memory_id, cursors, limit, cursor)
    return _provenance(store, principal, node, cursors, limit, cursor, cipher)


def _history(
    store: GraphStore,
    principal: Principal,
    memory_id: str,
    cursors: Cursors,
    limit: int,
    cursor: str | None,
    cipher: ContentCipher | None,
) -> Page[dict[str, Any]]:
    def build(row: Mapping[str, Any]) -> dict[str, Any]:
        version = public(memory_from_graph(_open(row["v"], cipher)))
        first = row["supersedes"]
        more = len(first) > SUPERSEDES_PAGE
        version["supersedes"] = [_superseded(s) for s in first[:SUPERSEDES_PAGE]]
        version["supersedes_total"] = int(row["supersedes_total"])
        version["supersedes_next_cursor"] = (
            cursors.issue(
                SUPERSEDES_LISTING,
                _supersedes_scope(principal, version["memory_id"]),
                first[SUPERSEDES_PAGE - 1]["key"],
            )
            if more
            else None
        )
        return version

    return read_page(
        store,
        "memories/history",
        {"tenant_id": principal.tenant_id, "memory_id": memory_id},
        listing="memory_history",
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=build,
        params={"supersedes_take": SUPERSEDES_PAGE + 1},
    )


def _supersedes_scope(principal: Principal, memory_id: str) -> dict[str, Any]:
    return {"tenant_id": principal.tenant_id, "memory_id": memory_id}


def _superseded(row: Mapping[str, Any]) -> dict[str, Any]:
    """A superseded version's public fields, as :class:`SupersededRef` declares them."""
    return {k: row.get(k) for k in SupersededRef.model_fields}


def _supersedes(
    store: GraphStore,
    principal: Principal,
    memory_id: str,
    cursors: Cursors,
    limit: int,
    cursor: str | None,
) -> Page[dict[str, Any]]:
    return read_page(
        store,
        "memories/supersedes",
        _supersedes_scope(principal, memory_id),
        listing=SUPERSEDES_LISTING,
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=_superseded,
    )


def _provenance(
    store: GraphStore,
    principal: Principal,
    node: Mapping[str, Any],
    cursors: Cursors,
    limit: int,
    cursor: str | None,
    cipher: ContentCipher | None,
) -> Page[dict[str, Any]]:
    sealed = {"tenant_id": principal.tenant_id, "subject_id": node.get("subject_id")}

    def build(row: Mapping[str, Any]) -> dict[str, Any]:
        return _open({**sealed, **{k: v for k, v in row.items() if k != "key"}}, cipher)

    return read_page(
        store,
        "memories/provenance",
        {"tenant_id": principal.tenant_id, "memory_id": node.get("memory_id")},
        listing="memory_provenance",
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=build,
    )


def get_memory(
    store: GraphStore,
    principal: Principal,
    memory_id: str,
    cipher: ContentCipher | None = None,
    *,
    cursors: Cursors | None = None,
) -> MemoryDetail:
    """A memory with the first :data:`DETAIL_PAGE` rows of its history and provenance."""
    node = readable_memory(store, principal, memory_id)
    memory = memory_from_graph(_open(node, cipher))
    cursors = cursors or Cursors()
    return MemoryDetail.of(
        public(memory),
        _history(store, principal, memory_id, cursors, DETAIL_PAGE, None, cipher),
        _provenance(store, principal, node, cursors, DETAIL_PAGE, None, cipher),
    )
