"""A seeded world for the reliability suites: two tenants, three subjects each, keys of every
role (bound and unbound), and memories whose objects and source texts are unique canaries.

Everything is written through REST with real keys, so the ids the suites swap between callers
are real: memories, their sources and write receipts, a revocation and a deletion receipt per
tenant. A caller may see exactly the canaries of the subjects its key reads (its subject and
grants, or its whole tenant when unbound); any other canary in a response body — another
subject's, another tenant's, or an erased memory's — is a leak, found by searching the text.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

TENANTS = ("acme", "globex")
U1, U2, TEAM = "user:u1", "user:u2", "team:t"
SUBJECTS = (U1, U2, TEAM)
#: what a key bound to each subject is granted beside it
GRANTS = {U1: (TEAM,), U2: ()}
MEMORIES_PER_SUBJECT = 2
PURPOSE = "support"


class Client(Protocol):
    """What seeding needs of a client: ``TestClient`` and ``httpx.Client`` both fit."""

    def post(self, url: str, **kwargs: Any) -> Any: ...
    def delete(self, url: str, **kwargs: Any) -> Any: ...


#: ``make_key(tenant, roles, subject, grants)`` → bearer headers
MakeKey = Callable[[str, tuple[str, ...], "str | None", tuple[str, ...]], dict[str, str]]


@dataclass(frozen=True)
class Caller:
    """One API key and what it may read."""

    name: str
    tenant: str
    roles: tuple[str, ...]
    subject: str | None
    grants: tuple[str, ...]
    headers: dict[str, str] = field(compare=False, repr=False)

    def reads(self, tenant: str, subject: str) -> bool:
        if tenant != self.tenant:
            return False
        return self.subject is None or subject == self.subject or subject in self.grants

    def has(self, *roles: str) -> bool:
        return bool(set(self.roles) & set(roles))


@dataclass(frozen=True)
class Memory:
    tenant: str
    subject: str
    memory_id: str
    source_id: str
    receipt_id: str
    canary: str


@dataclass
class World:
    callers: list[Caller]
    memories: list[Memory]
    #: per tenant: a deletion receipt (of an erased memory) and a revocation's memory
    deletion_receipts: dict[str, str]
    #: canaries of memories erased while seeding: no response may ever carry them
    erased_canaries: set[str]
    _pattern: re.Pattern[str] | None = field(default=None, repr=False)

    def caller(self, tenant: str, role: str, subject: str | None = None) -> Caller:
        for c in self.callers:
            if c.tenant == tenant and c.roles == (role,) and c.subject == subject:
                return c
        raise KeyError((tenant, role, subject))

    def ids(self, kind: str, tenant: str | None = None) -> list[str]:
        """Real ids of one kind (``memory``, ``source``, ``receipt``, ``subject``, ``deletion``)."""
        if kind == "deletion":
            return [r for t, r in sorted(self.deletion_receipts.items()) if tenant in (None, t)]
        if kind == "subject":
            return list(SUBJECTS)
        attr = {"memory": "memory_id", "source": "source_id", "receipt": "receipt_id"}[kind]
        return [getattr(m, attr) for m in self.memories if tenant in (None, m.tenant)]

    def visible(self, caller: Caller) -> set[str]:
        return {m.canary for m in self.memories if caller.reads(m.tenant, m.subject)}

    def canaries_in(self, text: str) -> set[str]:
        """Every canary of the world (erased ones included) that ``text`` holds."""
        if self._pattern is None:
            every = [m.canary for m in self.memories] + sorted(self.erased_canaries)
            self._pattern = re.compile("|".join(map(re.escape, every)))
        return set(self._pattern.findall(text))

    def foreign_canaries(self, caller: Caller, text: str) -> list[str]:
        """Canaries in ``text`` the caller may not see (other subjects, tenants, erased)."""
        return sorted(self.canaries_in(text) - self.visible(caller))


def canary(tenant: str, subject: str, index: int) -> str:
    """A token found nowhere else: lower-case letters and digits, one word to every tokenizer."""
    who = subject.replace(":", "")
    return f"cnry{tenant}{who}n{index}x{secrets.token_hex(4)}"


def _remember(client: Client, writer: Caller, tenant: str, subject: str, token: str) -> Memory:
    # not "code word": a code word with a random value is a watchword, a secret the gate
    # refuses (issue 11, round 4)
    text = f"For the record, the favorite mascot name is {token}"
    src = client.post(
        "/v1/sources",
        headers=writer.headers,
        json={"kind": "USER_MESSAGE", "content": text},
    )
    assert src.status_code == 201, src.text
    source_id = src.json()["source_id"]
    receipt = client.post(
        "/v1/proposals",
        headers=writer.headers,
        json={
            "memory_type": "SEMANTIC",
            "subject": subject,
            "claim": {"predicate": f"mascot_name_{token[-8:]}", "object": token},
            "evidence": [{"event_id": source_id, "span": text, "source_role": "user"}],
            "confidence": 1.0,
            "purposes": [PURPOSE],
        },
    ).json()
    assert receipt["decision"] == "COMMITTED", receipt
    return Memory(tenant, subject, receipt["memory_id"], source_id, receipt["receipt_id"], token)


def callers(make_key: MakeKey) -> list[Caller]:
    """Every role, unbound and bound to each user (with its grants); user keys are bound."""
    out: list[Caller] = []
    for tenant in TENANTS:
        for role in ("agent", "user", "analyst", "admin", "reviewer"):
            bindings: Iterable[str | None] = (U1, U2) if role == "user" else (None, U1, U2)
            for subject in bindings:
                grants = GRANTS[subject] if subject else ()
                out.append(
                    Caller(
                        name=f"{tenant}/{role}/{subject or 'unbound'}",
                        tenant=tenant,
                        roles=(role,),
                        subject=subject,
                        grants=grants,
                        headers=make_key(tenant, (role,), subject, grants),
                    )
                )
    return out


def seed(client: Client, make_key: MakeKey) -> World:
    """Seed the world through ``client`` (REST); keys come from ``make_key``."""
    world = World(callers(make_key), [], {}, set())
    for tenant in TENANTS:
        # the u1-bound agent writes u1's and the team's memories (it is granted the team),
        # the u2-bound agent writes u2's: each an authenticated statement of its user
        writers = {U1: world.caller(tenant, "agent", U1), U2: world.caller(tenant, "agent", U2)}
        writers[TEAM] = writers[U1]
        for subject in SUBJECTS:
            for i in range(MEMORIES_PER_SUBJECT):
                token = canary(tenant, subject, i)
                world.memories.append(_remember(client, writers[subject], tenant, subject, token))
        admin = world.caller(tenant, "admin")
        doomed = _remember(client, writers[U1], tenant, U1, canary(tenant, U1, 99))
        erased = client.delete(f"/v1/memories/{doomed.memory_id}", headers=admin.headers)
        assert erased.status_code == 200, erased.text
        world.deletion_receipts[tenant] = erased.json()["receipt_id"]
        world.erased_canaries.add(doomed.canary)
    return world
