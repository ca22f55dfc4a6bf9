"""What a suite hands back: metrics that name their method, tables, and plot data.

One shape for every suite, so the JSON, the HTML report and the terminal table are written
by one renderer (:mod:`.report`) and a number never travels without the sentence that says
how it was measured.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from graphmem.eval.metrics import Rate


@dataclass
class Metric:
    name: str
    value: float | None
    #: how the number was measured, in a sentence the report prints beside it
    method: str
    #: a system, rung or set the metric belongs to ("" when the suite has one)
    group: str = ""
    unit: Literal["rate", "tokens", "ms", "s", "count", "ratio", "score"] = "rate"
    ci95: tuple[float, float] | None = None
    n: int | None = None
    #: the headline numbers of a suite, for the terminal summary
    headline: bool = False

    @classmethod
    def of_rate(
        cls, name: str, r: Rate, method: str, *, group: str = "", headline: bool = False
    ) -> Metric:
        return cls(
            name,
            None if r.value is None else round(r.value, 4),
            method,
            group=group,
            unit="rate",
            ci95=r.interval,
            n=r.n,
            headline=headline,
        )


@dataclass
class Plot:
    name: str
    title: str
    ylabel: str
    #: x positions: systems, rungs, budgets
    categories: list[str]
    #: series name → one value per category (None: not measured)
    series: dict[str, list[float | None]]
    kind: Literal["bar", "line"] = "bar"
    #: series name → (low, high) per category, drawn as error bars
    errors: dict[str, list[tuple[float, float] | None]] = field(default_factory=dict)


@dataclass
class SuiteResult:
    name: str
    title: str
    metrics: list[Metric] = field(default_factory=list)
    #: table name → rows (each a flat dict)
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    plots: list[Plot] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: what was run: sizes, seeds, model versions
    config: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, metric: Metric) -> Metric:
        self.metrics.append(metric)
        return metric

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
