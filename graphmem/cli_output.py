"""How the ``graphmem`` command shows things: JSON (the default, for scripts and pipes) or a
table (``--format table``, for people), and progress bars on long jobs.

Progress goes to stderr and only to a terminal, so stdout stays exactly the JSON a script
reads, whatever the job; a table goes to stdout in place of the JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

FORMATS = ("json", "table")


def _plain(obj: Any) -> Any:
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json")
    if isinstance(obj, list | tuple):
        return [_plain(o) for o in obj]
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    return obj


def emit(obj: Any, fmt: str = "json", *, columns: Sequence[str] | None = None) -> None:
    """Print ``obj``: JSON, or a table of its rows (a list of records, or one record as a
    two-column table). ``columns`` picks and orders a list's columns (default: all seen)."""
    data = _plain(obj)
    if fmt != "table":
        print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
        return
    console = Console()
    if not console.is_terminal:  # a pipe or a file: no width to fit, so cut nothing
        console = Console(width=10_000)
    if isinstance(data, dict):
        table = Table("field", "value", show_header=False)
        for key, value in data.items():
            table.add_row(str(key), _cell(value))
        console.print(table)
        return
    rows = [r for r in data if isinstance(r, dict)] if isinstance(data, list) else []
    names = list(columns or dict.fromkeys(k for r in rows for k in r))
    table = Table(*names)
    for column in table.columns:
        column.overflow = "fold"  # a long id wraps in a narrow terminal instead of "…"
    for row in rows:
        table.add_row(*(_cell(row.get(n)) for n in names))
    console.print(table)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


class Steps:
    """A running job's progress: ``advance()`` per item, ``say()`` for the current phase."""

    def __init__(self, progress: Progress | None, task: Any) -> None:
        self._progress, self._task = progress, task

    def advance(self, n: int = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def say(self, description: str) -> None:
        if self._progress is not None:
            self._progress.update(self._task, description=description)


@contextmanager
def progress(label: str, total: int | None = None) -> Iterator[Steps]:
    """A bar for ``total`` items, or a spinner with the elapsed time for a job of unknown
    length (an erasure, a compaction: one statement each); nothing when stderr is no terminal."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield Steps(None, None)
        return
    columns: list[Any] = [SpinnerColumn(), TextColumn("{task.description}")]
    if total is not None:
        columns += [BarColumn(), MofNCompleteColumn()]
    columns.append(TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        yield Steps(bar, bar.add_task(label, total=total))
