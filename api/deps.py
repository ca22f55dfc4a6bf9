"""Request dependencies: the service, and the caller's principal from the bearer key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from graphmem.auth.keys import resolve_key
from graphmem.auth.principal import Principal
from graphmem.errors import ForbiddenError
from graphmem.service import Graphmem

_bearer = HTTPBearer(auto_error=False, description="graphmem API key: gm_<id>_<secret>")


def get_graphmem(request: Request) -> Graphmem:
    gm: Graphmem = request.app.state.graphmem
    return gm


GraphmemDep = Annotated[Graphmem, Depends(get_graphmem)]


def get_principal(
    gm: GraphmemDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    return resolve_key(gm.store, credentials.credentials if credentials else None)


PrincipalDep = Annotated[Principal, Depends(get_principal)]


def require_roles(*roles: str) -> Callable[[Principal], Principal]:
    def _check(principal: PrincipalDep) -> Principal:
        if not principal.has_any(*roles):
            raise ForbiddenError(
                f"this action needs one of the roles: {', '.join(roles)}",
                required_roles=list(roles),
            )
        return principal

    return _check


AnalystDep = Annotated[Principal, Depends(require_roles("analyst", "admin"))]
AdminDep = Annotated[Principal, Depends(require_roles("admin"))]
WriterDep = Annotated[Principal, Depends(require_roles("agent", "user", "admin", "reviewer"))]
ReaderDep = Annotated[Principal, Depends(require_roles("agent", "user", "admin", "reviewer"))]
RevokerDep = Annotated[Principal, Depends(require_roles("admin", "reviewer"))]
