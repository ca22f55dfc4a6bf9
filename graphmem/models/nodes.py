"""Subjects and sources: what memories are about, and where their evidence comes from."""

from __future__ import annotations

from pydantic import Field, model_validator

from graphmem import timeutil
from graphmem.models.base import GraphRecord
from graphmem.models.enums import SourceKind, SourceRole, SubjectKind
from graphmem.models.types import (
    Code,
    ContentHash,
    Identifier,
    LongText,
    ShortText,
    SubjectRef,
    Timestamp,
    field_error,
    subject_kind,
)


class Subject(GraphRecord):
    """A user, project, org or agent that memories are about. ``kind`` is the id's prefix."""

    LABELS = ("Subject",)
    KEY = "subject_id"

    subject_id: SubjectRef
    tenant_id: Identifier
    kind: SubjectKind | None = None
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)

    @model_validator(mode="after")
    def _kind_matches_id(self) -> Subject:
        derived = subject_kind(self.subject_id)
        if self.kind is None:
            object.__setattr__(self, "kind", derived)
        elif self.kind is not derived:
            raise field_error(
                "kind", "subject_kind_mismatch", f"subject id {self.subject_id!r} is a {derived}"
            )
        return self


class Source(GraphRecord):
    """Evidence a memory can point to.

    ``content`` is kept so the write path can check that a quoted span really occurs in it;
    secrets found in it are redacted before it is stored (``redactions`` lists their codes),
    while ``content_hash`` is the sha256 of what was received. Erasure removes the content.
    A DOCUMENT is a corpus reference: it needs a ``revision`` so reads can check whether the
    corpus has moved on since.
    """

    LABELS = ("Source",)
    KEY = "source_id"

    source_id: Identifier
    tenant_id: Identifier
    kind: SourceKind
    content_hash: ContentHash
    revision: Identifier | None = None
    uri: ShortText | None = None
    owner: Identifier | None = None
    role: SourceRole | None = None
    authenticated: bool = False
    #: whose data this is, so erasure of a subject finds its sources
    subject_id: SubjectRef | None = None
    #: the principal that recorded it
    recorded_by: Identifier | None = None
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)
    revoked_at: Timestamp | None = None
    content: LongText | None = None
    #: who said it: for USER_MESSAGE, the subject the caller's key is bound to
    speaker: Identifier | None = None
    redactions: list[Code] = Field(default_factory=list)
    previous_source_id: Identifier | None = None

    def derived_properties(self) -> dict[str, str]:
        # ids are chosen by callers (``msg_9821``): unique per tenant, not globally
        return {"source_key": f"{self.tenant_id}|{self.source_id}"}

    @model_validator(mode="after")
    def _document_has_revision(self) -> Source:
        if self.kind is SourceKind.DOCUMENT and self.revision is None:
            raise field_error("revision", "required", "a DOCUMENT source needs a revision")
        return self
