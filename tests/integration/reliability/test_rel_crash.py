"""kill -9 cycles: ``graphmem serve`` takes proposals from concurrent writers; it is killed with
SIGKILL — the service, the engine, or both, in turn — mid-write, and restarted. After every
restart each acknowledged write (a COMMITTED receipt returned to a client) is there, with the
object it was written with. A write answered with an error (a 503, a dropped connection) may
or may not have landed and is not counted. The time from the kill to a healthy service is
tallied.

Builds on the single crash of ``test_write_durability`` (its service start and wait helpers);
``smoke`` runs 3 cycles (one of each kind), ``cycles`` (slow) 21. One writer sends batches
(``POST /v1/proposals/batch``, one commit statement each), the others single proposals.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import ENGINES
from tests.integration.reliability.checks import TALLY
from tests.integration.served import Served, start
from tests.integration.test_cli_service import cli, engine_pids
from tests.integration.test_write_durability import wait_dead

SUBJECT = "user:u1"
KINDS = ("service", "engine", "both")
WRITERS = 3
BATCH = 5  # proposals per request of the batch writer


class Writers:
    """Threads that propose distinct claims until stopped, keeping what was acknowledged."""

    def __init__(self, base: str, headers: dict[str, str], source_id: str, start: int) -> None:
        self.base, self.headers, self.source_id = base, headers, source_id
        self.acknowledged: dict[str, str] = {}  # memory_id -> object
        self.errors = 0
        self._next = start
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._run, args=(BATCH if i == 0 else 1,), daemon=True)
            for i in range(WRITERS)
        ]

    def _number(self) -> int:
        with self._lock:
            self._next += 1
            return self._next

    def _run(self, batch: int) -> None:
        with httpx.Client(base_url=self.base, headers=self.headers, timeout=15) as client:
            while not self._stop.is_set():
                numbers = [self._number() for _ in range(batch)]
                try:
                    bodies = [self._recorded(client, n) for n in numbers]
                    if batch == 1:
                        answer = client.post("/v1/proposals", json=bodies[0])
                        receipts = [answer.json()] if answer.status_code == 200 else []
                    else:
                        answer = client.post("/v1/proposals/batch", json=bodies)
                        receipts = answer.json() if answer.status_code == 200 else []
                except (httpx.HTTPError, ValueError):
                    receipts = []
                with self._lock:
                    if len(receipts) == batch and all(
                        r.get("decision") == "COMMITTED" for r in receipts
                    ):
                        for n, receipt in zip(numbers, receipts, strict=True):
                            self.acknowledged[receipt["memory_id"]] = f"value-{n}"
                    else:
                        self.errors += 1
                        time.sleep(0.05)

    def wait_acknowledged(self, n: int, timeout_s: float) -> None:
        """Until ``n`` writes of this round were acknowledged (a slow engine's first commits
        plan their queries): each kill then lands among writes that were answered."""
        deadline = time.monotonic() + timeout_s
        while len(self.acknowledged) < n:
            assert time.monotonic() < deadline, f"no acknowledged write in {timeout_s} s"
            time.sleep(0.05)

    def _recorded(self, client: httpx.Client, n: int) -> dict[str, object]:
        """Records the source of proposal ``n``; returns the proposal citing it."""
        said = f"I like value-{n}"  # the claim must be grounded in its span
        recorded = client.post(
            "/v1/sources",
            json={"kind": "USER_MESSAGE", "content": said, "source_id": f"{self.source_id}_{n}"},
        )
        if recorded.status_code != 201:
            raise ValueError(recorded.text)
        return {
            "memory_type": "SEMANTIC",
            "subject": SUBJECT,
            "claim": {"predicate": f"likes_item_{n}", "object": f"value-{n}"},
            "evidence": [
                {"event_id": f"{self.source_id}_{n}", "span": said, "source_role": "user"}
            ],
            "confidence": 1.0,
        }

    def __enter__(self) -> Writers:
        for t in self._threads:
            t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(30)


def stored_objects(base: str, headers: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    params: dict[str, str | int] = {"subject_id": SUBJECT, "limit": 1000}
    while True:
        page = httpx.get(f"{base}/v1/memories", params=params, headers=headers, timeout=60).json()
        out.update({m["memory_id"]: m["object"] for m in page["memories"]})
        if page["next_cursor"] is None:
            return out
        params["cursor"] = page["next_cursor"]


def healthy(base: str) -> bool:
    try:
        return bool(httpx.get(f"{base}/healthz", timeout=30).json().get("status") == "ok")
    except httpx.HTTPError:
        return False  # the service is busy restarting its engine


def kill(kind: str, api: Served, data_dir: Path, engine: str) -> bool:
    """SIGKILL the service, the engine or both; True if the service process is gone."""
    engine_pid, supervisor_pid = engine_pids(engine, data_dir)
    if kind in ("service", "both"):
        api.process.send_signal(signal.SIGKILL)
        api.process.wait(30)
    if kind in ("engine", "both"):
        os.kill(engine_pid, signal.SIGKILL)
    if kind == "engine":
        wait_dead(engine_pid)
        return False
    # the supervisor stops an orphaned engine (Neo4j's clean shutdown takes a while)
    wait_dead(engine_pid, supervisor_pid, timeout_s=20 if engine == "falkordb" else 120)
    return True


@pytest.mark.parametrize(
    "cycles", [pytest.param(3, id="smoke"), pytest.param(21, id="cycles", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("engine", ENGINES)
def test_every_acknowledged_write_survives_kill9_cycles(
    engine: str, cycles: int, data_dir: Path
) -> None:
    made = cli(
        data_dir,
        "keys",
        "create",
        "--tenant",
        "acme",
        "--role",
        "agent",
        "--subject",
        SUBJECT,
        engine=engine,
    )
    assert made.returncode == 0, made.stderr
    headers = {"Authorization": f"Bearer {json.loads(made.stdout)['key']}"}
    api = start(data_dir, engine=engine)
    base, port = api.url, api.port
    restart_s = 60 if engine == "falkordb" else 300
    rng = random.Random(6)
    acknowledged: dict[str, str] = {}
    try:
        src = httpx.post(
            f"{base}/v1/sources",
            headers=headers,
            json={"kind": "USER_MESSAGE", "content": "I like many things", "source_id": "msg_1"},
            timeout=120,
        )
        assert src.status_code == 201, src.text
        for cycle in range(cycles):
            kind = KINDS[cycle % len(KINDS)]
            with Writers(base, headers, "msg_1", start=cycle * 100_000) as writers:
                writers.wait_acknowledged(1, restart_s)
                time.sleep(rng.uniform(0.5, 1.5))
                killed_at = time.monotonic()
                service_gone = kill(kind, api, data_dir, engine)
                time.sleep(0.3)  # writers meet the dead service/engine
            if service_gone:
                api = start(data_dir, port=port, engine=engine)
            else:  # the service restarts the engine at its next read
                deadline = time.monotonic() + restart_s
                while not healthy(base):
                    assert time.monotonic() < deadline, "the engine did not come back"
                    time.sleep(0.2)
            TALLY.sample(f"crash restart s ({engine}: {kind} killed)", time.monotonic() - killed_at)
            acknowledged.update(writers.acknowledged)
            stored = stored_objects(base, headers)
            lost = {m: o for m, o in acknowledged.items() if stored.get(m) != o}
            TALLY.add("crash cycles")
            assert lost == {}, f"cycle {cycle} ({kind}): {len(lost)} acknowledged writes lost"
        assert len(acknowledged) >= cycles  # writes were acknowledged between the kills
        TALLY.add("crash acknowledged writes", len(acknowledged))
        TALLY.add("crash lost writes", 0)
    finally:
        api.stop()
