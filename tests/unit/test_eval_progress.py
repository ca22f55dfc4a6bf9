"""``graphmem eval``'s progress lines: one when a phase starts, at most one per interval while
it runs, one when it ends — suite, phase, items done/total and the suite's elapsed seconds."""

from __future__ import annotations

import io

from graphmem.eval.progress import Phase, stderr_say


class Ticker:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_phase_reports_start_throttled_progress_and_end() -> None:
    lines: list[str] = []
    clock = Ticker()
    step = Phase("retrieval", "ingest", 4, lines.append, started=90.0, clock=clock, every_s=10)
    assert lines == ["graphmem eval: retrieval · ingest 0/4 · 10 s"]
    step.tick()
    clock.now += 4
    step.tick()  # 4 s since the last line: quiet
    clock.now += 7
    step.tick()  # 11 s: a line
    assert lines[-1] == "graphmem eval: retrieval · ingest 3/4 · 21 s"
    step.tick()
    step.done()
    step.done()  # once
    assert lines == [
        "graphmem eval: retrieval · ingest 0/4 · 10 s",
        "graphmem eval: retrieval · ingest 3/4 · 21 s",
        "graphmem eval: retrieval · ingest 4/4 · 21 s",
    ]


def test_lines_go_to_the_stream_flushed() -> None:
    out = io.StringIO()
    stderr_say(out)("graphmem eval: ladder · runs 0/24 · 0 s")
    assert out.getvalue() == "graphmem eval: ladder · runs 0/24 · 0 s\n"
