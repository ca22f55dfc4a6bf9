"""The demo's VPN 720 story, release half: from the seed's three episodes to a published reset
procedure, then a canary that production outcomes roll back.

e1 and e2: the adapter reset fixed error 720 while the adapter-mismatch signal was present;
e3: the reset did not help, the root cause was an expired certificate. So the procedure a
reviewer drafts resets only under ``adapter_mismatch`` (its simulator scenarios prove it
refuses the certificate case). A later version that drops that precondition — "error 720 ⇒
always reset" — passes the one scenario it declares, is published and served to a 20 %
canary; its failing outcomes roll it back automatically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from graphmem.auth.principal import Principal
from graphmem.learn.resolve import serving_role
from graphmem.models.enums import ReleaseRole
from graphmem.service import Graphmem
from graphmem.timeutil import normalize

KEY = "vpn-720-reset"
SUBJECT = "project:it-support"
AUTHOR = Principal("acme", "admin:it-lead", frozenset({"admin"}))
REVIEWER = Principal("acme", "reviewer:sre-kim", frozenset({"reviewer"}))
RUNTIME = Principal("acme", "agent:it-runtime", frozenset({"agent"}))

_WORLD: dict[str, Any] = {
    "collect_logs": {"effect": "READ_ONLY"},
    "request_reset_approval": {"grants": True},
    "reset_adapter": {
        "effect": "REVERSIBLE_WRITE",
        "requires": ["adapter_mismatch"],
        "sets": ["vpn_connected", "adapter_reset"],
        "clears": ["error_720"],
    },
    "verify_connection": {"effect": "READ_ONLY", "requires": ["vpn_connected"]},
    "restore_adapter_settings": {"effect": "REVERSIBLE_WRITE", "clears": ["adapter_reset"]},
}
_SCENARIOS = [
    {
        "id": "vpn720-adapter-mismatch",
        "facts": ["windows", "error_720", "adapter_mismatch"],
        "steps": _WORLD,
        "expect": {"outcome": "SUCCESS", "facts": ["vpn_connected"], "absent": ["error_720"]},
    },
    {
        "id": "vpn720-certificate-expired",
        "facts": ["windows", "error_720", "certificate_expired"],
        "steps": _WORLD,
        "expect": {"outcome": "NOT_APPLICABLE", "facts": ["error_720"]},
    },
]


class Clock(Protocol):
    now: str


def draft(version: str, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "key": KEY,
        "version": version,
        "subject_id": SUBJECT,
        "scope": "tenant/acme/it-support",
        "preconditions": ["error_720", "adapter_mismatch"],
        "steps": [
            "collect_logs",
            "request_reset_approval",
            "reset_adapter",
            "verify_connection",
        ],
        "effect": "REVERSIBLE_WRITE",
        "approval": "request_reset_approval",
        "rollback": "restore_adapter_settings",
        "owner": "it-platform",
        "tests": [s["id"] for s in _SCENARIOS],
        "scenarios": _SCENARIOS,
        "text": "VPN error 720: collect logs, ask approval, reset the adapter, verify",
    }
    return body | changes


def _episode(
    gm: Graphmem, run: str, outcome: str, env: dict[str, Any], procedure: str | None = None
) -> str:
    text = f"{run}: VPN error 720, adapter reset, outcome {outcome.lower()}"
    src = gm.record_source(RUNTIME, {"kind": "TOOL_RESULT", "content": text})
    r = gm.propose(
        RUNTIME,
        {
            "memory_type": "EPISODIC",
            "subject": SUBJECT,
            "episode": {
                "goal": "fix VPN error 720",
                "actions": ["reset_adapter"],
                "outcome": outcome,
                "environment": {"os": "windows", **env},
                "failure_code": "VPN_720",
                "run_id": run,
                **({"procedure": procedure} if procedure else {}),
            },
            "evidence": [{"event_id": src.source_id, "span": text, "source_role": "tool"}],
            "confidence": 0.9,
        },
    )
    return r.memory_id or ""


def publish_reviewed(
    gm: Graphmem, version: str, say: Callable[[str], None] = lambda _: None
) -> bool:
    """SCOPE review, simulator test, SECURITY review and publication of ``KEY@version`` by
    the demo's reviewer; False (and left IN_REVIEW) when the tests fail."""
    ok = {"decision": "APPROVE", "reason": "scope, preconditions and approval step fit"}
    gm.releases.review(REVIEWER, KEY, version, {"stage": "SCOPE", **ok})
    report = gm.releases.test(REVIEWER, KEY, version).report
    assert report is not None
    for s in report.scenarios:
        issues = ", ".join(i.rule for i in s.issues) or "ok"
        say(f"     simulator {s.scenario_id}: {s.outcome} (expected {s.expected}) — {issues}")
    if not report.passed:
        return False
    gm.releases.review(REVIEWER, KEY, version, {"stage": "SECURITY", **ok})
    gm.releases.publish(REVIEWER, KEY, version)
    return True


