"""FalkorDB's compact result format, decoded straight into rows.

Retrieval reads thousands of scalars per call (phase 1 hands back ~1,000 ids, scores and texts);
the client library decodes each through a generic per-value dispatch that cost ~6 ms per
request at 100k memories. Plain values (null, string, integer, boolean, double, and lists and
maps of them: a deletion receipt's ``properties()`` is a map holding ~30k ids at a 10k-memory
subject) are decoded here; anything else — nodes, edges, paths, points, vectors, temporal values
— goes through the library's own parser and :func:`decode`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from falkordb.query_result import parse_scalar
from redis.exceptions import ResponseError

from graphmem.store.base import Row

_NULL, _STRING, _INTEGER, _BOOLEAN, _DOUBLE, _ARRAY, _MAP = 1, 2, 3, 4, 5, 6, 10


def rows_from_reply(reply: list[Any], graph: Any, decode: Callable[[Any], Any]) -> list[Row]:
    """Rows of a ``GRAPH.RO_QUERY … --compact`` reply; a run-time error in it is raised."""
    if isinstance(reply[0], ResponseError):
        raise reply[0]
    if isinstance(reply[-1], ResponseError):
        raise reply[-1]
    if len(reply) < 3:  # statistics only: the query returns nothing
        return []
    names = [str(column[1]) for column in reply[0]]

    def value(cell: list[Any]) -> Any:
        kind, raw = cell[0], cell[1]
        if kind == _STRING:
            return raw.decode() if isinstance(raw, bytes) else raw
        if kind == _DOUBLE:
            return float(raw)
        if kind == _ARRAY:
            return [
                (c[1] if c[0] == _STRING and not isinstance(c[1], bytes) else value(c)) for c in raw
            ]
        if kind == _NULL:
            return None
        if kind == _INTEGER:
            return int(raw)
        if kind == _BOOLEAN:
            return (raw.decode() if isinstance(raw, bytes) else raw) == "true"
        if kind == _MAP:  # [key, cell, key, cell, …]
            return {
                (k.decode() if isinstance(k, bytes) else k): value(c)
                for k, c in zip(raw[::2], raw[1::2], strict=True)
            }
        return decode(parse_scalar(cell, graph))

    return [dict(zip(names, map(value, row), strict=True)) for row in reply[1]]
