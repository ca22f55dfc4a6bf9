"""How the ``graphmem`` command reads a listing: page after page, following ``next_cursor``.

A listing answers one page of at most :data:`~graphmem.limits.MAX_PAGE` rows; a command that
printed only that page would cut a long listing silently. So every listing command follows the
cursor: ``--limit N`` prints up to N rows however many pages that takes, ``--all`` every row,
``--cursor`` starts where an earlier run stopped. What is printed keeps its shape (a list of rows,
or a page object whose ``next_cursor`` is where the rows printed end, null when they are all);
a list that stops before the end says on stderr how to go on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from graphmem.errors import FieldIssue, ValidationError
from graphmem.limits import MAX_PAGE
from graphmem.paging import Page

T = TypeVar("T")


def follow(fetch: Callable[[int, str | None], Page[T]], ns: argparse.Namespace) -> Page[T]:
    """The rows ``ns`` asks for (``limit``, ``all``, ``cursor``), from as many pages of
    ``fetch(limit, cursor)`` as they take: one page holding them all, with the last page's
    ``total`` and the ``next_cursor`` after the last row kept (None: the listing's end)."""
    wanted = None if getattr(ns, "all", False) else ns.limit
    if wanted is not None and wanted < 1:
        raise ValidationError([FieldIssue("limit", "range", "at least 1 (or --all)")])
    items: list[T] = []
    skipped: list[Any] = []
    cursor: str | None = getattr(ns, "cursor", None)
    while True:
        take = MAX_PAGE if wanted is None else min(MAX_PAGE, wanted - len(items))
        page = fetch(take, cursor)
        items += page.items
        skipped += page.skipped
        cursor = page.next_cursor
        if cursor is None or (wanted is not None and len(items) >= wanted):
            if cursor is not None:
                print(
                    f"graphmem: {page.total} in all; more after these {len(items)}: "
                    f"--cursor {cursor} (or --all)",
                    file=sys.stderr,
                )
            return Page(items, skipped, page.total, cursor)
