"""``run_eval``: the suites of one config, one embedder, one report directory."""

from __future__ import annotations

import platform
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from graphmem.embeddings.base import Embedder
from graphmem.embeddings.factory import create_embedder
from graphmem.errors import FieldIssue, ValidationError
from graphmem.eval.config import EvalConfig, SuiteContext
from graphmem.eval.progress import stderr_say
from graphmem.eval.report import summary_table, write_html, write_json
from graphmem.eval.results import SuiteResult
from graphmem.eval.suites import SUITES, suite_runner
from graphmem.settings import Settings


def check_config(config: EvalConfig) -> None:
    """Refuse a config that cannot run, before anything starts, in graphmem's error shape."""
    issues = [
        FieldIssue(f"suites.{i}", "unknown_suite", f"{name!r} is not one of {sorted(SUITES)}")
        for i, name in enumerate(config.suites)
        if name not in SUITES
    ]
    if not config.suites:
        issues.append(FieldIssue("suites", "required", "name at least one suite"))
    needs_locomo = "retrieval" in config.suites
    if needs_locomo and not any(config.locomo_dir.glob("turns*.jsonl")):
        issues.append(
            FieldIssue("locomo_dir", "not_found", f"{config.locomo_dir} holds no turns*.jsonl")
        )
    if issues:
        raise ValidationError(issues)


def _git(*args: str) -> str:
    out = subprocess.run(
        ["git", *args], capture_output=True, text=True, cwd=Path(__file__).parent, check=False
    )
    return out.stdout.strip()


def _commit() -> str:
    """The checkout's commit, ``+dirty`` when tracked files differ from it."""
    try:
        dirty = _git("status", "--porcelain", "--untracked-files=no")
        return _git("rev-parse", "--short", "HEAD") + ("+dirty" if dirty else "")
    except OSError:
        return "unknown"


def command_line(config: EvalConfig, out: Path) -> str:
    parts = ["graphmem eval", f"--suites {','.join(config.suites)}", f"--seed {config.seed}"]
    if config.quick:
        parts.append("--quick")
    parts += [f"--embedder {config.embedder}", f"--out {out}"]
    if config.embedder_model:
        parts.append(f"--embedder-model {config.embedder_model}")
    return " ".join(parts)


def run_eval(
    config: EvalConfig,
    out: Path,
    *,
    embedder: Embedder | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[SuiteResult]:
    check_config(config)
    say = progress or stderr_say()
    embedder = embedder or create_embedder(
        Settings(embedder=config.embedder, embedder_model=config.embedder_model)
    )
    ctx = SuiteContext(config, embedder, say=say)
    out.mkdir(parents=True, exist_ok=True)
    header: dict[str, Any] = {
        "command": command_line(config, out),
        "commit": _commit(),
        "seed": config.seed,
        "quick": config.quick,
        "embedder": embedder.embedding_version,
        "machine": f"{platform.machine()}, {_cpus()} CPUs, Python {platform.python_version()}",
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    results: list[SuiteResult] = []
    t0 = time.perf_counter()
    for i, name in enumerate(config.suites, 1):
        say(f"graphmem eval: {name} ({i}/{len(config.suites)}) …")
        t1 = ctx.suite_started = time.perf_counter()
        ctx.suite = name
        result = suite_runner(name)(ctx)
        result.seconds = round(time.perf_counter() - t1, 1)
        results.append(result)
        say(
            f"graphmem eval: {name} done in {result.seconds:.0f} s "
            f"({time.perf_counter() - t0:.0f} s in all)"
        )
        header["seconds"] = round(time.perf_counter() - t0, 1)
        header["suite_seeds"] = dict(ctx.seeds)
        # after every suite, so a long run that is stopped keeps what it measured
        write_json(out / "report.json", header, results)
    write_html(out / "report.html", header, results)
    return results


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


def print_summary(results: Sequence[SuiteResult], out: Path, command: str) -> None:
    print(summary_table(results))
    print(f"\nreport: {out / 'report.html'} (and report.json)\nreproduce: {command}")
