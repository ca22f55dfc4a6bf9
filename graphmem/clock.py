"""Transaction time comes from one clock, so tests can replay history (the seed's July 1 and
July 16) without sleeping."""

from __future__ import annotations

from collections.abc import Callable

from graphmem.timeutil import now_iso

Clock = Callable[[], str]

system_clock: Clock = now_iso
