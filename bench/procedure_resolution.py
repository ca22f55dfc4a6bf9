"""Procedure resolution cost per retrieval (issue 13, item 8), and the release monitor's cost
per outcome episode.

    HF_HUB_OFFLINE=1 python bench/procedure_resolution.py [--keys 40] [--calls 200]

Method: a temporary embedded engine with the default embedder (real model). Through the
release API, ``--keys`` procedure keys, each with five versions: a DEPRECATED one (promoted
over), the STABLE one, a CANARY at 20 %, a REJECTED draft and an open DRAFT — every version
drafted through the write gate, reviewed, simulator-tested and published as a person would
(``--keys`` × ~20 release statements). Then, interleaved A/B in one process so the machine's
noise hits both arms alike:

* **A, with the release model**: ``retrieve`` for PROCEDURAL memories (k=10), state with the
  versions' preconditions and a fresh ``run_id`` per call (a new cohort hash each time);
* **B, baseline**: the same call with ``usable_procedures`` replaced by a pass-through (every
  candidate kept; what retrieval would cost with no release model at all).

Also timed: ``usable_procedures`` alone on the hydrated rows of one call (the resolution step
by itself), and writing an outcome episode that cites ``key@version`` (the write plus the
monitor's health read) against one that cites none. The query vector is an embedding-cache hit
after the first call in both arms. Prints one JSON object; medians and p90 in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.auth.principal import Principal
from graphmem.demo_release import REVIEWER
from graphmem.demo_release import draft as vpn_draft
from graphmem.learn import resolve
from graphmem.read import retrieve as retrieve_module
from graphmem.service import Graphmem
from graphmem.settings import Settings

AUTHOR = Principal("acme", "admin:bench", frozenset({"admin"}))
AGENT = Principal("acme", "agent:bench", frozenset({"agent"}))
SUBJECT = "project:it-support"
FACTS = ["error_720", "adapter_mismatch"]
OK = {"decision": "APPROVE", "reason": "bench"}


def _through_review(gm: Graphmem, key: str, version: str) -> None:
    gm.releases.review(REVIEWER, key, version, {"stage": "SCOPE", **OK})
    gm.releases.test(REVIEWER, key, version)
    gm.releases.review(REVIEWER, key, version, {"stage": "SECURITY", **OK})
    gm.releases.publish(REVIEWER, key, version)


def seed(gm: Graphmem, keys: int) -> None:
    for i in range(keys):
        key = f"vpn-fix-{i:03d}"

        def make(version: str, key: str = key, i: int = i) -> None:
            text = f"VPN error 720 fix {i} v{version}: collect logs, approval, reset, verify"
            made = gm.releases.create_draft(AUTHOR, vpn_draft(version, key=key, text=text))
            assert made.version is not None, made.write_receipt.reasons

        make("1.0.0")
        _through_review(gm, key, "1.0.0")
        make("1.1.0")
        _through_review(gm, key, "1.1.0")
        gm.releases.promote(REVIEWER, key, "1.1.0")  # 1.0.0 is DEPRECATED
        make("1.2.0")
        _through_review(gm, key, "1.2.0")
        gm.releases.canary(REVIEWER, key, "1.2.0", {"percent": 20})
        make("1.3.0")
        gm.releases.review(REVIEWER, key, "1.3.0", {"stage": "SCOPE", **OK, "decision": "REJECT"})
        make("1.4.0")  # an open draft


def _ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))] * 1000, 3),
        "n": len(ordered),
    }


def _retrieve(gm: Graphmem, run: str) -> Any:
    return gm.retrieve(
        AGENT,
        {
            "query": "VPN error 720 fix reset adapter",
            "subject_id": SUBJECT,
            "types": ["PROCEDURAL"],
            "k": 10,
            "state": {"facts": FACTS, "run_id": run},
        },
    )


def measure(keys: int, calls: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp))
        with Graphmem.open(settings) as gm:
            t0 = time.perf_counter()
            seed(gm, keys)
            seed_s = time.perf_counter() - t0
            real = retrieve_module.usable_procedures

            def passthrough(rows: Any, state: Any, **_: Any) -> Any:
                return list(rows), []

            for i in range(5):  # warm the embedding cache and the engine
                _retrieve(gm, f"warm-{i}")
            with_model: list[float] = []
            baseline: list[float] = []
            served = excluded = candidates = 0
            for i in range(calls):
                for arm in ("A", "B") if i % 2 == 0 else ("B", "A"):
                    retrieve_module.usable_procedures = real if arm == "A" else passthrough  # type: ignore[assignment]
                    t = time.perf_counter()
                    result = _retrieve(gm, f"run-{i}")
                    spent = time.perf_counter() - t
                    (with_model if arm == "A" else baseline).append(spent)
                    if arm == "A":
                        served += len(result.results)
                        excluded += len(result.excluded)
                        candidates += len(result.candidate_ids)
            retrieve_module.usable_procedures = real  # type: ignore[assignment]

            # the resolution step alone, on the hydrated rows of one call
            captured: list[Any] = []

            def capture(rows: Any, state: Any, **kw: Any) -> Any:
                captured.append(list(rows))
                return real(rows, state, **kw)

            retrieve_module.usable_procedures = capture  # type: ignore[assignment]
            _retrieve(gm, "rows")
            retrieve_module.usable_procedures = real  # type: ignore[assignment]
            rows = captured[0]
            alone: list[float] = []
            for i in range(2000):
                t = time.perf_counter()
                resolve.usable_procedures(
                    rows, {"facts": FACTS}, tenant_id="acme", cohort=f"run:{i}"
                )
                alone.append(time.perf_counter() - t)

            # an outcome episode citing key@version (write + monitor) vs one citing none
            cited: list[float] = []
            plain: list[float] = []
            for i in range(40):
                for arm in ("cited", "plain") if i % 2 == 0 else ("plain", "cited"):
                    ref = "vpn-fix-000@1.1.0" if arm == "cited" else None
                    t = time.perf_counter()
                    _outcome(gm, f"o{i}-{arm}", ref)
                    (cited if arm == "cited" else plain).append(time.perf_counter() - t)
    a, b = _ms(with_model), _ms(baseline)
    return {
        "bench": "procedure_resolution",
        "keys": keys,
        "procedure_versions": keys * 5,
        "seed_seconds": round(seed_s, 1),
        "retrieve_with_release_model": a,
        "retrieve_baseline_no_resolution": b,
        "resolution_cost_median_ms": round(a["median_ms"] - b["median_ms"], 3),
        "ratio_median": round(a["median_ms"] / b["median_ms"], 3),
        "usable_procedures_alone": _ms(alone),
        "rows_resolved_per_call": len(rows),
        "avg_candidates_per_call": round(candidates / calls, 1),
        "avg_served_per_call": round(served / calls, 2),
        "avg_excluded_per_call": round(excluded / calls, 1),
        "outcome_episode_citing_procedure": _ms(cited),
        "outcome_episode_plain": _ms(plain),
        "machine": f"{platform.processor() or platform.machine()} {platform.python_version()}",
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip(),
    }


def _outcome(gm: Graphmem, run: str, ref: str | None) -> None:
    text = f"{run}: VPN error 720, reset adapter, success"
    src = gm.record_source(AGENT, {"kind": "TOOL_RESULT", "content": text})
    gm.propose(
        AGENT,
        {
            "memory_type": "EPISODIC",
            "subject": SUBJECT,
            "episode": {
                "goal": "fix VPN error 720",
                "outcome": "SUCCESS",
                "run_id": run,
                **({"procedure": ref} if ref else {}),
            },
            "evidence": [{"event_id": src.source_id, "span": text, "source_role": "tool"}],
            "confidence": 0.9,
        },
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--calls", type=int, default=200)
    ns = parser.parse_args()
    print(json.dumps(measure(ns.keys, ns.calls), indent=2))


if __name__ == "__main__":
    main()
