"""The row bound of an ad-hoc query: at most ``limit`` rows reach the caller, and the answer
says whether the query had more (``truncated``) — decided by the engine, not by reading every
row and cutting.

Why a bound and not a cursor: a cursor resumes after the last row handed out, which needs an
order that is total and stable between calls. Named queries declare theirs (a sort key ending
in a unique id, graphmem/paging.py); an arbitrary query has none — ``ORDER BY`` may be absent
or tie, and the engine's order of an unordered result may change between two calls — so a
"next page" could skip or repeat rows unsaid. ``SKIP`` is the caller's to write when their
query orders totally.

How: the final ``RETURN`` of each part gets ``LIMIT min(theirs, limit + 1)``, so the engine
stops after one row more than asked; ``limit + 1`` rows mean there were more. A ``UNION`` needs
one more step, because the engine unions the parts' rows after each part's limit: each part
also returns its index (``_gm_part``) and, for ``UNION`` (not ``ALL``), its rows ``DISTINCT`` —
which changes no answer, since the union removes duplicates anyway — so the caller's side
(:func:`graphmem.named_queries.run_adhoc`) can tell a part that hit its limit (it had more
distinct rows than asked: truncated) from one that did not, then removes the index and the
duplicates across parts. A part's own ``ORDER BY`` on a value it does not return cannot follow
``DISTINCT``; the engine refuses that query as it runs (a 422 naming the query).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from graphmem.adhoc import syntax as s
from graphmem.adhoc.parser import SYNTHETIC_PREFIX
from graphmem.errors import FieldIssue, ValidationError

#: the column naming the part of a UNION a row came from
PART_COLUMN = f"{SYNTHETIC_PREFIX}_part"


def cap_rows(query: s.Query, limit: int, values: Mapping[str, Any]) -> s.Query:
    """``query`` answering at most ``limit + 1`` rows per part (see the module docstring);
    ``values`` are the caller's parameters (a ``LIMIT $n`` of theirs is taken at its value)."""
    union = len(query.parts) > 1
    parts = []
    for index, part in enumerate(query.parts):
        last = part.clauses[-1]
        if not isinstance(last, s.Return):  # the parser requires RETURN last: nothing to cap
            parts.append(part)
            continue
        projection = last.projection
        cap = limit + 1
        if projection.limit is not None:
            cap = min(cap, _value(projection.limit, values))
        projection = replace(projection, limit=s.Literal(cap))
        if union:
            marker = s.ReturnItem(s.Literal(index), PART_COLUMN)
            projection = replace(
                projection,
                items=(*projection.items, marker),
                distinct=projection.distinct or not query.union_all,
            )
        parts.append(s.SingleQuery((*part.clauses[:-1], s.Return(projection))))
    return s.Query(tuple(parts), query.union_all)


def _value(limit: s.Expr, values: Mapping[str, Any]) -> int:
    if isinstance(limit, s.Literal) and isinstance(limit.value, int):
        return limit.value
    assert isinstance(limit, s.Parameter)  # the parser admits nothing else after LIMIT
    given = values.get(limit.name)
    if isinstance(given, bool) or not isinstance(given, int) or given < 0:
        raise ValidationError(
            [
                FieldIssue(
                    f"params.{limit.name}",
                    "type",
                    f"LIMIT ${limit.name} takes a whole number ≥ 0, got {type(given).__name__}",
                )
            ]
        )
    return given
