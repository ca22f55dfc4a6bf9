"""The arithmetic every suite shares: rates with Wilson intervals, rank metrics, token budgets.

Each function is the one definition of its metric, so a number in the report means the same
thing in every suite. Intervals are Wilson score intervals (95 %): they stay inside [0, 1] and
are honest at the small counts a task benchmark has (a normal interval at 9/10 claims 1.09).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """``hits`` of ``n`` with a 95 % Wilson interval; ``value`` is None when ``n`` is 0."""

    hits: int
    n: int

    @property
    def value(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.hits, self.n)

    def as_dict(self) -> dict[str, object]:
        lo_hi = self.interval
        return {
            "value": None if self.value is None else round(self.value, 4),
            "hits": self.hits,
            "n": self.n,
            "ci95": None if lo_hi is None else [round(lo_hi[0], 4), round(lo_hi[1], 4)],
        }


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``hits / n``."""
    if n == 0:
        return None
    if not 0 <= hits <= n:
        raise ValueError(f"hits {hits} outside 0..{n}")
    p = hits / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(items: Iterable[T], hit: Callable[[T], bool]) -> Rate:
    seq = list(items)
    return Rate(sum(1 for x in seq if hit(x)), len(seq))


def mean(values: Iterable[float]) -> float | None:
    seq = list(values)
    return round(statistics.fmean(seq), 4) if seq else None


def median(values: Iterable[float]) -> float | None:
    seq = list(values)
    return round(statistics.median(seq), 3) if seq else None


# -- ranking -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranked:
    """One retrieved item: the evidence ids it carries and what it costs in context tokens."""

    ids: frozenset[str]
    tokens: int


def within_budget(ranked: Sequence[Ranked], budget_tokens: int) -> list[Ranked]:
    """Items in rank order while they fit: an item that would overflow the budget is skipped
    and the next ones are still tried (as the context builder fits a section)."""
    out: list[Ranked] = []
    used = 0
    for item in ranked:
        if used + item.tokens <= budget_tokens:
            out.append(item)
            used += item.tokens
    return out


def recall(ranked: Sequence[Ranked], evidence: frozenset[str]) -> float:
    got: set[str] = set().union(*(r.ids for r in ranked)) if ranked else set()
    return len(got & evidence) / len(evidence)


def reciprocal_rank(ranked: Sequence[Ranked], evidence: frozenset[str]) -> float:
    return next((1.0 / (i + 1) for i, r in enumerate(ranked) if r.ids & evidence), 0.0)


def evidence_token_share(ranked: Sequence[Ranked], evidence: frozenset[str]) -> float | None:
    """Context utilization: the share of the items' tokens spent on items carrying evidence."""
    total = sum(r.tokens for r in ranked)
    if total == 0:
        return None
    return sum(r.tokens for r in ranked if r.ids & evidence) / total
