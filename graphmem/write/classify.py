"""Type classification (write gate stage CLASSIFY).

Enforces the seed's table "Memory type을 잘못 고르면 생기는 문제" and the first entries of
"저장하지 않을 후보". Each rule answers *is this proposal in the right place?* and, if not,
where it belongs:

==============================================  ==================  =====================
what is proposed                                 code                recommended place
==============================================  ==================  =====================
a WORKING proposal; remaining tool budget,       WRONG_TYPE          WORKING_STATE
current step, plan state, run status                                 (run checkpoint)
policy / manual / contract text copied as fact   WRONG_TYPE          CORPUS_REFERENCE
a single success trace proposed as a procedure   WRONG_TYPE          EPISODE
a verified, repeated procedure kept as an        WRONG_TYPE          PROCEDURAL_ARTIFACT
episode or as prompt history
a confirmed user preference kept as an episode   WRONG_TYPE          SEMANTIC
or inside a transcript
a one-off joke or a speculation                  NOT_MEMORABLE       NOT_STORED
a whole transcript dump                          TRANSCRIPT_NOT_     TYPED_EXTRACTION
                                                 MEMORY
==============================================  ==================  =====================

How each rule decides — structured fields first, text second:

* **Working state.** ``memory_type == WORKING`` (working memory lives in checkpoints). For
  other types: a predicate or namespace from the run-state vocabulary (tokens ``budget``,
  ``checkpoint``, ``step``/``steps``, ``plan``, ``retry``/``retries``, ``run_status``,
  ``receipt`` with a run qualifier such as ``current``/``remaining``/``next``/``pending``;
  namespaces ``working``, ``state``, ``run``, ``runtime``, ``checkpoint``, ``scratch``,
  ``plan``, ``budget``). Then, for claims only, text such as "remaining budget", "step 3 of
  5", "남은 예산", "현재 단계". Episodes are never judged by text here: "budget exhausted
  after 3 retries" is a fair observation of what happened.
* **Corpus reference.** Evidence only from DOCUMENT sources *and* either a policy-like
  predicate/namespace (``policy``, ``manual``, ``contract``, ``terms``, ``clause``,
  ``sla``, ``regulation``, ``handbook``, ``kb`` …) or a long verbatim body (claim object,
  ``text`` or a span over :data:`COPY_CHARS` characters, or document markers such as
  "Section 4.2", "Article 12", "§", "제3조"). A short fact about a project found in a
  document ("canonical repository is repo-17") passes.
* **Single success trace → episode.** A PROCEDURAL proposal whose evidence names fewer than
  :data:`MIN_PROCEDURE_EVENTS` distinct events and has no reviewed/released backing
  (no HUMAN_REVIEW or SYSTEM source). A principal with the ``reviewer`` or ``admin`` role
  proposing from such a source is publishing a release, not generalising one run.
* **Procedure kept as episode / prompt history.** An EPISODIC proposal in a procedural
  namespace (``procedures``, ``runbook``, ``playbook``, ``prompts``, ``prompt_history``,
  ``skills``, ``workflows``), or whose text says it is a verified/repeated procedure
  ("verified procedure", "worked N times", "runbook", "name@1.2.0", "검증된 절차"). A
  SEMANTIC claim whose predicate names a procedure (``procedure``, ``runbook``,
  ``how_to``, ``steps``) likewise belongs in a procedure release.
* **Preference kept as episode / transcript.** An EPISODIC proposal in a preference
  namespace, or whose goal/text states the user's preference ("user prefers", "선호"),
  backed by a USER_MESSAGE.
* **Not memorable.** A text that says it is a joke ("just kidding", "jk", "농담이야", "冗談",
  "开玩笑", "es broma", "nur Spaß") or speculation markers ("maybe", "I guess", "probably",
  "perhaps", "not sure", "아마", "추측", "~인 것 같") in a claim's object, text or evidence
  spans, or in a procedure's text. Laughter ("lol", "haha", "ㅋㅋ", "ㅎㅎ") is tone, not a joke. An
  episode's own ``text`` is checked for jokes only, and only when short (a joke, not a
  report that mentions one); an episode may record what someone guessed.
* **Transcript dump.** A namespace such as ``transcript``/``chat_log``, or a body with
  :data:`TRANSCRIPT_TURNS` or more speaker turns ("User:", "Assistant:", "사용자:" …), or
  longer than :data:`TRANSCRIPT_CHARS`. If the dump carries a preference, the advice is
  SEMANTIC (WRONG_TYPE) rather than TRANSCRIPT_NOT_MEMORY.

A summary without a source (UNSUPPORTED) is the provenance stage's job, not this one's.
Details hold codes, ids and field names only, never content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from graphmem.models.enums import MemoryType, SourceKind
from graphmem.models.proposal import MemoryProposal

OK: Final = "OK"
WRONG_TYPE: Final = "WRONG_TYPE"
NOT_MEMORABLE: Final = "NOT_MEMORABLE"
TRANSCRIPT_NOT_MEMORY: Final = "TRANSCRIPT_NOT_MEMORY"

#: a procedure needs at least this many distinct supporting events (or a review/release)
MIN_PROCEDURE_EVENTS: Final = 2
#: a copied body longer than this (characters) from a document is a copy, not a fact
COPY_CHARS: Final = 400
#: a body with this many speaker turns is a transcript
TRANSCRIPT_TURNS: Final = 3
#: a body longer than this is a dump, whatever it is
TRANSCRIPT_CHARS: Final = 6000


class Place(StrEnum):
    WORKING_STATE = "WORKING_STATE"
    CORPUS_REFERENCE = "CORPUS_REFERENCE"
    EPISODE = "EPISODE"
    SEMANTIC = "SEMANTIC"
    PROCEDURAL_ARTIFACT = "PROCEDURAL_ARTIFACT"
    NOT_STORED = "NOT_STORED"
    TYPED_EXTRACTION = "TYPED_EXTRACTION"


@dataclass(frozen=True)
class ClassifyVerdict:
    ok: bool
    code: str
    recommended_place: Place | None = None
    #: short: rule name and field, e.g. ``rule=working_state field=claim.predicate``
    detail: str | None = None


_PASS: Final = ClassifyVerdict(True, OK)


def _wrong(place: Place, rule: str, where: str) -> ClassifyVerdict:
    return ClassifyVerdict(False, WRONG_TYPE, place, f"rule={rule} field={where}")


# -- vocabularies ----------------------------------------------------------------------

_STATE_NAMESPACES: Final = frozenset(
    {"working", "state", "run", "runtime", "checkpoint", "scratch", "scratchpad", "plan"}
    | {"budget", "run_state", "working_memory", "session_state"}
)
#: "budget" alone is not run state (a project's quarterly budget is a fact); it needs a run
#: qualifier ("remaining_tool_budget", "budget_left") like the other state tokens
_STATE_TOKENS_ALONE: Final = frozenset({"checkpoint", "checkpoints", "scratchpad"})
_STATE_TOKENS: Final = frozenset(
    {"step", "steps", "plan", "status", "retry", "retries", "receipt", "receipts", "task", "budget"}
    | {"progress", "attempt", "attempts", "approval", "quota", "tokens", "calls"}
)
_RUN_QUALIFIERS: Final = frozenset(
    {"current", "remaining", "next", "pending", "completed", "last", "run", "left", "tool"}
)
_STATE_TEXT_RE: Final = re.compile(
    r"\b(?:remaining|left)\s+(?:tool\s+)?(?:budget|calls|tokens|quota|retries)\b"
    r"|\b(?:tool|token|call)\s+budget\b|\bbudget\s+(?:remaining|left)\b"
    r"|\bstep\s+\d+\s+(?:of|/)\s+\d+\b|\bcurrently\s+(?:on|at|in)\s+step\b"
    r"|\b(?:current|this)\s+run(?:'s)?\s+(?:status|state|step)\b|\brun\s+status\b"
    r"|\bplan\s+version\s+\d|\bcheckpoint\b"
    r"|남은\s*(?:tool\s*)?(?:예산|budget|호출|토큰|재시도)|현재\s*(?:단계|step|실행\s*상태)|실행\s*상태",
    re.I,
)

_CORPUS_TOKENS: Final = frozenset(
    {"policy", "policies", "manual", "contract", "terms", "clause", "clauses", "sla"}
    | {"regulation", "regulations", "handbook", "guideline", "guidelines", "tos", "kb"}
    | {"article", "section", "statute", "agreement", "eula", "faq"}
)
_CORPUS_NAMESPACES: Final = frozenset(
    {"policy", "policies", "manual", "manuals", "contract", "contracts", "legal", "docs"}
    | {"corpus", "kb", "knowledge_base", "handbook", "terms", "regulations"}
)
_DOC_MARKER_RE: Final = re.compile(
    r"\b(?:section|article|clause|chapter)\s+\d+(?:\.\d+)*\b|§\s*\d|제\s*\d+\s*(?:조|항|장)",
    re.I,
)

_PROCEDURE_NAMESPACES: Final = frozenset(
    {"procedures", "procedure", "runbook", "runbooks", "playbook", "playbooks", "prompts"}
    | {"prompt_history", "skills", "skill", "workflows", "workflow", "how_to"}
)
_PROCEDURE_PREDICATE_TOKENS: Final = frozenset(
    {"procedure", "runbook", "playbook", "workflow", "howto", "steps", "recipe"}
)
_PROCEDURE_TEXT_RE: Final = re.compile(
    r"\b(?:verified|approved|standard|tested|proven)\s+(?:procedure|fix|workflow|runbook)\b"
    r"|\b(?:worked|succeeded|resolved\s+it)\s+(?:\d+|two|three|four|five|several|many)\s+times\b"
    r"|\b(?:every|each)\s+time\b.{0,60}\b(?:works?|worked|fix(?:es|ed)?)\b"
    r"|\brunbook\b|\bplaybook\b"
    # ``name@1.2``: the name read once from where it starts (a long ``a-a-a…`` run was read
    # again from every letter)
    r"|(?<![\w\-])(?=[0-9_\-]*+[a-z])[a-z0-9_\-]*+@\d+\.\d+(?:\.\d+)?\b"
    r"|검증된\s*(?:절차|방법)|반복(?:해서|적으로)?\s*(?:성공|검증)|매번\s*(?:성공|통)",
    re.I | re.S,
)

_PREFERENCE_NAMESPACES: Final = frozenset({"preferences", "preference", "user_preferences"})
_PREFERENCE_TEXT_RE: Final = re.compile(
    r"\b(?:user|they|she|he|i)\s+(?:prefers?|likes?|wants?\s+(?:answers|replies|responses|"
    r"code|examples)|always\s+wants?)\b|\bpreference\b|선호|좋아(?:한다|합니다|해)",
    re.I,
)

_STANDING_PREFERENCE_RE: Final = re.compile(
    r"\b(?:user|i)\s+(?:prefers?|always\s+wants?|wants?\s+(?:answers|replies|responses|"
    r"code|examples))\b|\bpreference\b|선호",
    re.I,
)

#: A joke is *said to be* one: "just kidding", "jk", "농담이야", "장난이야", "冗談", "开玩笑",
#: "es broma", "nur Spaß". Laughter (lol, haha, ㅋㅋ, ㅎㅎ, 笑, www, 哈哈, jaja) is tone: a sincere
#: statement often ends in it ("반말로 편하게 해 줘 ㅎㅎ"), so it never makes a text a joke.
_JOKE_RE: Final = re.compile(
    r"\b(?:jk|j/k|just\s+kidding|only\s+kidding|i'?m\s+kidding|kidding|joking|as\s+a\s+joke|"
    r"not\s+serious)\b"
    r"|농담(?:이야|이에요|입니다|임|이고|으로)?|장난(?:이야|이에요|임|으로)|冗談(?:です|だよ|だ)?|"
    r"开玩笑|開玩笑|es\s+broma|era\s+broma|de\s+broma|nur\s+(?:ein\s+)?(?:Spaß|Scherz)",
    re.I,
)
_SPECULATION_RE: Final = re.compile(
    r"\b(?:maybe|perhaps|probably|possibly|i\s+guess|i\s+think\s+maybe|not\s+sure|might\s+be|"
    r"could\s+be|i\s+suppose|speculat\w*|guessing)\b"
    r"|아마(?:도)?|추측|(?:인|일|한|할)\s*(?:것\s*같|지도\s*모르)|잘\s*모르겠",
    re.I,
)
_SHORT_EPISODE_TEXT: Final = 120

_TURN_RE: Final = re.compile(
    r"^\s*(?:user|assistant|human|ai|system|bot|agent|사용자|상담원|어시스턴트|고객)\s*[:：]",
    re.I | re.M,
)
_TRANSCRIPT_NAMESPACES: Final = frozenset(
    {"transcript", "transcripts", "chat_log", "chat_logs", "conversation", "conversations"}
    | {"chat_history", "history", "dialogue", "messages"}
)


# -- helpers ---------------------------------------------------------------------------


def _tokens(key: str | None) -> set[str]:
    if not key:
        return set()
    return {t for t in re.split(r"[_.\-]+", key.lower()) if t}


def _bodies(proposal: MemoryProposal) -> list[tuple[str, str]]:
    """(field, text) pairs of the proposal's content, for text rules."""
    out: list[tuple[str, str]] = []
    if proposal.text:
        out.append(("text", proposal.text))
    if proposal.claim is not None and isinstance(proposal.claim.object, str):
        out.append(("claim.object", proposal.claim.object))
    if proposal.episode is not None:
        ep = proposal.episode
        out.append(("episode.goal", ep.goal))
        out.extend(("episode.observations", o) for o in ep.observations)
        if ep.outcome_detail:
            out.append(("episode.outcome_detail", ep.outcome_detail))
        if ep.feedback:
            out.append(("episode.feedback", ep.feedback))
    if proposal.procedure is not None:
        out.extend(("procedure.steps", s) for s in proposal.procedure.steps)
    return out


