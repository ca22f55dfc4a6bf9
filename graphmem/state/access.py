"""Who may touch a run, and the run as the caller may see it.

Run state follows the subject scope of memories (:mod:`graphmem.auth.scope`): a run is about a
subject (fixed at its first checkpoint; by default the key's own), and a key bound to a subject
sees only the runs of the subjects it may read — another subject's run is a 404, exactly as
one that does not exist, so run ids cannot be probed. A run past its retention is gone too,
swept or not. Writing run state needs an agent or admin key; reading it also a reviewer's
(approvals are reviewed against it).
"""

from __future__ import annotations

from graphmem.auth.principal import Principal, Role
from graphmem.errors import ForbiddenError, NotFoundError
from graphmem.models.state import Run, run_key
from graphmem.store.base import GraphStore

RUN_WRITERS = frozenset({Role.AGENT, Role.ADMIN})
RUN_READERS = frozenset({Role.AGENT, Role.ADMIN, Role.REVIEWER})


def require_role(principal: Principal, roles: frozenset[Role], what: str) -> None:
    if not principal.has_any(*roles):
        raise ForbiddenError(
            f"{what} needs one of the roles: {', '.join(sorted(roles))}",
            required_roles=sorted(roles),
        )


def stored_run(store: GraphStore, tenant_id: str, run_id: str) -> Run | None:
    """The run node as stored, whoever asks (for the write path's own checks)."""
    rows = store.read(
        "state/run_get", {"tenant_id": tenant_id, "run_key": run_key(tenant_id, run_id)}
    )
    return Run.from_graph(rows[0]["r"]) if rows else None


def visible(principal: Principal, run: Run | None, now: str) -> Run | None:
    """``run`` if this key may see it now, else None."""
    if run is None or run.expires_at <= now or not principal.may_read(run.subject_id):
        return None
    return run


def require_run(store: GraphStore, principal: Principal, run_id: str, now: str) -> Run:
    run = visible(principal, stored_run(store, principal.tenant_id, run_id), now)
    if run is None:
        raise NotFoundError(f"no run {run_id!r}", run_id=run_id)
    return run


def read_run(store: GraphStore, principal: Principal, run_id: str, now: str) -> Run:
    """The run, for a key that may read run state and this run (403, else 404)."""
    require_role(principal, RUN_READERS, "reading run state")
    return require_run(store, principal, run_id, now)
