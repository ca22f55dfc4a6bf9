"""What a retrieval is asked: ``POST /v1/retrieve``'s body and the run state it carries.

The request schema on its own, so the context builder and the API share it without the
retriever: fields are bounded and typed here, and a bad one is a 422 naming it.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    model_validator,
    with_config,
)
from typing_extensions import TypedDict

from graphmem.limits import MAX_LIST_ITEMS, MAX_MAP_KEYS, bounded_state
from graphmem.models.base import Record
from graphmem.models.enums import MemoryType
from graphmem.models.types import ClaimObject, Identifier, Key, ShortText, SubjectRef, Text
from graphmem.read.scopes import Scopes, scope_error

_Hints = Annotated[list[ShortText], Field(max_length=MAX_LIST_ITEMS)]


@with_config(ConfigDict(extra="allow"))
class RunState(TypedDict, total=False):
    """A run ``state`` as retrieval reads it: the keys below are typed (a ``capabilities``
    that is not a list of strings is a 422 naming ``state.capabilities``, not a crash in the
    procedure filter); any other key passes through as given (the context builder projects
    it). Bounded as a whole by :func:`graphmem.limits.bounded_state`."""

    #: capabilities the run holds (procedures needing others are CAPABILITY_MISSING)
    capabilities: _Hints
    #: satisfied precondition keys (``preconditions`` is an alias)
    facts: _Hints
    preconditions: _Hints
    #: the run's environment, matched against episodes'
    environment: Annotated[dict[ShortText, ClaimObject | None], Field(max_length=MAX_MAP_KEYS)]
    tool_version: ShortText
    failure_code: ShortText
    goal: Text
    #: the run: its procedure cohort is a hash of it (else of the subject)
    run_id: Identifier


def _in_given_order(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """The validated state with its keys in the caller's order (a state is projected into
    the context in that order; validation puts the typed keys first)."""
    out = handler(value)
    if isinstance(value, dict) and isinstance(out, dict):
        return {key: out[key] for key in value if key in out}
    return out


#: the ``state`` field of a retrieve or context request
StateField = Annotated[
    RunState | None, WrapValidator(_in_given_order), AfterValidator(bounded_state)
]


class RetrieveRequest(Record):
    """``POST /v1/retrieve``. ``scopes`` instead of ``subject_id``: several subjects, each
    allowed by the key and retrieved on its own (:mod:`.scopes`), results merged by score."""

    query: str = Field(min_length=1, max_length=4000)
    subject_id: SubjectRef | None = None
    scopes: Scopes = None
    purpose: Key | None = None
    types: list[MemoryType] | None = Field(None, max_length=8)
    k: int = Field(10, ge=1, le=100)
    #: results scoring below this are left out, so a weak match does not fill ``k``
    #: (scores are the weighted sum in each result's ``breakdown``; null: no floor)
    min_score: float | None = Field(None, ge=-100, le=100)
    valid_at: str | None = None
    known_at: str | None = None
    #: run state: ``capabilities`` (list), ``facts`` / ``preconditions`` (list of satisfied
    #: precondition keys), ``environment`` (map), ``tool_version``, ``failure_code``, ``goal``
    state: StateField = None
    include_excluded: bool = True

    @model_validator(mode="after")
    def _one_way_to_scope(self) -> RetrieveRequest:
        scope_error(self.subject_id is not None, self.scopes)
        return self
