"""Recording evidence: messages, tool results, document revisions, model output, reviews.

Who said a USER_MESSAGE, and whether it is authenticated, comes from the caller's key: a key
bound to a subject (a user's key, or an agent key minted for one user's session) records that
subject's authenticated statements; an unbound key may name a speaker, but the statement is
then unauthenticated and can never become that user's preference or fact.
"""

from __future__ import annotations

import dataclasses
import hashlib

from graphmem.auth.principal import Principal
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.errors import ConstraintViolationError, FieldIssue, ForbiddenError, ValidationError
from graphmem.ids import new_id
from graphmem.models.base import Record
from graphmem.models.enums import SourceKind, SourceRole
from graphmem.models.nodes import Source
from graphmem.models.types import Identifier, LongText, ShortText, SubjectRef
from graphmem.models.validation import parse
from graphmem.store.base import GraphStore
from graphmem.write import sensitivity
from graphmem.write.codes import Rule
from graphmem.write.sensitivity import FindingKind

DEFAULT_ROLE: dict[SourceKind, SourceRole] = {
    SourceKind.USER_MESSAGE: SourceRole.USER,
    SourceKind.TOOL_RESULT: SourceRole.TOOL,
    SourceKind.DOCUMENT: SourceRole.DOCUMENT,
    SourceKind.MODEL_OUTPUT: SourceRole.ASSISTANT,
    SourceKind.HUMAN_REVIEW: SourceRole.REVIEWER,
    SourceKind.SYSTEM: SourceRole.SYSTEM,
}

#: roles a key needs to record a source of this kind
RECORDERS: dict[SourceKind, frozenset[str]] = {
    SourceKind.USER_MESSAGE: frozenset({"agent", "user", "admin"}),
    SourceKind.TOOL_RESULT: frozenset({"agent", "admin"}),
    SourceKind.DOCUMENT: frozenset({"agent", "admin", "reviewer"}),
    SourceKind.MODEL_OUTPUT: frozenset({"agent", "admin"}),
    SourceKind.HUMAN_REVIEW: frozenset({"reviewer", "admin"}),
    SourceKind.SYSTEM: frozenset({"admin"}),
}


class SourceCreate(Record):
    """``POST /v1/sources`` body. ``authenticated`` is not a field: the key decides it."""

    kind: SourceKind
    content: LongText
    source_id: Identifier | None = None
    role: SourceRole | None = None
    speaker: Identifier | None = None
    subject_id: SubjectRef | None = None
    uri: ShortText | None = None
    owner: Identifier | None = None
    revision: Identifier | None = None


def content_hash(content: str) -> str:
    return "sha256:" + hashlib.sha256(content.encode("utf-8")).hexdigest()


#: personal data a source never keeps beside its secrets: none. Round 8 tried removing
#: government identity and card numbers too (the held-out sets count them as secrets in the
#: graph), but a source is recorded before any proposal cites it, and a consented record that
#: quotes its own number (a passport number the user asks to keep for bookings) then cited a
#: span its source no longer held: refused. Consented PII is a legitimate write (issue 11), so
#: such numbers stay in the source, which the memory's own sensitivity and erasure govern.
REDACTED_PII: frozenset[Rule] = frozenset()


def redacted(content: str) -> tuple[str, list[str], sensitivity.SensitivityReport]:
    """What a source keeps of ``content``: every secret the scan finds (on every normalised
    view: split, spaced, reversed or encoded forms included), and every national-ID and card
    number, replaced by a marker; the codes of what was redacted; and the report. A refused
    proposal therefore cannot leave its secret in the stored source: the source never held
    it."""
    report = sensitivity.scan(content)
    removed = [f for f in report.findings if f.kind is FindingKind.SECRET or f.code in REDACTED_PII]
    stored = content
    if removed:
        stored = sensitivity.redact(content, dataclasses.replace(report, findings=tuple(removed)))
    return stored, sorted({str(f.code) for f in removed}), report


