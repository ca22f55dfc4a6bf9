"""Bitemporal reads (DESIGN §6): ``valid_at`` asks what is true at T by current knowledge,
``known_at`` what the system believed at T'. Both together answer "what did we think, on
July 10, was true on July 5"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_subjects
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.errors import FieldIssue, NotFoundError, ValidationError
from graphmem.models.enums import MemoryStatus, MemoryType
from graphmem.models.memory import AnyMemory, memory_from_graph
from graphmem.models.public import MemoryDetailPublic, MemoryPage
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


@dataclass(frozen=True)
class MemoryDetail:
    memory: dict[str, Any]
    history: list[dict[str, Any]]
    provenance: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        return {"memory": self.memory, "history": self.history, "provenance": self.provenance}

    def public(self) -> MemoryDetailPublic:
        """The answer as REST and the client SDK give it (one shape everywhere)."""
        return MemoryDetailPublic.model_validate(self.as_dict())


def _open(row: dict[str, Any], cipher: ContentCipher | None) -> dict[str, Any]:
    return cipher.open_fields(row) if cipher is not None else row


def get_memory(
    store: GraphStore, principal: Principal, memory_id: str, cipher: ContentCipher | None = None
) -> MemoryDetail:
    params = {"tenant_id": principal.tenant_id, "memory_id": memory_id}
    rows = store.read("memories/get", params)
    if not rows:
        raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
    if not principal.may_read(str(rows[0]["m"].get("subject_id"))):
        # outside the key's subject scope: indistinguishable from an id that does not exist
        # (checked on the stored node, so a malformed one outside the scope stays unseen too)
        raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
    memory = memory_from_graph(_open(rows[0]["m"], cipher))
    history = []
    for row in store.read("memories/history", params):
        version = public(memory_from_graph(_open(row["v"], cipher)))
        version["supersedes"] = [s for s in row["supersedes"] if s.get("memory_id")]
        history.append(version)
    provenance = [
        _open({"tenant_id": principal.tenant_id, "subject_id": memory.subject_id, **p}, cipher)
        for p in store.read("memories/provenance", params)
    ]
    return MemoryDetail(public(memory), history, provenance)
