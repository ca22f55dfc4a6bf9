"""The cross-tenant / cross-subject ID-swap load: every caller of the world calls every read
path with its own ids and everyone else's (ad-hoc Cypher in the probe's leaking shapes
included), concurrently; no response may carry a canary the
caller may not read, none may be a 5xx, and no erasure or revocation aimed at another
subject's or tenant's ids may succeed (the world is intact afterwards).

Shared by the in-process run (threads over one ``TestClient``) and the run over HTTP against
``graphmem serve`` (threads over one ``httpx.Client``).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tests.integration.reliability.checks import TALLY, shape_problems
from tests.integration.reliability.world import PURPOSE, SUBJECTS, TENANTS, Caller, World

LINEAGE_BY_MEMORY = (
    "lineage/provenance_chain",
    "lineage/supersession_history",
    "lineage/logs_selecting_memory",
)


#: ad-hoc Cypher shapes of the probe that found 83 cross-tenant leaks through the old text
#: guard, and others of the kind: each either refused (4xx) or bound to the caller's tenant
ADHOC_SHAPES = (
    "MATCH (s:Memory) WHERE s.tenant_id <> $tenant_id RETURN s.tenant_id AS owner, s.text AS c",
    "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id OR true RETURN m.object AS o",
    "MATCH (m:Memory) WHERE $tenant_id IS NOT NULL RETURN m.object AS o, m.text AS t",
    "MATCH (m:Memory {tenant_id: $tenant_id}) MATCH (n:Memory) RETURN n.object AS o",
    "MATCH (m:Memory) RETURN collect(m.object) AS every",
    "MATCH (m:Memory) RETURN m",
    "MATCH (n) RETURN n",
    "MATCH (s:Source) RETURN s.content AS c",
    "MATCH (a:Memory {tenant_id: $tenant_id})-[*1..4]-(b) RETURN b.object AS o, b.content AS c",
    "MATCH (a {tenant_id: $tenant_id}), (b) RETURN b.object AS o",
    "OPTIONAL MATCH (m:Memory) RETURN m.object AS o",
    "MATCH (m:Memory) WITH m WHERE m.tenant_id <> $tenant_id RETURN m.object AS o",
    "UNWIND [1] AS x MATCH (m:Memory) RETURN m.object AS o",
    "MATCH (m:Memory) RETURN properties(m) AS p",
    "MATCH (m:Memory {tenant_id: $tenant_id}) RETURN m.object AS o UNION MATCH (n:Memory) "
    "RETURN n.object AS o",
    "CALL db.labels() YIELD label RETURN label",
    "MATCH (m:Memory) WHERE m.object STARTS WITH 'cnry' RETURN m.object AS o",
)


def adhoc_calls() -> Iterator[Call]:
    for shape in ADHOC_SHAPES:
        yield Call("POST", "/v1/cypher-adhoc", {"query": shape})


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    json: Any = None
    params: dict[str, Any] | None = None
    #: an erasure or revocation that must not succeed
    must_fail: bool = False


def _every_canary(world: World) -> str:
    return " ".join([m.canary for m in world.memories] + sorted(world.erased_canaries))


def calls_for(caller: Caller, world: World) -> Iterator[Call]:
    """Every read path with every id of the world, and the destructive calls that must fail."""
    words = _every_canary(world)
    for m in world.memories:
        yield Call("GET", f"/v1/memories/{m.memory_id}")
        yield Call(
            "GET", f"/v1/memories/{m.memory_id}", params={"known_at": "2099-01-01T00:00:00Z"}
        )
    yield Call("GET", "/v1/memories")
    yield Call("GET", "/v1/me/memories")
    yield Call("GET", "/v1/me/memories", params={"status": "ACTIVE", "limit": 1000})
    for subject in (None, *SUBJECTS):
        if subject is not None:
            yield Call("GET", "/v1/memories", params={"subject_id": subject})
        scoped = {} if subject is None else {"subject_id": subject}
        yield Call("POST", "/v1/retrieve", {"query": words, "k": 100, **scoped})
        yield Call("POST", "/v1/retrieve", {"query": words, "purpose": PURPOSE, **scoped})
        yield Call(
            "POST",
            "/v1/context",
            {
                "goal": "find the mascot name",
                "instruction": "Say the mascot name.",
                "query": words,
                "budget_tokens": 4000,
                "limits": {"semantic": 50},
                **scoped,
            },
        )
    for m in world.memories:
        for name in LINEAGE_BY_MEMORY:
            yield Call("POST", f"/v1/cypher/{name}", {"params": {"memory_id": m.memory_id}})
        yield Call(
            "POST", "/v1/cypher/lineage/derived_from_source", {"params": {"source_id": m.source_id}}
        )
    for subject in SUBJECTS:
        yield Call(
            "POST",
            "/v1/cypher/lineage/known_at_snapshot",
            {"params": {"subject_id": subject, "known_at": "2099-01-01T00:00:00Z"}},
        )
    yield Call("POST", "/v1/cypher/lineage/open_conflicts", {"params": {"subject_id": None}})
    yield from adhoc_calls()
    yield Call("GET", "/v1/audit/deletions")
    for tenant in TENANTS:
        receipt = world.deletion_receipts[tenant]
        yield Call("GET", f"/v1/audit/deletions/{receipt}")
        yield Call("POST", f"/v1/audit/deletions/{receipt}/verify")
    # destructive calls aimed outside the caller's reach: each must be refused
    for m in world.memories:
        if caller.reads(m.tenant, m.subject):
            continue
        yield Call("DELETE", f"/v1/memories/{m.memory_id}", must_fail=True)
        yield Call("DELETE", f"/v1/me/memories/{m.memory_id}", must_fail=True)
        yield Call("PATCH", f"/v1/me/memories/{m.memory_id}", {"object": "x"}, must_fail=True)
        if m.tenant != caller.tenant or caller.subject is not None:
            yield Call("POST", "/v1/revocations", {"memory_id": m.memory_id}, must_fail=True)
            yield Call("POST", "/v1/revocations", {"source_id": m.source_id}, must_fail=True)
    if caller.subject is not None:
        for subject in SUBJECTS:
            if not caller.reads(caller.tenant, subject):
                yield Call("DELETE", f"/v1/subjects/{subject}/memories", must_fail=True)


@dataclass
class LoadResult:
    requests: int = 0
    problems: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    #: responses that carried a canary the caller may see (the check can see canaries at all)
    own_canaries_seen: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


def run_load(
    client: Any,
    world: World,
    *,
    workers: int,
    per_caller: int | None,
    seed: int = 10,
) -> LoadResult:
    """Every caller's calls (``per_caller`` of them, an evenly spread sample, or all), shuffled
    together and sent from ``workers`` threads through ``client``."""
    tasks: list[tuple[Caller, Call]] = []
    for caller in world.callers:
        calls = list(calls_for(caller, world))
        if per_caller is not None:  # a spread sample of reads, and of destructive calls
            reads = [c for c in calls if not c.must_fail]
            refused = [c for c in calls if c.must_fail]
            calls = _spread(reads, per_caller) + _spread(refused, max(1, per_caller // 3))
        tasks += [(caller, call) for call in calls]
    random.Random(seed).shuffle(tasks)
    result = LoadResult()

    def one(task: tuple[Caller, Call]) -> None:
        caller, call = task
        response = client.request(
            call.method, call.path, json=call.json, params=call.params, headers=caller.headers
        )
        found = [
            f"{call.method} {call.path} as {caller.name}: {p}" for p in shape_problems(response)
        ]
        if call.must_fail and response.status_code < 400:
            found.append(
                f"{call.method} {call.path} {call.json} as {caller.name} succeeded: "
                f"{response.text[:200]}"
            )
        foreign = world.foreign_canaries(caller, response.text)
        own = bool(world.visible(caller) & set(world.canaries_in(response.text)))
        with result._lock:
            result.requests += 1
            result.problems += found
            result.own_canaries_seen += own
            if foreign:
                result.leaks.append(
                    f"{call.method} {call.path} {call.json} as {caller.name}: {foreign}"
                )

    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="swap") as pool:
        for _ in pool.map(one, tasks):
            pass
    TALLY.add("isolation requests", result.requests)
    TALLY.add("isolation foreign canaries", len(result.leaks))
    TALLY.add("isolation 5xx, shape problems or foreign erasures", len(result.problems))
    return result


def _spread(calls: list[Call], n: int) -> list[Call]:
    return calls if len(calls) <= n else calls[:: len(calls) // n][:n]


def intact(client: Any, world: World) -> list[str]:
    """Every seeded memory is still there, ACTIVE, with its canary (seen by its tenant's
    unbound admin)."""
    missing = []
    for m in world.memories:
        admin = world.caller(m.tenant, "admin")
        got = client.get(f"/v1/memories/{m.memory_id}", headers=admin.headers)
        if got.status_code != 200 or m.canary not in got.text:
            missing.append(f"{m.memory_id} ({m.tenant} {m.subject}): {got.status_code}")
        elif got.json()["memory"]["status"] != "ACTIVE":
            missing.append(f"{m.memory_id}: {got.json()['memory']['status']}")
    return missing