def walk_release(gm: Graphmem, clock: Clock, say: Callable[[str], None]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    say("5. Three runs hit VPN error 720: e1, e2 reset the adapter and succeeded (adapter")
    say("   mismatch signal present); e3 reset and failed (root cause: expired certificate).")
    e1 = _episode(gm, "e1", "SUCCESS", {"adapter_mismatch": True})
    e2 = _episode(gm, "e2", "SUCCESS", {"adapter_mismatch": True})
    _episode(gm, "e3", "FAILURE", {"adapter_mismatch": False, "root_cause": "certificate"})

    say("6. A reviewer drafts the reset procedure, scoped to the adapter-mismatch condition:")
    made = gm.releases.create_draft(
        AUTHOR, draft("1.0.0", derived_from=[e1, e2], derived_method="episode_review")
    )
    say(f"   draft {KEY}@1.0.0 → {made.write_receipt.decision} (write gate), DRAFT")
    out["stable_published"] = publish_reviewed(gm, "1.0.0", say)
    say(f"   reviewed (SCOPE, SECURITY by {REVIEWER.principal_id}), tested, published: STABLE")

    say("7. Version 1.1.0 drops the precondition ('error 720 ⇒ always reset'):")
    gm.releases.create_draft(AUTHOR, draft("1.1.0", preconditions=["error_720"]))
    out["always_reset_tests_pass"] = publish_reviewed(gm, "1.1.0", say)
    say("   the simulator refuses it: the certificate case would reset and fail.")
    say("   Its author declares only the mismatch scenario as 1.2.0; it passes and is published.")
    gm.releases.create_draft(
        AUTHOR,
        draft("1.2.0", preconditions=["error_720"], tests=["vpn720-adapter-mismatch"]),
    )
    publish_reviewed(gm, "1.2.0", say)
    clock.now = normalize("2026-07-20T00:00:00Z")
    gm.releases.canary(REVIEWER, KEY, "1.2.0", {"percent": 20})
    say("8. 1.2.0 serves a 20 % canary (cohort = hash of the run). Outcomes arrive as episodes:")
    clock.now = normalize("2026-07-20T01:00:00Z")
    stable_ref, canary_ref = f"{KEY}@1.0.0", f"{KEY}@1.2.0"
    canary_runs = stable_runs = 0
    rolled = None
    for i in range(200):
        run = f"r{i:03d}"
        role = serving_role("acme", KEY, f"run:{run}", 20)
        if role is ReleaseRole.CANARY:
            canary_runs += 1
            # the canary resets on certificate cases too, and fails there
            mismatch = canary_runs % 4 == 0
            _episode(
                gm,
                run,
                "SUCCESS" if mismatch else "FAILURE",
                {"adapter_mismatch": mismatch},
                canary_ref,
            )
        else:
            stable_runs += 1
            _episode(gm, run, "SUCCESS", {"adapter_mismatch": True}, stable_ref)
            state = gm.releases.get(REVIEWER, KEY)
            rolled = next((r for r in state.receipts if r.action == "AUTO_ROLLBACK"), None)
            if rolled is not None:
                break
    say(f"   {stable_runs} stable runs, {canary_runs} canary runs")
    if rolled is not None:
        say(f"   → AUTO_ROLLBACK of 1.2.0 by {rolled.actor}: {rolled.reason}")
    final = {v.version: str(v.lifecycle) for v in gm.releases.get(REVIEWER, KEY).versions}
    say(f"   versions now: {final}")
    res = gm.retrieve(
        RUNTIME,
        {
            "query": "VPN error 720 fix",
            "subject_id": SUBJECT,
            "types": ["PROCEDURAL"],
            "state": {"facts": ["error_720", "adapter_mismatch"], "run_id": "r999"},
        },
    )
    served = [r.row.get("version") for r in res.results]
    shown = ", ".join(f"{KEY}@{v}" for v in served) or "no procedure"
    say(f"9. The next run with error 720 and an adapter mismatch gets {shown}.")
    out |= {
        "auto_rollback": rolled is not None,
        "versions": final,
        "served": served,
        "canary_outcomes": canary_runs,
    }
    return out


__all__ = ["KEY", "REVIEWER", "draft", "publish_reviewed", "walk_release"]