def _spans(proposal: MemoryProposal) -> list[tuple[str, str]]:
    return [(f"evidence[{i}].span", e.span) for i, e in enumerate(proposal.evidence) if e.span]


def _first(pairs: Iterable[tuple[str, str]], pattern: re.Pattern[str]) -> str | None:
    for where, text in pairs:
        if pattern.search(text):
            return where
    return None


# -- rules -----------------------------------------------------------------------------


def _working_state(p: MemoryProposal) -> ClassifyVerdict | None:
    if p.memory_type is MemoryType.WORKING:
        return _wrong(Place.WORKING_STATE, "working_type", "memory_type")
    if p.namespace in _STATE_NAMESPACES:
        return _wrong(Place.WORKING_STATE, "working_state", "namespace")
    if p.claim is not None:
        tokens = _tokens(p.claim.predicate)
        if tokens & _STATE_TOKENS_ALONE or (tokens & _STATE_TOKENS and tokens & _RUN_QUALIFIERS):
            return _wrong(Place.WORKING_STATE, "working_state", "claim.predicate")
        where = _first(_bodies(p), _STATE_TEXT_RE)
        if where is not None:
            return _wrong(Place.WORKING_STATE, "working_state", where)
    return None


def _transcript(p: MemoryProposal) -> ClassifyVerdict | None:
    bodies = _bodies(p)
    where: str | None = "namespace" if p.namespace in _TRANSCRIPT_NAMESPACES else None
    if where is None:
        for field_name, text in bodies:
            if len(_TURN_RE.findall(text)) >= TRANSCRIPT_TURNS or len(text) > TRANSCRIPT_CHARS:
                where = field_name
                break
    if where is None:
        return None
    preference = p.namespace in _PREFERENCE_NAMESPACES or (
        p.claim is not None and "prefers" in p.claim.predicate
    )
    if preference:
        return _wrong(Place.SEMANTIC, "preference_in_transcript", where)
    return ClassifyVerdict(
        False, TRANSCRIPT_NOT_MEMORY, Place.TYPED_EXTRACTION, f"rule=transcript field={where}"
    )


