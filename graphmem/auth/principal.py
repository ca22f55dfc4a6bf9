"""Who is calling: resolved from an API key, never from a request body.

**Subject scope.** A key bound to a subject (``keys create --subject user:u_104``: a user's own
key, or an agent key minted for one user's session) reads that subject and the shared subjects
granted to it at creation (``--grant project:alpha --grant org:acme``), whatever its roles —
never another user's memories, and never the whole tenant. An unbound key reads the whole
tenant its role allows. :meth:`Principal.readable_subjects` is the one place that rule lives;
every read path asks it (see :mod:`graphmem.auth.scope`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from graphmem.errors import FieldIssue, ValidationError


class Role(StrEnum):
    """What a key may do (DESIGN §7)."""

    AGENT = "agent"
    USER = "user"
    ANALYST = "analyst"
    ADMIN = "admin"
    REVIEWER = "reviewer"


ROLES = frozenset(Role)

#: who may do what: the REST dependencies (``api/deps.py``) and the MCP tools ask these same
#: tuples, so a key can do over MCP exactly what it can do over REST
WRITERS = (Role.AGENT, Role.USER, Role.ADMIN, Role.REVIEWER)
READERS = (Role.AGENT, Role.USER, Role.ADMIN, Role.REVIEWER)
ANALYSTS = (Role.ANALYST, Role.ADMIN)
ADMINS = (Role.ADMIN,)
REVOKERS = (Role.ADMIN, Role.REVIEWER)


@dataclass(frozen=True)
class Principal:
    tenant_id: str
    principal_id: str
    roles: frozenset[str]
    subject_id: str | None = None
    key_id: str | None = None
    #: shared subjects (project, org, team …) a subject-bound key may also read
    grants: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def local_operator(
        cls,
        tenant_id: str,
        *,
        roles: Iterable[str] = (Role.ADMIN,),
        subject_id: str | None = None,
        name: str = "operator",
        grants: Iterable[str] = (),
    ) -> Principal:
        """A principal for code that runs beside the store with no API key (the CLI's
        ``--tenant``, a batch job, a notebook): it acts as ``cli:<name>`` in ``tenant_id``
        with ``roles`` (admin by default). Whoever can open the store can already read it;
        this only says who the receipts name. Roles must be graphmem's
        (:class:`Role`); a service answering other people resolves their keys instead
        (:meth:`graphmem.Graphmem.principal`)."""
        wanted = frozenset(str(r) for r in roles)
        unknown = sorted(wanted - ROLES)
        if unknown or not wanted:
            raise ValidationError(
                [FieldIssue("roles", "enum", f"some of {', '.join(sorted(ROLES))}, got {unknown}")]
            )
        return cls(
            tenant_id=tenant_id,
            principal_id=f"cli:{name}",
            roles=wanted,
            subject_id=subject_id,
            grants=frozenset(grants),
        )

    def has_any(self, *roles: str) -> bool:
        return bool(self.roles.intersection(roles))

    @property
    def bound(self) -> bool:
        """Whether the key is bound to a subject (and so limited to its scope)."""
        return self.subject_id is not None

    def readable_subjects(self) -> frozenset[str] | None:
        """The subjects this key may read; None for an unbound key (the whole tenant)."""
        if self.subject_id is None:
            return None
        return frozenset({self.subject_id, *self.grants})

    def may_read(self, subject_id: str | None) -> bool:
        readable = self.readable_subjects()
        return readable is None or subject_id in readable
