"""Base classes: validated, immutable records that flatten to graph properties.

Graph properties are portable across FalkorDB and Neo4j only if they are primitives or lists
of primitives (DESIGN §4). :meth:`Record.to_graph_properties` therefore

- keeps primitive fields and lists of primitives as they are (enums as their value,
  timestamps as fixed-width UTC strings);
- writes every other field (maps, nested records, lists of records) as canonical JSON text
  under ``<field>_json``;
- drops ``None``: an absent property reads back as ``None``;
- adds the class's derived properties (e.g. ``version_sort``), which
  :meth:`Record.from_graph` ignores, as it ignores any property it does not know.

Unknown input fields are refused (``extra_forbidden``) on every record, so a typo in a
proposal or in code fails loudly instead of being dropped; rows read from the graph are
filtered to known properties first, so store-side extras never break reading.
"""

from __future__ import annotations

import json
import types
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, Self, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict

from graphmem.errors import FieldIssue, StoredRecordInvalidError, ValidationError
from graphmem.models.validation import parse

_SCALARS = (str, int, float, bool)


def stored_record_invalid(
    record: str, row: Mapping[str, Any], key: str, exc: ValidationError
) -> StoredRecordInvalidError:
    """The error for a stored ``row`` that failed its model: named by its ``key`` property."""
    record_id = row.get(key) if key else None
    return StoredRecordInvalidError(
        record, record_id if isinstance(record_id, str) else None, exc.issues
    )


def _strip(tp: Any) -> Any:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return tp


def _is_scalar(tp: Any) -> bool:
    tp = _strip(tp)
    origin = get_origin(tp)
    if origin is Literal:
        return all(isinstance(a, _SCALARS) for a in get_args(tp))
    if origin in (Union, types.UnionType):
        return all(_is_scalar(a) for a in get_args(tp) if a is not type(None))
    return isinstance(tp, type) and (issubclass(tp, _SCALARS) or issubclass(tp, Enum))


def is_flat(tp: Any) -> bool:
    """Whether a field of this type can be a graph property as is."""
    tp = _strip(tp)
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return all(is_flat(a) for a in get_args(tp) if a is not type(None))
    if origin is list:
        (item,) = get_args(tp)
        return _is_scalar(item)
    return _is_scalar(tp)


def dumps_canonical(value: Any) -> str:
    """Compact JSON with sorted keys: equal content gives equal text (and equal hashes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@cache
def _json_fields(cls: type[BaseModel]) -> frozenset[str]:
    """A record class's JSON-text fields: its annotations are fixed, so computed once."""
    return frozenset(
        name for name, info in cls.model_fields.items() if not is_flat(info.annotation)
    )


class Record(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        validate_by_name=True,
        validate_by_alias=True,
        use_enum_values=False,
    )

    #: graph-only properties computed from fields; written, never read back
    DERIVED: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def json_fields(cls) -> frozenset[str]:
        """Fields stored as ``<name>_json`` text."""
        return _json_fields(cls)

    def derived_properties(self) -> dict[str, Any]:
        return {}

    def to_graph_properties(self) -> dict[str, Any]:
        json_fields = self.json_fields()
        props: dict[str, Any] = {}
        for name, value in self.model_dump(mode="json").items():
            if value is None:
                continue
            if name in json_fields:
                props[f"{name}_json"] = dumps_canonical(value)
            else:
                props[name] = value
        props.update(self.derived_properties())
        return props

    @classmethod
    def from_graph(cls, row: Mapping[str, Any]) -> Self:
        """Rebuild a record from graph properties. A row that does not match the model is
        stored data at fault, not input: :class:`StoredRecordInvalidError` naming the record
        (by :attr:`GraphRecord.KEY` when it has one) and each property with its rule."""
        json_fields = cls.json_fields()
        data: dict[str, Any] = {}
        try:
            for name in cls.model_fields:
                key = f"{name}_json" if name in json_fields else name
                value = row.get(key)
                if value is None:
                    continue
                if name in json_fields:
                    if not isinstance(value, str):
                        raise ValidationError([FieldIssue(key, "type", "expected JSON text")])
                    try:
                        value = json.loads(value)
                    except ValueError as exc:
                        raise ValidationError([FieldIssue(key, "json", str(exc))]) from exc
                data[name] = value
            return parse(cls, data, trusted=True)
        except ValidationError as exc:
            raise stored_record_invalid(cls.__name__, row, getattr(cls, "KEY", ""), exc) from None

    def evolve(self, **changes: Any) -> Self:
        """A validated copy with ``changes`` (``model_copy`` would skip validation)."""
        return parse(type(self), {**self.model_dump(), **changes}, trusted=True)


class GraphRecord(Record):
    """A record stored as one node."""

    #: node labels, most general first (``("Memory", "Claim")``)
    LABELS: ClassVar[tuple[str, ...]] = ()
    #: the property that identifies the node within its label (unique per tenant)
    KEY: ClassVar[str] = ""

    @property
    def key(self) -> str:
        return str(getattr(self, self.KEY))


class EdgeRecord(Record):
    """The properties of one relationship."""

    TYPE: ClassVar[str] = ""
