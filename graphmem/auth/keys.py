"""API keys: ``gm_<key_id>_<secret>``; only sha256(secret) is stored.

The secret carries 256 bits of randomness, so a fast hash is enough (no password KDF): a
brute-force search of the hash is hopeless, and lookups stay cheap on every request.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from graphmem.auth.principal import ROLES, Principal, Role
from graphmem.errors import FieldIssue, NotFoundError, UnauthenticatedError, ValidationError
from graphmem.limits import MAX_PAGE
from graphmem.models.public import KeyPublic
from graphmem.paging import Cursors, Page, read_page
from graphmem.store.base import GraphStore
from graphmem.timeutil import now_iso

_KEY = re.compile(r"^gm_([a-z0-9]{16})_([A-Za-z0-9_-]{43})\Z")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}\Z")
_GRANT = re.compile(r"^[a-z][a-z0-9_]*:[A-Za-z0-9][A-Za-z0-9_.@-]{0,127}\Z")
#: subjects a key can be granted beside its own: shared ones, never another user
GRANTABLE = frozenset({"project", "org", "team", "service"})
MAX_GRANTS = 32


@dataclass(frozen=True)
class CreatedKey:
    key: str
    key_id: str
    principal: Principal


def _hash(secret: str) -> str:
    return "sha256:" + hashlib.sha256(secret.encode()).hexdigest()


def _check(tenant_id: str, roles: list[str], subject_id: str | None, grants: list[str]) -> None:
    issues = []
    if not _ID.match(tenant_id):
        issues.append(FieldIssue("tenant", "pattern", f"must match {_ID.pattern}"))
    if not roles:
        issues.append(FieldIssue("role", "required", "at least one role"))
    for role in roles:
        if role not in ROLES:
            issues.append(
                FieldIssue("role", "enum", f"{role!r} is not one of {', '.join(sorted(ROLES))}")
            )
    if subject_id is not None and not _ID.match(subject_id):
        issues.append(FieldIssue("subject", "pattern", f"must match {_ID.pattern}"))
    if Role.USER in roles and subject_id is None:
        issues.append(FieldIssue("subject", "required", "a user key must name its subject"))
    if grants and subject_id is None:
        issues.append(
            FieldIssue("grant", "needs_subject", "grants widen a subject-bound key's scope")
        )
    for grant in grants:
        kind = grant.split(":", 1)[0]
        if not _GRANT.match(grant):
            issues.append(FieldIssue("grant", "pattern", f"{grant!r} must look like 'kind:id'"))
        elif kind not in GRANTABLE:
            issues.append(
                FieldIssue(
                    "grant",
                    "enum",
                    f"{grant!r}: only shared subjects can be granted "
                    f"({', '.join(sorted(GRANTABLE))}), not {kind}",
                )
            )
    if len(grants) > MAX_GRANTS:
        issues.append(FieldIssue("grant", "too_long", f"at most {MAX_GRANTS} grants"))
    if issues:
        raise ValidationError(issues)


def create_key(
    store: GraphStore,
    *,
    tenant_id: str,
    roles: list[str],
    subject_id: str | None = None,
    principal_id: str | None = None,
    grants: list[str] | None = None,
) -> CreatedKey:
    """A new key. ``subject_id`` binds it to a subject (its reads stay in that subject and
    ``grants``); a user key is its user, any other key acts as itself (``key:<id>``) even when
    bound, so what an agent does is never recorded as the user's doing."""
    grants = sorted(set(grants or []))
    _check(tenant_id, roles, subject_id, grants)
    key_id = secrets.token_hex(8)
    secret = secrets.token_urlsafe(32)
    own = subject_id if Role.USER in roles else None
    principal = Principal(
        tenant_id=tenant_id,
        principal_id=principal_id or own or f"key:{key_id}",
        roles=frozenset(roles),
        subject_id=subject_id,
        key_id=key_id,
        grants=frozenset(grants),
    )
    store.write(
        "keys/create",
        {
            "key_id": key_id,
            "key_hash": _hash(secret),
            "tenant_id": tenant_id,
            "principal_id": principal.principal_id,
            "roles": sorted(roles),
            "subject_id": subject_id,
            "grants": grants,
            "created_at": now_iso(),
        },
    )
    return CreatedKey(key=f"gm_{key_id}_{secret}", key_id=key_id, principal=principal)