#: a refused secret shorter than this is not looked for in a source: "on", "77" would
#: strike ordinary words
_MIN_SCRUBBED = 4


def scrubbed(
    source: Source, secrets: list[str], cipher: ContentCipher | None = None
) -> dict[str, object] | None:
    """What a stored source keeps once the write gate has found a secret in it that the scan
    at recording time could not see (round 15): the claim's own label says its value is a
    credential ("mail_password" = "Kasztan#2024" beside "Hasło … to Kasztan#2024"), so every
    occurrence of that value in the source is replaced by a marker, and the row to write
    back (sealed again when the source keeps personal data) — None when the source does not
    hold it. The refusal's receipt and this change land in one statement, so a refused
    secret does not stay behind in the evidence it was taken from."""
    content = source.content or ""
    values = sorted({v for v in secrets if len(v) >= _MIN_SCRUBBED and v in content}, key=len)
    if not values:
        return None
    for value in reversed(values):
        content = content.replace(value, f"[REDACTED:{Rule.LIFTED_SECRET}]")
    redactions = sorted({str(r) for r in source.redactions} | {str(Rule.LIFTED_SECRET)})
    props: dict[str, object] = {"content": content}
    if cipher is not None and sensitivity.scan(content).pii:
        owner = source.subject_id or source.speaker or f"tenant:{source.tenant_id}"
        props = cipher.seal_fields(props, source.tenant_id, owner) | {"sealed_for": owner}
    return {"source_id": source.source_id, "props": props, "redactions": redactions}


def _speaker_and_auth(body: SourceCreate, principal: Principal) -> tuple[str | None, bool]:
    if body.kind is SourceKind.USER_MESSAGE:
        if principal.subject_id is not None:
            if body.speaker not in (None, principal.subject_id):
                raise ValidationError(
                    [
                        FieldIssue(
                            "speaker",
                            "from_principal",
                            "the speaker of a user message is the subject the key is "
                            "bound to; it cannot be set in the body",
                        )
                    ]
                )
            return principal.subject_id, True
        return body.speaker, False
    # Any other kind speaks for the tool, document, model or reviewer, never for the user the
    # key is bound to: `authenticated` then says the recording key was, not that a person spoke.
    if body.speaker is not None and body.speaker.startswith("user:"):
        raise ValidationError(
            [
                FieldIssue(
                    "speaker",
                    "not_a_user_statement",
                    f"a {body.kind} source cannot speak as a user; record the user's words "
                    "as a USER_MESSAGE",
                )
            ]
        )
    actor = principal.principal_id
    if actor == principal.subject_id:  # a key from before agent keys acted as themselves
        actor = f"key:{principal.key_id}" if principal.key_id else "key"
    return body.speaker or actor, True


def _checked(
    principal: Principal, body: SourceCreate
) -> tuple[SourceRole, str | None, bool, str | None]:
    """Role, speaker, authenticated and subject of a source, or the error that refuses it."""
    if not principal.has_any(*RECORDERS[body.kind]):
        raise ForbiddenError(
            f"recording a {body.kind} source needs one of the roles: "
            + ", ".join(sorted(RECORDERS[body.kind])),
            required_roles=sorted(RECORDERS[body.kind]),
        )
    role = body.role or DEFAULT_ROLE[body.kind]
    if role is not DEFAULT_ROLE[body.kind] and body.kind is not SourceKind.DOCUMENT:
        raise ValidationError(
            [
                FieldIssue(
                    "role",
                    "kind_mismatch",
                    f"a {body.kind} source speaks as {DEFAULT_ROLE[body.kind]}, not {role}",
                )
            ]
        )
    speaker, authenticated = _speaker_and_auth(body, principal)
    user_only = principal.has_any("user") and not principal.has_any("agent", "admin")
    if user_only and body.subject_id not in (None, principal.subject_id):
        raise ForbiddenError("a user key records sources about its own subject only")
    subject_id = body.subject_id or (speaker if body.kind is SourceKind.USER_MESSAGE else None)
    return role, speaker, authenticated, subject_id


