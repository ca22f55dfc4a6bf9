"""Subject scope on read paths, applied the same way by every reader.

The rule (:class:`~graphmem.auth.principal.Principal`): a subject-bound key reads its subject
and the shared subjects granted to it; an unbound key reads its whole tenant. Asking a bound
key's read for another subject is a 403 naming ``subject_id`` and the rule ``subject_scope``;
a single memory of another subject is a 404, exactly as one of another tenant, so a key cannot
probe which ids exist. Tenant-wide analyst and ad-hoc queries cannot be scoped to subjects, so
a bound key may not run them.
"""

from __future__ import annotations

from graphmem.auth.principal import Principal
from graphmem.errors import ForbiddenError

SUBJECT_SCOPE = "subject_scope"


def _refuse(principal: Principal, subject_id: str, field: str = "subject_id") -> ForbiddenError:
    readable = ", ".join(sorted(principal.readable_subjects() or ()))
    return ForbiddenError(
        f"this key is bound to {principal.subject_id} and reads only {readable}; "
        f"{subject_id} is outside its scope",
        field=field,
        rule=SUBJECT_SCOPE,
    )


def read_subject(principal: Principal, subject_id: str | None) -> str | None:
    """The one subject a read is about: what was asked for, if the key may read it; a bound
    key's own subject when nothing was asked; None (the whole tenant) for an unbound key."""
    if subject_id is None:
        return principal.subject_id
    if not principal.may_read(subject_id):
        raise _refuse(principal, subject_id)
    return subject_id


def read_scopes(principal: Principal, subject_ids: list[str], field: str = "scopes") -> list[str]:
    """The subjects a multi-scope read names (retrieve's and context's ``scopes``), each one
    the key may read — else a 403 naming ``scopes.<i>.subject_id``, before anything is read.
    An unbound key may name any subject of its tenant."""
    for i, subject_id in enumerate(subject_ids):
        if not principal.may_read(subject_id):
            raise _refuse(principal, subject_id, f"{field}.{i}.subject_id")
    return list(subject_ids)


def read_subjects(principal: Principal, subject_id: str | None) -> list[str] | None:
    """The subjects a listing may return: the one asked for (if readable), else every
    subject the key may read; None means the whole tenant (unbound keys only)."""
    if subject_id is not None:
        return [read_subject(principal, subject_id) or subject_id]
    readable = principal.readable_subjects()
    return None if readable is None else sorted(readable)


def require_unbound(principal: Principal, what: str) -> None:
    """Refuse a tenant-wide read (analyst or ad-hoc queries) to a subject-bound key."""
    if principal.bound:
        raise ForbiddenError(
            f"{what} reads the whole tenant; a key bound to {principal.subject_id} cannot run it",
            field="subject_id",
            rule=SUBJECT_SCOPE,
        )
