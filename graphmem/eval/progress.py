"""Progress of a long ``graphmem eval`` run on stderr: suite, phase, items done/total, elapsed.

A suite says what it is about to do (``ctx.progress("ingest", 4106)``) and ticks once per item;
a line is printed when the phase starts, at most every :data:`EVERY_S` seconds while it runs,
and when it ends (plain lines: a terminal, a pipe and a CI log read them alike). Progress never
changes what is measured and is not part of the report.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

#: the longest quiet stretch between two progress lines while a phase runs
EVERY_S = 10.0

Say = Callable[[str], None]


@dataclass
class Phase:
    """One phase of one suite: ``tick()`` per item done, ``done()`` at the end."""

    suite: str
    name: str
    total: int
    say: Say
    started: float
    clock: Callable[[], float] = time.perf_counter
    every_s: float = EVERY_S
    count: int = 0
    _last: float = field(default=0.0, init=False)
    _closed: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self._last = self.clock()
        self.say(self.line())

    def line(self) -> str:
        elapsed = self.clock() - self.started
        done = f"{self.count}/{self.total}"
        return f"graphmem eval: {self.suite} · {self.name} {done} · {elapsed:.0f} s"

    def tick(self, n: int = 1) -> None:
        self.count += n
        now = self.clock()
        if now - self._last >= self.every_s:
            self._last = now
            self.say(self.line())

    def done(self) -> None:
        if not self._closed:
            self._closed = True
            self.say(self.line())


def stderr_say(stream: TextIO | None = None) -> Say:
    """Plain lines on ``stream`` (default stderr), flushed: readable in a terminal, a pipe
    and a CI log alike."""

    def say(msg: str) -> None:
        out = stream or sys.stderr
        out.write(msg + "\n")
        out.flush()

    return say


__all__ = ["EVERY_S", "Phase", "Say", "stderr_say"]