def _not_memorable(p: MemoryProposal) -> ClassifyVerdict | None:
    if p.memory_type is MemoryType.EPISODIC:
        pairs = [(f, t) for f, t in (("text", p.text),) if t and len(t) <= _SHORT_EPISODE_TEXT]
    else:
        pairs = _bodies(p) + _spans(p)
    rules: list[tuple[str, re.Pattern[str]]] = [("joke", _JOKE_RE)]
    if p.memory_type is not MemoryType.EPISODIC:
        # an episode may record what someone guessed; a claim may not be a guess
        rules.append(("speculation", _SPECULATION_RE))
    for rule, pattern in rules:
        where = _first(pairs, pattern)
        if where is not None:
            return ClassifyVerdict(
                False, NOT_MEMORABLE, Place.NOT_STORED, f"rule={rule} field={where}"
            )
    return None


def _corpus(p: MemoryProposal, kinds: set[SourceKind]) -> ClassifyVerdict | None:
    if p.memory_type not in (MemoryType.SEMANTIC, MemoryType.EPISODIC):
        return None
    if not kinds or kinds != {SourceKind.DOCUMENT}:
        return None
    if p.namespace in _CORPUS_NAMESPACES:
        return _wrong(Place.CORPUS_REFERENCE, "corpus_copy", "namespace")
    if p.claim is not None and _tokens(p.claim.predicate) & _CORPUS_TOKENS:
        return _wrong(Place.CORPUS_REFERENCE, "corpus_copy", "claim.predicate")
    for where, text in _bodies(p) + _spans(p):
        if len(text) > COPY_CHARS or (
            _DOC_MARKER_RE.search(text) and p.memory_type is MemoryType.SEMANTIC
        ):
            return _wrong(Place.CORPUS_REFERENCE, "corpus_copy", where)
    return None


