"""graphmem over the Model Context Protocol, on the official ``mcp`` SDK: one server, two
transports.

- ``graphmem mcp`` speaks stdio; the caller is the key in ``GRAPHMEM_KEY``.
- The service mounts the same server at ``/mcp`` (streamable HTTP, stateless, JSON answers);
  the caller is the request's ``Authorization: Bearer`` key. A request without a valid key is
  refused with 401 in graphmem's error shape before the protocol is spoken at all.

Either way the key is resolved on every tool call (:func:`graphmem.auth.keys.resolve_key`, as
the REST dependency does), so a revoked key stops working at once, and the principal is exactly
the one REST would see for that key.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
from fastapi import FastAPI
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from graphmem import __version__
from graphmem.api.errors import status_for
from graphmem.api.mcp_tools import PrincipalOf, register
from graphmem.auth.keys import resolve_key
from graphmem.auth.principal import Principal
from graphmem.errors import GraphmemError
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.startup import Startup

#: where the service answers MCP
MCP_PATH = "/mcp"
#: the variable ``graphmem mcp`` reads the caller's key from
KEY_VARIABLE = "GRAPHMEM_KEY"

_INSTRUCTIONS = (
    "graphmem is a governed long-term memory. Record what the user said with `remember` (it "
    "records the evidence and proposes the claim; the write gate decides and answers with a "
    "receipt), find memories with `recall` or a whole context with `build_context`, keep run "
    "state with `checkpoint_put`/`checkpoint_get`, and ask `explain` why a memory is believed. "
    "A user's own key can list, correct and forget its memories."
)


def build_server(gm_of: Callable[[], Graphmem], principal_of: PrincipalOf) -> MCPServer:
    server: MCPServer = MCPServer("graphmem", version=__version__, instructions=_INSTRUCTIONS)
    register(server, gm_of, principal_of)
    return server


def bearer_token(authorization: str | None) -> str | None:
    """The key of an ``Authorization: Bearer <key>`` header (None when absent or not bearer)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def key_principal(gm_of: Callable[[], Graphmem], key: str | None) -> PrincipalOf:
    """The caller of every tool call is ``key`` (stdio)."""
    return lambda ctx: resolve_key(gm_of().store, key)


def bearer_principal(gm_of: Callable[[], Graphmem]) -> PrincipalOf:
    """The caller of a tool call is the key of its HTTP request."""

    def of(ctx: Context) -> Principal:
        headers = ctx.headers or {}
        return resolve_key(gm_of().store, bearer_token(headers.get("authorization")))

    return of


class BearerGuard:
    """Refuses an MCP HTTP request whose bearer key does not resolve, as REST would (401/403
    in graphmem's error shape), before the SDK reads it; the rest go to ``app``, the SDK's
    app of the current run of the service."""

    def __init__(self, gm_of: Callable[[], Graphmem]) -> None:
        self.app: ASGIApp | None = None
        self.gm_of = gm_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            token = bearer_token(Headers(scope=scope).get("authorization"))
            try:
                await anyio.to_thread.run_sync(resolve_key, self.gm_of().store, token)
            except GraphmemError as exc:
                status = status_for(exc)
                headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
                await JSONResponse(exc.to_dict(), status_code=status, headers=headers)(
                    scope, receive, send
                )
                return
        assert self.app is not None, "the MCP app starts with the service"
        await self.app(scope, receive, send)


def mount_mcp(app: FastAPI, *, host: str) -> None:
    """Serve the MCP server at :data:`MCP_PATH` of ``app`` (streamable HTTP), on the service's
    ``Graphmem``. ``host`` is where the service listens: on a loopback address the SDK's DNS
    rebinding protection admits only loopback ``Host`` and ``Origin`` headers."""

    def gm_of() -> Graphmem:
        gm: Graphmem = app.state.graphmem
        return gm

    server = build_server(gm_of, bearer_principal(gm_of))
    guard = BearerGuard(gm_of)
    app.router.routes.append(Route(MCP_PATH, endpoint=guard))
    outer = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        # the SDK's session manager runs the protocol's tasks for the app's whole life, and
        # runs once: each start of the app (a test client entered twice) gets a fresh one
        guard.app = server.streamable_http_app(
            streamable_http_path=MCP_PATH, stateless_http=True, json_response=True, host=host
        )
        async with outer(a) as state, server.session_manager.run():
            yield state

    app.router.lifespan_context = lifespan


def run_stdio(settings: Settings, key: str | None, startup: Startup | None = None) -> int:
    """``graphmem mcp``: the server on stdin/stdout, as the key's principal. Nothing but the
    protocol goes to stdout; a missing or unknown key stops it with a message on stderr.
    ``startup``: an engine and a model begun before this module was imported."""
    if not key:
        print(f"graphmem mcp: set {KEY_VARIABLE} to an API key (graphmem keys create)",
              file=sys.stderr)  # fmt: skip
        return 2
    with Graphmem.open(settings, preload=True, startup=startup) as gm:
        try:
            principal = resolve_key(gm.store, key)
        except GraphmemError as exc:
            print(f"graphmem mcp: {KEY_VARIABLE}: {exc}", file=sys.stderr)
            return 2
        print(
            f"graphmem mcp: serving tenant {principal.tenant_id} as {principal.principal_id}",
            file=sys.stderr,
        )
        build_server(lambda: gm, key_principal(lambda: gm, key)).run("stdio")
    return 0
