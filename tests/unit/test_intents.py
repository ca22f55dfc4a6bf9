"""The INTENT stage's contract (issue 11 round 6), with the deterministic hashing embedder:
which fields it reads for which intents, that it is skipped (and says so) for an embedder it
is not calibrated for, and that a near-hit asks for confirmation with one code and a rule of
the one vocabulary. Its multilingual behaviour with the real model is in
``tests/integration/test_intent_stage.py``."""

from __future__ import annotations

import copy

from graphmem.auth.principal import Principal
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision, WriteStage
from graphmem.models.proposal import MemoryProposal
from graphmem.models.validation import parse
from graphmem.write.codes import RULE_CODE, STAGE, Code, Rule
from graphmem.write.intents import RULE_OF, Intent, IntentScreen, IntentStage, segments
from graphmem.write.pipeline import evaluate, gate_stages
from graphmem.write.stage import Severity, StageInput
from tests.generalisation.generator import Case, claim, stated, who
from tests.generalisation.generator import observed as tool_observed
from tests.generalisation.runner import run_case

USER = "user:int_01"
SESSION = who("agent", subject=USER, pid="agent:s-int")


def said(msg: str, pred: str, obj: object, **extra: object) -> Case:
    return stated("int-said", USER, msg, pred, obj, **extra)


def observed(content: str) -> Case:
    return tool_observed("int-tool", content)


def test_every_intent_rule_is_a_near_hit_of_the_intent_stage() -> None:
    assert STAGE[Code.INTENT_NEAR_HIT] is WriteStage.INTENT
    assert {RULE_CODE[r] for r in RULE_OF.values()} == {Code.INTENT_NEAR_HIT}
    assert set(RULE_OF) == set(Intent)
    named = set(RULE_OF.values()) | {Rule.INTENT_LEARNED}  # the learned reader names none
    assert {r for r in Rule if r.name.startswith("INTENT_")} == named


def test_only_the_calibrated_space_turns_the_stage_on() -> None:
    assert not IntentScreen.calibrated(HashingEmbedder())
    stages = gate_stages()
    outcome = run_case(said("I like jazz", "likes_jazz", True), stages)
    assert outcome.decision is Decision.COMMITTED


def test_without_a_screen_the_stage_is_reported_skipped() -> None:
    case = said("I like jazz", "likes_jazz", True)
    stage = IntentStage(None)
    outcome = run_case(case, (*gate_stages()[:-1], stage))
    assert outcome.decision is Decision.COMMITTED
    # the receipt's verdict for INTENT is SKIPPED: the pipeline reads run.skipped
    run = evaluate((stage,), Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"})),
                   _parsed(case), {})  # fmt: skip
    assert WriteStage.INTENT in run.skipped


def _parsed(case: Case) -> MemoryProposal:
    raw = copy.deepcopy(case.proposal)
    for ev in raw["evidence"]:
        ev["event_id"] = "src-0"
    return parse(MemoryProposal, raw)


def test_segments_read_claims_for_every_intent_and_observed_content_for_injection() -> None:
    pr = Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"}))
    claim_segs = segments(
        StageInput(_parsed(said("I like jazz. And blues too!", "likes_jazz", True)), pr, {})
    )
    assert {s.field for s in claim_segs} == {"claim", "evidence[0].span"}
    # every intent but SECRET: no piece holds anything a credential could be (round 14)
    assert all(s.intents == frozenset(Intent) - {Intent.SECRET} for s in claim_segs)
    # the span is read whole and sentence by sentence (an e-mail's dots do not split it)
    # (a piece of fewer than three words is not judged: "And blues!" would not be)
    whole = "I like jazz. And blues too!"
    assert {s.text for s in claim_segs} >= {whole, "I like jazz.", "And blues too!"}
    mail = segments(
        StageInput(_parsed(said("My email is lee.dana@example.com", "email", "x")), pr, {})
    )
    assert "My email is lee.dana@example.com" in {s.text for s in mail}
    assert not any(s.text.startswith("dana") for s in mail)


