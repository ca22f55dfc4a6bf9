"""Steps 2–4 of consolidation: from one cluster of episodes to candidate insights.

:class:`InsightGenerator` is the seam a deployment plugs an LLM into (it gets the cluster and
returns candidates; whatever it says is a *candidate*, reviewed like any other, with the
cluster's episodes as its lineage). The default, :class:`StatisticalGenerator`, needs no model:

* for each action tried in the cluster (of actions always taken together, the last one), the
  episodes with a known outcome are split into
  successes and failures;
* if an outcome holds without exception (and at least ``min_support`` times), the rule has no
  condition;
* otherwise it searches the environment items (single items, then pairs) for the condition
  under which the outcome's Wilson lower bound is highest — and better than without any
  condition. No such condition: no candidate. So e1, e2 (reset, adapter mismatch → success)
  and e3 (reset, no mismatch → failure, certificate) give "under adapter_mismatch=true,
  reset_adapter → SUCCESS" with e3 as its counterexample, never "error 720 → always reset";
* every episode that tried the action and ended otherwise is a counterexample, marked
  ``within_condition`` when it met the condition (a true contradiction, counted in
  ``counter_support``) or not (it explains the condition, counted in ``explained``).

Support counts distinct episodes, so one success trace is one — below any ``min_support`` ≥ 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol, runtime_checkable

from graphmem.learn.insight import InsightKind, wilson_lower_bound
from graphmem.models.enums import Outcome

STATISTICAL_METHOD = "consolidation_wilson"
#: at most this many environment items are combined into pairs (the most frequent)
_PAIR_ITEMS = 24
#: a shared context item (failure code, procedure) must cover this share of the cluster
_CONTEXT_SHARE = 0.5


@dataclass(frozen=True)
class ClusterEpisode:
    """What a generator sees of one episode."""

    memory_id: str
    goal: str
    actions: tuple[str, ...]
    outcome: Outcome
    environment: frozenset[str]
    failure_code: str | None = None
    procedure: str | None = None
    root_cause: str | None = None
    run_id: str | None = None


@dataclass(frozen=True)
class CounterRef:
    episode_id: str
    outcome: Outcome
    within_condition: bool
    root_cause: str | None = None


@dataclass(frozen=True)
class Candidate:
    """One candidate insight: "under ``condition``, ``action`` → ``outcome``"."""

    statement: str
    action: str | None
    condition: tuple[str, ...]
    outcome: Outcome | None
    context: tuple[str, ...]
    support_ids: tuple[str, ...]
    counterexamples: tuple[CounterRef, ...]
    lower_bound: float
    success_rate: float
    method: str
    kind: InsightKind = InsightKind.CLAIM

    @property
    def support(self) -> int:
        return len(self.support_ids)

    @property
    def counter_support(self) -> int:
        return sum(1 for c in self.counterexamples if c.within_condition)

    @property
    def explained(self) -> int:
        return sum(1 for c in self.counterexamples if not c.within_condition)


@runtime_checkable
class InsightGenerator(Protocol):
    """Turns one cluster into candidates. ``name`` is stamped on every insight it makes."""

    name: str

    def generate(self, cluster: Sequence[ClusterEpisode], min_support: int) -> list[Candidate]: ...


def _context(cluster: Sequence[ClusterEpisode]) -> tuple[str, ...]:
    out = []
    for key, values in (
        ("failure_code", [e.failure_code for e in cluster]),
        ("procedure", [e.procedure for e in cluster]),
    ):
        top = Counter(v for v in values if v).most_common(1)
        if top and top[0][1] >= _CONTEXT_SHARE * len(cluster):
            out.append(f"{key}={top[0][0]}")
    return tuple(out)


def describe(
    action: str | None, condition: Sequence[str], outcome: Outcome | None, context: Sequence[str]
) -> str:
    """The statement in words: ``under adapter_mismatch=true, reset_adapter led to SUCCESS
    (context: failure_code=720)``. Descriptive, past tense, never an imperative or a "when …"
    rule: the gate refuses a claim that holds a standing rule, and so it should."""
    head = f"{action} led to {outcome}" if action and outcome else (action or "")
    when = f"under {' and '.join(condition)}, " if condition else "without exception, "
    ctx = f" (context: {', '.join(context)})" if context else ""
    return f"{when}{head}{ctx}"


@dataclass
class StatisticalGenerator:
    """The default generator: counts, condition splits and Wilson lower bounds."""

    name: str = "statistical-1"
    #: at most this many candidates per cluster (best lower bound first)
    per_cluster: int = 8
    outcomes: tuple[Outcome, ...] = field(default=(Outcome.SUCCESS, Outcome.FAILURE))

    def generate(self, cluster: Sequence[ClusterEpisode], min_support: int) -> list[Candidate]:
        known = [e for e in cluster if e.outcome is not Outcome.UNKNOWN]
        context = _context(cluster)
        actions = _distinguishable(known)
        out: list[Candidate] = []
        for action in actions:
            tried = [e for e in known if action in e.actions]
            for outcome in self.outcomes:
                candidate = self._rule(action, outcome, tried, context, min_support)
                if candidate is not None:
                    out.append(candidate)
        out.sort(key=lambda c: (-c.lower_bound, -c.support, c.statement))
        return out[: self.per_cluster]

    def _rule(
        self,
        action: str,
        outcome: Outcome,
        tried: list[ClusterEpisode],
        context: tuple[str, ...],
        min_support: int,
    ) -> Candidate | None:
        hits = [e for e in tried if e.outcome is outcome]
        misses = [e for e in tried if e.outcome is not outcome]
        if len(hits) < max(min_support, 1):
            return None
        condition: tuple[str, ...] = ()
        if misses:
            found = _best_condition(hits, misses, min_support)
            if found is None:
                return None
            condition = found
        wanted = set(condition)
        inside = [e for e in hits if wanted <= e.environment]
        counters = tuple(
            CounterRef(e.memory_id, e.outcome, wanted <= e.environment, e.root_cause)
            for e in sorted(misses, key=lambda e: e.memory_id)
        )
        trials = len(inside) + sum(1 for c in counters if c.within_condition)
        return Candidate(
            statement=describe(action, condition, outcome, context),
            action=action,
            condition=condition,
            outcome=outcome,
            context=context,
            support_ids=tuple(sorted(e.memory_id for e in inside)),
            counterexamples=counters,
            lower_bound=round(wilson_lower_bound(len(inside), trials), 6),
            success_rate=round(len(inside) / trials, 6) if trials else 0.0,
            method=STATISTICAL_METHOD,
        )


def _distinguishable(episodes: Sequence[ClusterEpisode]) -> list[str]:
    """The actions to build rules for. Actions taken in exactly the same episodes cannot be
    told apart by outcomes (``collect_logs`` before every ``reset_adapter``): of each such
    group only the one taken last — nearest the outcome — names a rule."""
    groups: dict[frozenset[str], tuple[float, str]] = {}
    for action in sorted({a for e in episodes for a in e.actions}):
        where = frozenset(e.memory_id for e in episodes if action in e.actions)
        # mean position from the end of the episode's actions (0: last)
        lateness = sum(
            len(e.actions) - 1 - max(i for i, a in enumerate(e.actions) if a == action)
            for e in episodes
            if action in e.actions
        ) / len(where)
        best = groups.get(where)
        if best is None or (lateness, action) < best:
            groups[where] = (lateness, action)
    return sorted(action for _, action in groups.values())


def _best_condition(
    hits: list[ClusterEpisode], misses: list[ClusterEpisode], min_support: int
) -> tuple[str, ...] | None:
    """The environment condition (one item or a pair) with the best Wilson lower bound of the
    outcome among the episodes meeting it; None unless it beats having no condition."""
    baseline = wilson_lower_bound(len(hits), len(hits) + len(misses))
    frequency = Counter(x for e in hits for x in e.environment)
    items = [x for x, n in frequency.most_common() if n >= min_support]
    options: list[tuple[str, ...]] = [(x,) for x in items]
    options += list(combinations(sorted(items[:_PAIR_ITEMS]), 2))
    best: tuple[float, int, int, tuple[str, ...]] | None = None
    for cond in options:
        wanted = set(cond)
        s = sum(1 for e in hits if wanted <= e.environment)
        f = sum(1 for e in misses if wanted <= e.environment)
        if s < min_support:
            continue
        bound = wilson_lower_bound(s, s + f)
        # higher bound, then fewer items, then more support; ties broken by name
        key = (bound, -len(cond), s, tuple(sorted(cond)))
        if best is None or key[:3] > best[:3] or (key[:3] == best[:3] and key[3] < best[3]):
            best = key
    if best is None or best[0] <= baseline:
        return None
    return best[3]


__all__ = [
    "STATISTICAL_METHOD",
    "Candidate",
    "ClusterEpisode",
    "CounterRef",
    "InsightGenerator",
    "StatisticalGenerator",
    "describe",
]
