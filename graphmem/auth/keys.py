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

from graphmem.auth.principal import ROLES, Principal
from graphmem.errors import FieldIssue, UnauthenticatedError, ValidationError
from graphmem.store.base import GraphStore
from graphmem.timeutil import now_iso

_KEY = re.compile(r"^gm_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$")


@dataclass(frozen=True)
class CreatedKey:
    key: str
    key_id: str
    principal: Principal


def _hash(secret: str) -> str:
    return "sha256:" + hashlib.sha256(secret.encode()).hexdigest()


def _check(tenant_id: str, roles: list[str], subject_id: str | None) -> None:
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
    if "user" in roles and subject_id is None:
        issues.append(FieldIssue("subject", "required", "a user key must name its subject"))
    if issues:
        raise ValidationError(issues)


def create_key(
    store: GraphStore,
    *,
    tenant_id: str,
    roles: list[str],
    subject_id: str | None = None,
    principal_id: str | None = None,
) -> CreatedKey:
    _check(tenant_id, roles, subject_id)
    key_id = secrets.token_hex(8)
    secret = secrets.token_urlsafe(32)
    principal = Principal(
        tenant_id=tenant_id,
        principal_id=principal_id or subject_id or f"key:{key_id}",
        roles=frozenset(roles),
        subject_id=subject_id,
        key_id=key_id,
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
            "created_at": now_iso(),
        },
    )
    return CreatedKey(key=f"gm_{key_id}_{secret}", key_id=key_id, principal=principal)


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
    )
