"""The web console at ``/console``: static files served by the service itself (no CDN, no
build step, no script from anywhere else), talking to the REST API with the visitor's own key.

The page holds no rule: what it shows is what the API answers for the key — a user key its
own subject, an analyst read-only queries, an admin the acts (erase, revoke, verify). The
Content-Security-Policy keeps it that way: scripts, styles and requests only from the service.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: where the console is served
CONSOLE_PATH = "/console"
STATIC_DIR = Path(__file__).parent / "static"
_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class _Hardened:
    """The static files with a Content-Security-Policy and no caching of stale pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-security-policy", _POLICY.encode()))
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_policy)


def mount_console(app: FastAPI) -> None:
    """Serve the console at :data:`CONSOLE_PATH` (``/console/`` is its page)."""
    app.mount(
        CONSOLE_PATH,
        _Hardened(StaticFiles(directory=STATIC_DIR, html=True)),
        name="console",
    )
