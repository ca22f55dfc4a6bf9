"""The suites ``graphmem eval`` can run, by name, in the order a report lists them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final

from graphmem.eval.config import SuiteContext
from graphmem.eval.results import SuiteResult

#: name → module whose ``run(ctx)`` measures it
SUITES: Final[dict[str, str]] = {
    "write": "graphmem.eval.write_quality",
    "retrieval": "graphmem.eval.retrieval",
    "isolation": "graphmem.eval.isolation",
    "forget": "graphmem.eval.forgetting",
    "ladder": "graphmem.eval.ladder",
}


def suite_runner(name: str) -> Callable[[SuiteContext], SuiteResult]:
    if name not in SUITES:
        raise KeyError(name)
    module = importlib.import_module(SUITES[name])
    runner: Callable[[SuiteContext], SuiteResult] = module.run
    return runner
