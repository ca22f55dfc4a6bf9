"""``graphmem eval``: the seed's evaluation — write quality, retrieval quality, isolation under
load, update and forget, and the end-to-end ablation ladder — as one command with a report.

Library::

    from graphmem.eval import EvalConfig, run_eval
    results = run_eval(EvalConfig(suites=("ladder",), seed=0, quick=True), Path("report"))

CLI: ``graphmem eval --out report/ [--suites write,retrieval,...] [--seed N] [--quick]``.
Plug an LLM into the ladder by implementing :class:`Agent` and passing it to
:func:`graphmem.eval.ladder.run`.
"""

from graphmem.eval.agent import Action, Agent, RuleAgent, TaskView
from graphmem.eval.config import EvalConfig, SuiteContext
from graphmem.eval.results import Metric, Plot, SuiteResult
from graphmem.eval.runner import run_eval
from graphmem.eval.suites import SUITES

__all__ = [
    "SUITES",
    "Action",
    "Agent",
    "EvalConfig",
    "Metric",
    "Plot",
    "RuleAgent",
    "SuiteContext",
    "SuiteResult",
    "TaskView",
    "run_eval",
]
