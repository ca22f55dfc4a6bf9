"""Guards against super-linear scanning (ReDoS) that do not depend on how busy the machine is.

A wall-clock bound ("under 5 s") fails whenever the 2 shared cores are loaded, and passes a
quadratic scanner on a fast machine. Instead the same function runs on a text and on a quarter
of it, in the same run, best of a few repeats: linear work grows ~4x, quadratic ~16x, so only
the growth is asserted. Timings are this process's CPU time, not the wall clock: on a loaded
machine the wall clock also counts the time spent waiting for a core, which came in bursts
that landed on one size and not the other (10-19x read for scanners that grow 4-6x).
"""

from __future__ import annotations

import time
from collections.abc import Callable

FACTOR = 4
MAX_GROWTH = 10.0  # linear is ~4x for 4x the input, quadratic ~16x
NOISE_FLOOR_S = 0.005  # below this a timing is mostly noise


def best_time(fn: Callable[[str], object], text: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        fn(text)
        best = min(best, time.process_time() - started)
    return best


def assert_linear_growth(fn: Callable[[str], object], text: str, *, repeats: int = 3) -> None:
    """``fn(text)`` takes at most MAX_GROWTH times ``fn`` on the first quarter of ``text``.

    The two sizes alternate (small, large, small, large, …) and each keeps its best, so a burst
    of load from another process lands on both sides instead of on one of them."""
    quarter = text[: len(text) // FACTOR]
    small = large = float("inf")
    for _ in range(repeats):
        small = min(small, best_time(fn, quarter, 1))
        large = min(large, best_time(fn, text, 1))
    assert large <= MAX_GROWTH * max(small, NOISE_FLOOR_S), (
        f"{FACTOR}x the input took {large / max(small, 1e-9):.1f}x as long "
        f"({small:.3f} s -> {large:.3f} s) on {text[:20]!r}…"
    )
