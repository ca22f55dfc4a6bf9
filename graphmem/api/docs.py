"""``/docs`` (Swagger UI) and ``/redoc`` served from files inside the installed packages, so
they work offline: FastAPI's defaults load their JavaScript from a CDN, and a machine without
the internet showed a blank page. The assets are the ones the ``fastapi-offline`` wheel ships
(Swagger UI and ReDoc, pinned with it); only its files are used, not its app factory."""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).parent / "static"
STATIC_URL = "/docs-assets"


def install(app: FastAPI, *, docs_url: str = "/docs", redoc_url: str = "/redoc") -> None:
    """Serve the two documentation pages and their assets; the app must be created with
    ``docs_url=None, redoc_url=None`` (FastAPI's CDN pages)."""
    app.mount(STATIC_URL, StaticFiles(directory=ASSETS), name="docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"
    oauth_redirect = f"{docs_url}/oauth2-redirect"

    @app.get(docs_url, include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url,
            title=f"{app.title} - Swagger UI",
            oauth2_redirect_url=oauth_redirect,
            swagger_js_url=f"{STATIC_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{STATIC_URL}/swagger-ui.css",
            swagger_favicon_url=f"{STATIC_URL}/favicon.png",
        )

    @app.get(oauth_redirect, include_in_schema=False)
    def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get(redoc_url, include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url,
            title=f"{app.title} - ReDoc",
            redoc_js_url=f"{STATIC_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{STATIC_URL}/favicon.png",
            with_google_fonts=False,
        )
