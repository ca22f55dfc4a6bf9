"""Hard filters under concurrent load: nothing stale, expired, foreign or off-subject retrieved.

Method. One engine on the system clock (expiry happens in real time, during the load). Three
tenants × four subjects, each subject with episodes that share one vocabulary and carry the
names of other subjects and tenants (so a query is always similar to foreign memories), a fact
later superseded, an episode whose source is later revoked, and episodes that expire a few
seconds into the load. Then reader threads retrieve as agent keys — bound to their subject,
or unbound naming a subject of their tenant — with queries that name other subjects, while a
writer thread keeps adding episodes, superseding facts and revoking sources.

Every result is checked against the ground truth the suite wrote (never against what the
result row says): the memory's tenant and subject; whether it was superseded or revoked
(committed before the retrieval started); whether it had expired before the retrieval
started. Rates are such results / all results returned.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.eval.config import SuiteContext
from graphmem.eval.engine import temporary_graphmem
from graphmem.eval.metrics import Rate, median
from graphmem.eval.results import Metric, SuiteResult
from graphmem.models.enums import Decision
from graphmem.service import Graphmem

TENANTS = ("iso-a", "iso-b", "iso-c")
SUBJECTS = ("user:ann", "user:bo", "user:cy", "user:di")
TOPICS = ("deployment", "invoice", "vpn", "travel", "laptop")


@dataclass
class Truth:
    owner: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: memory id → perf_counter time after which it must not be returned
    dead_after: dict[str, float] = field(default_factory=dict)
    expires: dict[str, float] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def own(self, memory_id: str | None, tenant: str, subject: str) -> None:
        if memory_id:
            with self.lock:
                self.owner[memory_id] = (tenant, subject)


def _key(tenant: str, subject: str | None) -> Principal:
    who = subject.split(":", 1)[1] if subject else "runtime"
    return Principal(
        tenant_id=tenant,
        principal_id=f"agent:{who}",
        roles=frozenset({"agent"}),
        subject_id=subject,
    )


ADMIN = {
    t: Principal(tenant_id=t, principal_id="admin:ops", roles=frozenset({"admin"})) for t in TENANTS
}


def _episode(
    gm: Graphmem, tenant: str, subject: str, text: str, expires_at: str | None = None
) -> tuple[str | None, str]:
    who = _key(tenant, subject)
    src = gm.record_source(who, {"kind": "TOOL_RESULT", "content": text})
    body: dict[str, Any] = {
        "memory_type": "EPISODIC",
        "subject": subject,
        "episode": {"goal": text.split(":")[0], "outcome": "SUCCESS"},
        "text": text,
        "evidence": [
            {"event_id": src.source_id, "span": text.split(":")[0], "source_role": "tool"}
        ],
        "confidence": 0.9,
    }
    if expires_at:
        body["expires_at"] = expires_at
    r = gm.propose(who, body)
    return (r.memory_id if r.decision is Decision.COMMITTED else None), src.source_id


def _fact(gm: Graphmem, tenant: str, subject: str, value: str) -> str | None:
    who = _key(tenant, subject)
    text = f"My {TOPICS[0]} region is {value}."
    src = gm.record_source(who, {"kind": "USER_MESSAGE", "content": text})
    r = gm.propose(
        who,
        {
            "memory_type": "SEMANTIC",
            "subject": subject,
            "claim": {"predicate": "deployment_region", "object": value},
            "evidence": [
                {"event_id": src.source_id, "span": f"region is {value}", "source_role": "user"}
            ],
            "confidence": 1.0,
        },
    )
    return r.memory_id if r.decision is Decision.COMMITTED else None


def score(checks: list[dict[str, Any]], truth: Truth) -> dict[str, int]:
    """Each result against the ground truth. ``*_live`` count results of memories that were
    still legitimately retrievable then but became stale or expired later: they show the load
    did reach the memories the checks are about."""
    out = dict.fromkeys(
        (
            "wrong_tenant",
            "wrong_subject",
            "stale",
            "expired",
            "unknown",
            "stale_live",
            "expiring_live",
        ),
        0,
    )
    for c in checks:
        owner = truth.owner.get(c["id"])
        if owner is None:
            out["unknown"] += 1
            continue
        if owner[0] != c["tenant"]:
            out["wrong_tenant"] += 1
        elif owner[1] != c["subject"]:
            out["wrong_subject"] += 1
        dead = truth.dead_after.get(c["id"])
        if dead is not None:
            out["stale" if c["started"] > dead else "stale_live"] += 1
        exp = truth.expires.get(c["id"])
        if exp is not None:
            out["expired" if c["started"] > exp else "expiring_live"] += 1
    return out


def _iso(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def run(ctx: SuiteContext) -> SuiteResult:
    quick = ctx.config.quick
    seed = ctx.seed_for("isolation")
    rng = random.Random(seed)
    duration = 6.0 if quick else 25.0
    episodes = 4 if quick else 10
    readers = 3
    result = SuiteResult("isolation", "Hard filters under concurrent load")
    truth = Truth()
    t0 = time.perf_counter()
    checks: list[dict[str, Any]] = []
    latencies: list[float] = []
    with temporary_graphmem(ctx.embedder) as gm:
        revocable: list[tuple[str, str, str]] = []
        facts: set[str] = set()
        step = ctx.progress("seeding subjects", len(TENANTS) * len(SUBJECTS))
        for tenant in TENANTS:
            for subject in SUBJECTS:
                step.tick()
                for i in range(episodes):
                    topic = TOPICS[i % len(TOPICS)]
                    other = rng.choice([s for s in SUBJECTS if s != subject])
                    text = (
                        f"{topic} check {i} for {subject} in {tenant}: "
                        f"also mentions {other} and {rng.choice(TENANTS)}"
                    )
                    mid, _ = _episode(gm, tenant, subject, text)
                    truth.own(mid, tenant, subject)
                mid, sid = _episode(
                    gm, tenant, subject, f"{TOPICS[2]} note to revoke for {subject}: region eu"
                )
                truth.own(mid, tenant, subject)
                if mid:
                    revocable.append((tenant, sid, mid))
                old = _fact(gm, tenant, subject, "eu-west")
                truth.own(old, tenant, subject)
                new = _fact(gm, tenant, subject, "us-east")
                truth.own(new, tenant, subject)
                if old:
                    truth.dead_after[old] = time.perf_counter()
                if new:
                    facts.add(new)
                for j in range(3):
                    exp_s = 2.0 + j * duration / 4
                    at = datetime.now(UTC) + timedelta(seconds=exp_s + 1.0)
                    mid, _ = _episode(
                        gm,
                        tenant,
                        subject,
                        f"{TOPICS[j]} temporary pass {j} for {subject}: expires soon",
                        _iso(at),
                    )
                    truth.own(mid, tenant, subject)
                    if mid:
                        truth.expires[mid] = (
                            time.perf_counter() + (at - datetime.now(UTC)).total_seconds()
                        )
        step.done()
        load = ctx.progress(f"concurrent load ({duration:.0f} s)", 1)
        stop = time.perf_counter() + duration

        def reader(n: int) -> None:
            r = random.Random(seed + n)
            while time.perf_counter() < stop:
                tenant, subject = r.choice(TENANTS), r.choice(SUBJECTS)
                key = _key(tenant, subject) if r.random() < 0.5 else _key(tenant, None)
                other = r.choice(SUBJECTS)
                query = f"{r.choice(TOPICS)} {other} {r.choice(TENANTS)} region temporary pass"
                started = time.perf_counter()
                res = gm.retrieve(key, {"query": query, "subject_id": subject, "k": 10})
                latencies.append((time.perf_counter() - started) * 1000)
                for s in res.results:
                    checks.append(
                        {
                            "id": s.memory_id,
                            "tenant": tenant,
                            "subject": subject,
                            "started": started,
                        }
                    )

        def writer() -> None:
            r = random.Random(seed - 1)
            pending = list(revocable)
            r.shuffle(pending)
            i = 0
            while time.perf_counter() < stop:
                tenant, subject = r.choice(TENANTS), r.choice(SUBJECTS)
                if pending and i % 3 == 0:
                    t, sid, doomed = pending.pop()
                    gm.revoke(ADMIN[t], source_id=sid, reason="WRONG_SOURCE")
                    truth.dead_after[doomed] = time.perf_counter()
                elif i % 3 == 1:
                    new = _fact(gm, tenant, subject, f"ap-{i}")
                    truth.own(new, tenant, subject)
                    # the previous current fact is superseded now: find it by ownership order
                    with truth.lock:
                        prior = [
                            m
                            for m, o in truth.owner.items()
                            if o == (tenant, subject)
                            and m not in truth.dead_after
                            and m != new
                            and m in facts
                        ]
                    for m in prior:
                        truth.dead_after[m] = time.perf_counter()
                    if new:
                        facts.add(new)
                else:
                    mid, _ = _episode(
                        gm,
                        tenant,
                        subject,
                        f"{r.choice(TOPICS)} live write {i} for {subject}: during load",
                    )
                    truth.own(mid, tenant, subject)
                i += 1

        threads = [threading.Thread(target=reader, args=(n,)) for n in range(readers)]
        threads.append(threading.Thread(target=writer))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        load.tick()
        load.done()
        gm.logs.flush()
    result.seconds = time.perf_counter() - t0
    counts = score(checks, truth)
    n = len(checks)
    wrong_tenant, wrong_subject = counts["wrong_tenant"], counts["wrong_subject"]
    stale, expired, unknown = counts["stale"], counts["expired"], counts["unknown"]
    common = f"{readers} reader threads + 1 writer for {duration:.0f} s; results returned: {n}"
    result.add(
        Metric.of_rate(
            "wrong_tenant_rate",
            Rate(wrong_tenant, n),
            f"results owned by another tenant / results ({common})",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "wrong_subject_rate",
            Rate(wrong_subject, n),
            f"results about another subject than the one asked / results ({common})",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "stale_rate",
            Rate(stale, n),
            "results superseded or revoked before the retrieval started / results",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "expired_rate",
            Rate(expired, n),
            "results whose expires_at had passed before the retrieval started (sweep or not) "
            "/ results",
            headline=True,
        )
    )
    result.add(
        Metric(
            "unknown_results",
            float(unknown),
            "results whose id the suite never wrote (should be 0)",
            unit="count",
        )
    )
    result.add(
        Metric(
            "retrieve_under_load_p50",
            median(latencies),
            "median Graphmem.retrieve wall time under the load",
            unit="ms",
            n=len(latencies),
        )
    )
    result.config = {
        "seed": seed,
        "tenants": len(TENANTS),
        "subjects_per_tenant": len(SUBJECTS),
        "episodes_per_subject": episodes,
        "duration_s": duration,
        "readers": readers,
        "memories_written": len(truth.owner),
        "expiring": len(truth.expires),
        "superseded_or_revoked": len(truth.dead_after),
        "embedder": ctx.embedder.embedding_version,
        "results_of_later_stale_memories_before_they_were": counts["stale_live"],
        "results_of_expiring_memories_before_expiry": counts["expiring_live"],
    }
    return result