def _single_trace(
    p: MemoryProposal, kinds: set[SourceKind], roles: set[str]
) -> ClassifyVerdict | None:
    if p.memory_type is not MemoryType.PROCEDURAL:
        return None
    released = bool(kinds & {SourceKind.HUMAN_REVIEW, SourceKind.SYSTEM})
    if released and roles & {"reviewer", "admin"}:
        return None
    events = {e.event_id for e in p.evidence}
    if len(events) < MIN_PROCEDURE_EVENTS and not released:
        return _wrong(Place.EPISODE, "single_trace", "evidence")
    return None


def _measure(p: MemoryProposal) -> bool:
    """A claim whose object is a number is a measure ("daily_steps = 10000"): a procedure's
    steps are actions, never a count, so the predicate's words do not make it one."""
    obj = p.claim.object if p.claim is not None else None
    return isinstance(obj, int | float) and not isinstance(obj, bool)


def _procedure_elsewhere(p: MemoryProposal) -> ClassifyVerdict | None:
    if p.memory_type is MemoryType.EPISODIC:
        if p.namespace in _PROCEDURE_NAMESPACES:
            return _wrong(Place.PROCEDURAL_ARTIFACT, "procedure_as_episode", "namespace")
        where = _first(_bodies(p), _PROCEDURE_TEXT_RE)
        if where is not None:
            return _wrong(Place.PROCEDURAL_ARTIFACT, "procedure_as_episode", where)
    if (
        p.memory_type is MemoryType.SEMANTIC
        and p.claim is not None
        and (
            (_tokens(p.claim.predicate) & _PROCEDURE_PREDICATE_TOKENS and not _measure(p))
            or p.namespace in _PROCEDURE_NAMESPACES
        )
    ):
        return _wrong(Place.PROCEDURAL_ARTIFACT, "procedure_as_claim", "claim.predicate")
    return None


