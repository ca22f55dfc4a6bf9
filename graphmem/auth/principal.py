"""Who is calling: resolved from an API key, never from a request body."""

from __future__ import annotations

from dataclasses import dataclass

ROLES = frozenset({"agent", "user", "analyst", "admin", "reviewer"})


@dataclass(frozen=True)
class Principal:
    tenant_id: str
    principal_id: str
    roles: frozenset[str]
    subject_id: str | None = None
    key_id: str | None = None

    def has_any(self, *roles: str) -> bool:
        return bool(self.roles.intersection(roles))