def key_page(
    store: GraphStore,
    tenant_id: str,
    *,
    cursors: Cursors,
    limit: int = MAX_PAGE,
    cursor: str | None = None,
) -> Page[KeyPublic]:
    """One page of the tenant's keys, oldest first, revoked ones too (never a secret or its
    hash), paged as every listing is (graphmem.paging)."""
    return read_page(
        store,
        "keys/list",
        {"tenant_id": tenant_id},
        listing="keys",
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=KeyPublic.pick,
    )


def list_keys(store: GraphStore, tenant_id: str) -> list[KeyPublic]:
    """Every key of the tenant, oldest first (the operator's ``keys list``), read page by page
    so each statement stays bounded."""
    cursors, cursor, out = Cursors(), None, []
    while True:
        page = key_page(store, tenant_id, cursors=cursors, cursor=cursor)
        out += page.items
        if page.next_cursor is None:
            return out
        cursor = page.next_cursor


def revoke_key(store: GraphStore, tenant_id: str, key_id: str) -> KeyPublic:
    """Revoke a key of the tenant: it stops authenticating at once. Revoking it again keeps
    the first time; a key of another tenant is :class:`NotFoundError` like an unknown one."""
    rows = store.write(
        "keys/revoke", {"key_id": key_id, "tenant_id": tenant_id, "revoked_at": now_iso()}
    )
    if not rows:
        raise NotFoundError(
            f"no key {key_id!r} in tenant {tenant_id!r}", field="key_id", rule="unknown"
        )
    return next(k for k in list_keys(store, tenant_id) if k.key_id == key_id)


def rotate_key(store: GraphStore, tenant_id: str, key_id: str) -> CreatedKey:
    """A new secret for a key's principal, roles, subject and grants, and the old key revoked,
    in one statement (``keys/rotate``): there is no moment with both or neither valid. The new
    key acts as the same principal, so receipts keep naming one actor."""
    new_id = secrets.token_hex(8)
    secret = secrets.token_urlsafe(32)
    rows = store.write(
        "keys/rotate",
        {
            "key_id": key_id,
            "tenant_id": tenant_id,
            "new_key_id": new_id,
            "new_key_hash": _hash(secret),
            "now": now_iso(),
        },
    )
    if not rows:
        raise NotFoundError(
            f"no active key {key_id!r} in tenant {tenant_id!r}", field="key_id", rule="unknown"
        )
    row = rows[0]
    principal = Principal(
        tenant_id=tenant_id,
        principal_id=row["principal_id"],
        roles=frozenset(row["roles"]),
        subject_id=row["subject_id"],
        key_id=new_id,
        grants=frozenset(row.get("grants") or ()),
    )
    return CreatedKey(key=f"gm_{new_id}_{secret}", key_id=new_id, principal=principal)


def resolve_key(store: GraphStore, key: str | None) -> Principal:
    """The principal behind a presented key, or :class:`UnauthenticatedError`."""
    match = _KEY.match(key or "")
    if match is None:
        raise UnauthenticatedError("missing or malformed API key")
    key_id, secret = match.groups()
    rows = store.read("keys/get", {"key_id": key_id})
    if not rows or not hmac.compare_digest(rows[0]["key_hash"], _hash(secret)):
        raise UnauthenticatedError("unknown or revoked API key")
    row = rows[0]
    return Principal(
        tenant_id=row["tenant_id"],
        principal_id=row["principal_id"],
        roles=frozenset(row["roles"]),
        subject_id=row["subject_id"],
        key_id=key_id,
        grants=frozenset(row.get("grants") or ()),
    )
