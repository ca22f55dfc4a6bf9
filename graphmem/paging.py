"""Cursor paging, the one scheme of every listing that can grow.

A page is cut by *keyset*, not by offset: each listing orders its rows by a sort key that ends in
a unique id, and the cursor holds the key of the last row handed out; the next page is the rows
after that key. A row inserted (or deleted) while a caller pages through therefore never shifts
the pages after it: nothing is skipped and nothing is seen twice, which an offset cannot promise.

The cursor is opaque and signed: ``<payload>.<mac>``, the payload naming the listing, a digest of
the caller's tenant and filters, the key and when it was issued. A cursor that was not handed
out here (cut, edited, forged), one handed out for another listing or other filters, and one
older than :data:`~graphmem.limits.CURSOR_MAX_AGE_S` are each a 422 on ``cursor`` with its own
rule (``invalid``, ``mismatch``, ``expired``), so a client knows to start the listing again.
The signing key is derived from the master key when there is one (cursors survive a restart
and are shared by every process on the same key), else drawn per process.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from pydantic import BaseModel

from graphmem.errors import FieldIssue, StoredRecordInvalidError, ValidationError
from graphmem.limits import CURSOR_MAX_AGE_S, MAX_CURSOR_CHARS, MAX_PAGE
from graphmem.queries import TimeoutClass
from graphmem.store.base import GraphStore

T = TypeVar("T")

#: the payload's format version: a cursor of another version is ``invalid``
_VERSION: Final = 1
_MAC_BYTES: Final = 16


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _digest(scope: Mapping[str, Any]) -> str:
    text = json.dumps(scope, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _invalid(rule: str, message: str) -> ValidationError:
    return ValidationError([FieldIssue("cursor", rule, message)])


def check_limit(limit: int) -> None:
    """A page's size, for library callers (REST checks it at the edge)."""
    if not 1 <= limit <= MAX_PAGE:
        raise ValidationError([FieldIssue("limit", "range", f"1..{MAX_PAGE}")])


class Cursors:
    """Issues and opens the cursors of every listing (one per service)."""

    def __init__(
        self,
        secret: bytes | None = None,
        *,
        max_age_s: float = CURSOR_MAX_AGE_S,
        now: Callable[[], float] = time.time,
    ) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)
        self.max_age_s = max_age_s
        self._now = now

    def _mac(self, payload: str) -> str:
        return _b64(hmac.new(self._secret, payload.encode(), hashlib.sha256).digest()[:_MAC_BYTES])

    def issue(self, listing: str, scope: Mapping[str, Any], after: Sequence[Any]) -> str:
        """The cursor of the page after the row whose sort key is ``after``."""
        body = {"v": _VERSION, "l": listing, "s": _digest(scope), "k": list(after)}
        body["t"] = int(self._now())
        payload = _b64(json.dumps(body, separators=(",", ":")).encode())
        return f"{payload}.{self._mac(payload)}"

    def open(self, cursor: str | None, listing: str, scope: Mapping[str, Any]) -> list[Any] | None:
        """The sort key a cursor holds (None: the first page), or a 422 on ``cursor``."""
        if cursor is None:
            return None
        if len(cursor) > MAX_CURSOR_CHARS:
            raise _invalid("too_long", f"at most {MAX_CURSOR_CHARS} characters")
        payload, dot, mac = cursor.partition(".")
        if not dot or not hmac.compare_digest(mac.encode(), self._mac(payload).encode()):
            raise _invalid("invalid", "not a cursor this service handed out")
        try:
            body = json.loads(_unb64(payload))
            ok = isinstance(body, dict) and body.get("v") == _VERSION
            key, issued = body["k"], body["t"]
            ok = ok and isinstance(key, list) and isinstance(issued, int)
        except (ValueError, KeyError, TypeError):
            ok = False
        if not ok:
            raise _invalid("invalid", "not a cursor this service handed out")
        if body.get("l") != listing or body.get("s") != _digest(scope):
            raise _invalid(
                "mismatch",
                "issued for another listing or other filters: pass the filters of the page it "
                "came from, or start again without a cursor",
            )
        if self._now() - issued > self.max_age_s:
            raise _invalid(
                "expired",
                f"older than {int(self.max_age_s)} s: start the listing again without a cursor",
            )
        return list(key)


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a listing: its items, the stored records left out, ``total`` matching the
    filters (those left out included) and the cursor of the next page (None on the last)."""

    items: list[T]
    #: stored records of the page that do not match their model: left out, and said so
    skipped: list[StoredRecordInvalidError]
    total: int
    next_cursor: str | None

    def fields(self, items_name: str) -> dict[str, Any]:
        """The page as a listing's response fields: ``{<items_name>, count, total,
        next_cursor, skipped}``."""
        return {
            items_name: self.items,
            "count": len(self.items),
            "total": self.total,
            "next_cursor": self.next_cursor,
            "skipped": [s.to_dict() for s in self.skipped],
        }

    def as_json(self, items_name: str) -> dict[str, Any]:
        """:meth:`fields` as JSON values (records dumped), for the CLI and MCP tools."""
        out = self.fields(items_name)
        out[items_name] = [
            i.model_dump(mode="json") if isinstance(i, BaseModel) else i for i in self.items
        ]
        return out


def cut(
    rows: Sequence[Mapping[str, Any]],
    *,
    total: int,
    limit: int,
    build: Callable[[Mapping[str, Any]], T],
    cursors: Cursors,
    listing: str,
    scope: Mapping[str, Any],
) -> Page[T]:
    """A page from the rows a keyset query returned: up to ``limit + 1`` rows after the cursor,
    each with its sort ``key``. The extra row only says a next page exists. A row ``build``
    refuses as :class:`StoredRecordInvalidError` is skipped and reported; the cursor still moves
    past it, so the next page does not meet it again."""
    items: list[T] = []
    skipped: list[StoredRecordInvalidError] = []
    for row in rows[:limit]:
        try:
            items.append(build(row))
        except StoredRecordInvalidError as exc:
            skipped.append(exc)
    more = len(rows) > limit
    next_cursor = cursors.issue(listing, scope, rows[limit - 1]["key"]) if more else None
    return Page(items, skipped, total, next_cursor)


def read_page(
    store: GraphStore,
    query: str,
    scope: Mapping[str, Any],
    *,
    listing: str,
    cursors: Cursors,
    limit: int,
    cursor: str | None,
    build: Callable[[Mapping[str, Any]], T],
    params: Mapping[str, Any] | None = None,
    timeout: TimeoutClass | None = None,
) -> Page[T]:
    """One page of a listing whose keyset ``query`` returns one row ``{total, page}`` (page:
    up to ``$take`` rows after ``$after``, each with its ``key``): ``scope`` holds the tenant
    and filters (the query's parameters, and what the cursor is bound to), ``params`` any other
    parameters (a clock's ``now``); ``timeout`` the time limit it runs under (people's
    queries: ``"analyst"``)."""
    check_limit(limit)
    after = cursors.open(cursor, listing, scope)
    bound = {**scope, **(params or {}), "after": after, "take": limit + 1}
    [row] = store.read(query, bound, timeout=timeout)
    return cut(
        row["page"],
        total=int(row["total"]),
        limit=limit,
        build=build,
        cursors=cursors,
        listing=listing,
        scope=scope,
    )
