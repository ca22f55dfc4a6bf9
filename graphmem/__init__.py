"""graphmem: governed long-term memory for AI agents, kept in a graph database.

The public API is what ``__all__`` lists; everything else is internal and may move::

    from graphmem import Graphmem, Principal

    with Graphmem.open() as gm:                      # settings from GRAPHMEM_* / .env
        me = gm.principal("gm_…")                    # a key, resolved as the REST API does
        ops = Principal.local_operator("acme")       # or a local operator (admin), no key
        gm.record_source(me, {...}); gm.propose(me, {...})
        gm.retrieve(me, {"query": "answer language"}).as_dict()   # the REST answer's shape

    from graphmem import Client                      # the same calls over HTTP
    Client("http://127.0.0.1:8321", key="gm_…").retrieve({"query": "answer language"})

Names are loaded on first use, so ``import graphmem`` stays cheap (the CLI starts fast and
the client does not load the engine's drivers).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name → the module that defines it
_EXPORTS = {
    "Graphmem": "graphmem.service",
    "Settings": "graphmem.settings",
    "Principal": "graphmem.auth.principal",
    "Role": "graphmem.auth.principal",
    "Client": "graphmem.client",
    "AsyncClient": "graphmem.client",
    "MemoryProposal": "graphmem.models.proposal",
    "SourceCreate": "graphmem.write.sources",
    "RetrieveRequest": "graphmem.read.retrieve",
    "ContextRequest": "graphmem.read.context",
    "CheckpointCreate": "graphmem.models.state",
    "WriteReceipt": "graphmem.models.receipts",
    "DeletionReceipt": "graphmem.models.receipts",
    "ErasurePreview": "graphmem.models.receipts",
    "RetrievalPublic": "graphmem.models.public",
    "ContextPublic": "graphmem.models.public",
    "MemoryPage": "graphmem.models.public",
    "MemoryPublic": "graphmem.models.public",
    "Page": "graphmem.paging",
    "AdhocResult": "graphmem.named_queries",
    "GraphmemError": "graphmem.errors",
    "ValidationError": "graphmem.errors",
    "FieldIssue": "graphmem.errors",
    "NotFoundError": "graphmem.errors",
    "UnauthenticatedError": "graphmem.errors",
    "ForbiddenError": "graphmem.errors",
    "ConstraintViolationError": "graphmem.errors",
    "EngineError": "graphmem.errors",
    "EngineUnavailableError": "graphmem.errors",
}

#: kept literal so linters and type checkers read it; a test holds it equal to _EXPORTS
__all__ = [
    "AdhocResult",
    "AsyncClient",
    "CheckpointCreate",
    "Client",
    "ConstraintViolationError",
    "ContextPublic",
    "ContextRequest",
    "DeletionReceipt",
    "EngineError",
    "EngineUnavailableError",
    "ErasurePreview",
    "FieldIssue",
    "ForbiddenError",
    "Graphmem",
    "GraphmemError",
    "MemoryPage",
    "MemoryProposal",
    "MemoryPublic",
    "NotFoundError",
    "Page",
    "Principal",
    "RetrievalPublic",
    "RetrieveRequest",
    "Role",
    "Settings",
    "SourceCreate",
    "UnauthenticatedError",
    "ValidationError",
    "WriteReceipt",
    "__version__",
]

if TYPE_CHECKING:
    from graphmem.auth.principal import Principal, Role
    from graphmem.client import AsyncClient, Client
    from graphmem.errors import (
        ConstraintViolationError,
        EngineError,
        EngineUnavailableError,
        FieldIssue,
        ForbiddenError,
        GraphmemError,
        NotFoundError,
        UnauthenticatedError,
        ValidationError,
    )
    from graphmem.models.proposal import MemoryProposal
    from graphmem.models.public import ContextPublic, MemoryPage, MemoryPublic, RetrievalPublic
    from graphmem.models.receipts import DeletionReceipt, ErasurePreview, WriteReceipt
    from graphmem.models.state import CheckpointCreate
    from graphmem.named_queries import AdhocResult
    from graphmem.paging import Page
    from graphmem.read.context import ContextRequest
    from graphmem.read.retrieve import RetrieveRequest
    from graphmem.service import Graphmem
    from graphmem.settings import Settings
    from graphmem.write.sources import SourceCreate


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'graphmem' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
