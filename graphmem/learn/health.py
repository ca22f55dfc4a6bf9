"""Release health: how the canary does against the stable version, and when to roll back.

Outcomes arrive as episodes citing ``key@version`` (``EpisodeContent.procedure``). SUCCESS
counts as a success; FAILURE and PARTIAL as not; UNKNOWN is not evidence. Both arms are counted
over the same window — since the canary started — so a canary is compared with the stable
version under the same conditions, not with its past. Each arm's success rate comes with a
Wilson score interval (z = 1.96), which stays honest at the small counts a canary starts with.

The monitor rolls a canary back (``AUTO_ROLLBACK``, with a receipt) when either holds:

* **a safety signal** on any canary outcome — an episode whose environment flags one of
  :data:`SAFETY_SIGNALS` as true, or whose failure code names one: once is enough;
* **worse beyond the threshold with enough evidence** — at least ``min_outcomes`` canary
  outcomes, the canary's rate below the stable rate by more than ``threshold``, and the two
  intervals apart (the canary's upper bound below the stable's lower bound), so noise in a
  handful of runs does not roll back a good release, and a real regression is not kept.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import Field

from graphmem.models.base import Record
from graphmem.models.enums import Outcome
from graphmem.models.types import Identifier, ShortText
from graphmem.store.base import Row

HEALTH_POLICY_VERSION = "canary-monitor-1"

#: environment flags (or failure codes, case-insensitive) that roll a canary back at once
SAFETY_SIGNALS = frozenset(
    {"safety_violation", "unapproved_write", "data_loss", "policy_violation"}
)


@dataclass(frozen=True)
class CanaryPolicy:
    #: the canary's success rate must trail the stable rate by more than this
    threshold: float = 0.10
    #: canary outcomes needed before a statistical rollback
    min_outcomes: int = 10
    z: float = 1.96


class ArmHealth(Record):
    version: ShortText | None = None
    outcomes: int = 0
    successes: int = 0
    rate: float | None = None
    lower: float | None = None
    upper: float | None = None
    safety_signals: int = 0
    #: episodes carrying a safety signal (ids only)
    safety_episodes: list[Identifier] = Field(default_factory=list)


class ReleaseHealth(Record):
    policy_version: Identifier = HEALTH_POLICY_VERSION
    since: ShortText | None = None
    stable: ArmHealth
    canary: ArmHealth | None = None
    #: ``ROLLBACK`` when the monitor would (or did) roll the canary back, else ``HOLD``
    verdict: ShortText = "HOLD"
    reason: ShortText | None = None


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial rate."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def has_safety_signal(row: Row) -> bool:
    code = str(row.get("failure_code") or "").lower()
    if code in SAFETY_SIGNALS:
        return True
    raw = row.get("environment_json")
    try:
        env = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return False
    return isinstance(env, dict) and any(env.get(k) is True for k in SAFETY_SIGNALS)


def arm(version: str | None, rows: Iterable[Row], policy: CanaryPolicy) -> ArmHealth:
    """One arm's counts from its outcome episodes (``procedure_outcomes`` rows)."""
    n = ok = 0
    unsafe: list[str] = []
    for r in rows:
        if has_safety_signal(r):
            unsafe.append(str(r["memory_id"]))
        outcome = r.get("outcome")
        if outcome in (None, Outcome.UNKNOWN):
            continue
        n += 1
        ok += outcome == Outcome.SUCCESS
    lower, upper = wilson(ok, n, policy.z)
    return ArmHealth(
        version=version,
        outcomes=n,
        successes=ok,
        rate=ok / n if n else None,
        lower=lower if n else None,
        upper=upper if n else None,
        safety_signals=len(unsafe),
        safety_episodes=unsafe[:20],
    )


def verdict(
    stable: ArmHealth, canary: ArmHealth | None, policy: CanaryPolicy
) -> tuple[str, str | None]:
    """``("ROLLBACK", reason)`` or ``("HOLD", why not yet)`` for the canary."""
    if canary is None:
        return "HOLD", None
    if canary.safety_signals:
        return "ROLLBACK", f"safety signal on {canary.safety_signals} canary outcome(s)"
    if canary.outcomes < policy.min_outcomes:
        return "HOLD", f"{canary.outcomes}/{policy.min_outcomes} canary outcomes"
    if stable.rate is None or canary.rate is None or stable.lower is None:
        return "HOLD", "no stable outcomes to compare with"
    gap = stable.rate - canary.rate
    if gap > policy.threshold and canary.upper is not None and canary.upper < stable.lower:
        return (
            "ROLLBACK",
            f"canary {canary.rate:.2f} [{canary.lower:.2f}, {canary.upper:.2f}] vs stable "
            f"{stable.rate:.2f} [{stable.lower:.2f}, {stable.upper:.2f}]",
        )
    return "HOLD", "canary within the threshold"


def release_health(
    rows: list[Row],
    *,
    stable_ref: str | None,
    canary_ref: str | None,
    since: str | None,
    policy: CanaryPolicy,
) -> ReleaseHealth:
    """Both arms and the verdict from the outcome episodes of the key."""
    stable_arm = arm(stable_ref, (r for r in rows if r["ref"] == stable_ref), policy)
    canary_arm = (
        arm(canary_ref, (r for r in rows if r["ref"] == canary_ref), policy) if canary_ref else None
    )
    decision, reason = verdict(stable_arm, canary_arm, policy)
    return ReleaseHealth(
        since=since, stable=stable_arm, canary=canary_arm, verdict=decision, reason=reason
    )


__all__ = [
    "HEALTH_POLICY_VERSION",
    "SAFETY_SIGNALS",
    "ArmHealth",
    "CanaryPolicy",
    "ReleaseHealth",
    "arm",
    "has_safety_signal",
    "release_health",
    "verdict",
    "wilson",
]