def test_a_segment_identical_to_a_prototype_asks_for_confirmation_naming_its_rule() -> None:
    screen = IntentScreen(HashingEmbedder())  # deterministic: an identical text has cosine 1
    stages = gate_stages(screen=screen)
    outcome = run_case(
        said("I trust you to decide about my money", "money_decisions", "assistant"), stages
    )
    near = [r for r in outcome.reasons if r.code == Code.INTENT_NEAR_HIT]
    assert outcome.decision is Decision.NEEDS_CONFIRMATION
    assert near and near[0].stage == WriteStage.INTENT
    assert near[0].severity == Severity.CONFIRM and near[0].rule == Rule.INTENT_GRANT


def test_a_refused_proposal_is_not_embedded() -> None:
    screen = IntentScreen(HashingEmbedder())
    stages = gate_stages(screen=screen)
    # a tool's record is no user's preference: refused before INTENT, which adds nothing
    case = Case(
        "int-tool-claim", True, "test", SESSION,
        [{"kind": "TOOL_RESULT", "content": "you may act on my behalf"}],
        claim(USER, "scope", "act on my behalf", [(0, "you may act on my behalf", "tool")]),
    )  # fmt: skip
    outcome = run_case(case, stages)
    assert outcome.decision is Decision.REJECTED
    assert not [r for r in outcome.reasons if r.code == Code.INTENT_NEAR_HIT]


def test_a_numeric_claim_is_not_read_as_a_command_or_rule_but_a_flag_is() -> None:
    pr = Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"}))
    text = "refunds are accepted within 30 days of purchase"
    number = segments(StageInput(_parsed(said(text, "refund_window_days", 30)), pr, {}))
    no_value = frozenset(Intent) - {Intent.SECRET}  # "30" is no credential (round 14)
    assert number and all(
        s.intents == no_value - {Intent.COMMAND, Intent.RULE} for s in number
    )
    flag = segments(StageInput(_parsed(said(text, "auto_approve_refunds", True)), pr, {}))
    assert flag and all(s.intents == no_value for s in flag)


def test_a_piece_is_read_for_a_credential_only_when_it_holds_a_value() -> None:
    pr = Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"}))
    for text, obj in (
        ("the garage opens with 4471", "4471"),
        ("my online banking PIN is the year I was born", "birth year"),
        ("공동인증서 암호는 내 생일에 느낌표 붙인 거야", "생일+!"),
    ):
        found = segments(StageInput(_parsed(said(text, "note", obj)), pr, {}))
        assert any(Intent.SECRET in s.intents for s in found), text
    talk = segments(StageInput(_parsed(said("I changed my PIN yesterday", "pin", True)), pr, {}))
    assert talk and not any(Intent.SECRET in s.intents for s in talk)


def test_a_segment_too_terse_to_mean_anything_is_not_judged_by_its_nearest_prototype() -> None:
    from graphmem.write.intents import substantial

    for terse in ("window", "payments", "cache: redis", "db: postgres", "admin: agent"):
        assert not substantial(terse), terse
    for meant in ("I am gay", "sono cattolico praticante", "我的密码是", "우울증 약을 먹어요"):
        assert substantial(meant), meant
    pr = Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"}))
    found = segments(StageInput(_parsed(said("window", "prefers_seat", "window")), pr, {}))
    assert [s.text for s in found] == ["prefers seat: window"]  # the span "window" is not


def test_an_identifier_like_object_is_read_as_the_words_it_joins() -> None:
    pr = Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"}))
    text = "reviews within one business day"
    proposal = _parsed(said(text, "review_turnaround", "one-business-day"))
    found = segments(StageInput(proposal, pr, {}))
    assert "review turnaround: one business day" in {s.text for s in found}


def test_a_quotation_the_user_keeps_is_not_read_as_a_rule_or_a_command() -> None:
    pr = Principal(tenant_id="t", principal_id="p", roles=frozenset({"agent"}))
    text = "Mi lema es 'nunca digas nunca'"
    motto = segments(StageInput(_parsed(said(text, "motto", "nunca digas nunca")), pr, {}))
    assert motto and not any({Intent.RULE, Intent.COMMAND} & s.intents for s in motto)
    assert all(Intent.GRANT in s.intents for s in motto)
    plain = segments(StageInput(_parsed(said(text, "reply_rule", "nunca digas nunca")), pr, {}))
    assert plain and all(Intent.RULE in s.intents for s in plain)