def build_source(
    principal: Principal,
    body: SourceCreate,
    *,
    source_id: str,
    recorded_at: str,
    previous: str | None = None,
) -> tuple[Source, sensitivity.SensitivityReport]:
    """The Source a recording makes of ``body`` (secrets redacted), without storing it."""
    role, speaker, authenticated, subject_id = _checked(principal, body)
    stored, redactions, report = redacted(body.content)
    source = parse(
        Source,
        {
            "source_id": source_id,
            "tenant_id": principal.tenant_id,
            "kind": body.kind,
            "content_hash": content_hash(body.content),
            "revision": body.revision,
            "uri": body.uri,
            "owner": body.owner,
            "role": role,
            "authenticated": authenticated,
            "subject_id": subject_id,
            "recorded_by": principal.principal_id,
            "recorded_at": recorded_at,
            "content": stored,
            "speaker": speaker,
            "redactions": redactions,
            "previous_source_id": previous,
        },
    )
    return source, report


def record_source(
    store: GraphStore,
    principal: Principal,
    body: SourceCreate,
    clock: Clock = system_clock,
    *,
    cipher: ContentCipher | None = None,
) -> Source:
    _, speaker, _, subject_id = _checked(principal, body)
    digest = content_hash(body.content)

    previous: str | None = None
    if body.kind is SourceKind.DOCUMENT:
        if body.uri is None:
            raise ValidationError([FieldIssue("uri", "required", "a DOCUMENT source needs a uri")])
        latest = store.read(
            "sources/latest_document", {"tenant_id": principal.tenant_id, "uri": body.uri}
        )
        if latest:
            if latest[0]["revision"] == body.revision and latest[0]["content_hash"] == digest:
                return _existing(store, principal.tenant_id, latest[0]["source_id"])
            if latest[0]["revision"] == body.revision:
                raise ConstraintViolationError(
                    f"revision {body.revision!r} of {body.uri} is already recorded with "
                    "different content; give the new content a new revision",
                    field="revision",
                    rule="revision_exists",
                )
            previous = latest[0]["source_id"]

    source_id = body.source_id or new_id("src")
    if body.source_id is not None:
        rows = store.read(
            "sources/get_many", {"tenant_id": principal.tenant_id, "source_ids": [source_id]}
        )
        if rows:
            existing = Source.from_graph(rows[0]["s"])
            if existing.content_hash != digest:
                raise ConstraintViolationError(
                    f"source {source_id!r} is already recorded with different content",
                    field="source_id",
                    rule="immutable_source",
                )
            return existing

    source, report = build_source(
        principal, body, source_id=source_id, recorded_at=clock(), previous=previous
    )
    props = source.to_graph_properties()
    if cipher is not None and report.pii:
        # personal data in evidence is sealed with the subject's key (crypto-shredding)
        owner = subject_id or speaker or f"tenant:{principal.tenant_id}"
        props = cipher.seal_fields(props, principal.tenant_id, owner) | {"sealed_for": owner}
    store.write(
        "sources/create",
        {
            "props": props,
            "tenant_id": principal.tenant_id,
            "previous_source_id": previous,
        },
    )
    return source


def _existing(store: GraphStore, tenant_id: str, source_id: str) -> Source:
    rows = store.read("sources/get_many", {"tenant_id": tenant_id, "source_ids": [source_id]})
    return Source.from_graph(rows[0]["s"])


def load_sources(
    store: GraphStore,
    tenant_id: str,
    source_ids: list[str],
    cipher: ContentCipher | None = None,
) -> dict[str, Source]:
    """Sources by id, their sealed content opened (the write path checks quoted spans)."""
    rows = store.read("sources/get_many", {"tenant_id": tenant_id, "source_ids": source_ids})
    opened = [cipher.open_fields(r["s"]) if cipher else r["s"] for r in rows]
    return {row["source_id"]: Source.from_graph(row) for row in opened}