def _preference_as_episode(p: MemoryProposal, kinds: set[SourceKind]) -> ClassifyVerdict | None:
    if p.memory_type is not MemoryType.EPISODIC or SourceKind.USER_MESSAGE not in kinds:
        return None
    if p.namespace in _PREFERENCE_NAMESPACES:
        return _wrong(Place.SEMANTIC, "preference_as_episode", "namespace")
    pairs = [("episode.goal", p.episode.goal)] if p.episode is not None else []
    if p.text:
        pairs.append(("text", p.text))
    # An episode may record that someone said they like something (a conversation turn is an
    # event); only a standing preference about how to serve the user is misplaced there, and
    # never in a question ("How'd they like it?").
    pairs = [(field, text) for field, text in pairs if "?" not in text]
    where = _first(pairs, _STANDING_PREFERENCE_RE)
    if where is not None:
        return _wrong(Place.SEMANTIC, "preference_as_episode", where)
    return None


def classify(
    proposal: MemoryProposal,
    source_kinds: set[SourceKind],
    principal_roles: set[str],
) -> ClassifyVerdict:
    """Check that ``proposal`` is memory of the type it claims. Pure: no I/O.

    ``source_kinds``: the kinds of the sources its evidence points at (resolved by the
    caller); ``principal_roles``: the proposing principal's roles. Rules run in a fixed
    order and the first that fires decides; see the module docstring.
    """
    kinds = {SourceKind(k) for k in source_kinds}
    roles = {str(r).lower() for r in principal_roles}
    for verdict in (
        _working_state(proposal),
        _transcript(proposal),
        _not_memorable(proposal),
        _corpus(proposal, kinds),
        _single_trace(proposal, kinds, roles),
        _procedure_elsewhere(proposal),
        _preference_as_episode(proposal, kinds),
    ):
        if verdict is not None:
            return verdict
    return _PASS


__all__ = [
    "COPY_CHARS",
    "MIN_PROCEDURE_EVENTS",
    "NOT_MEMORABLE",
    "OK",
    "TRANSCRIPT_CHARS",
    "TRANSCRIPT_NOT_MEMORY",
    "TRANSCRIPT_TURNS",
    "WRONG_TYPE",
    "ClassifyVerdict",
    "Place",
    "classify",
]
