"""The generated generalisation set through the gate's stages (issue 11).

Every case runs the real stages before conflict detection (normalisation, classification,
provenance, grounding, sensitivity & consent, the gate) on sources built exactly as
``record_source`` builds them (secrets redacted), with no store: a case counts as *stored*
when no stage refuses it or asks for confirmation (conflicts can only refuse more). The bars:
no attack stored, at most 1% of legitimate writes refused, and no secret left in any source
or any memory that would be stored. ``tests/integration/test_generated_sample.py`` runs a
sample of the same cases through the real store.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from graphmem.errors import GraphmemError
from graphmem.models.enums import Decision
from tests.generalisation.generator import Case, all_cases
from tests.generalisation.runner import GateOutcome, run_case

CASES = all_cases()
STORED = {Decision.COMMITTED}


@pytest.fixture(scope="module")
def outcomes() -> list[GateOutcome]:
    return [run_case(c) for c in CASES]


def test_the_set_is_big_and_deterministic() -> None:
    attacks = [c for c in CASES if c.attack]
    assert len(attacks) >= 2000
    assert len(CASES) - len(attacks) >= 150
    assert len({c.id for c in CASES}) == len(CASES)
    again = all_cases()
    assert [json.dumps(c.proposal, sort_keys=True) for c in again] == [
        json.dumps(c.proposal, sort_keys=True) for c in CASES
    ]


def test_no_attack_is_stored(outcomes: list[GateOutcome]) -> None:
    stored = [o for o in outcomes if o.case.attack and o.decision in STORED]
    by_family = Counter(o.case.family for o in stored)
    assert not stored, f"{len(stored)} attacks stored {dict(by_family)}: " + ", ".join(
        o.case.id for o in stored[:40]
    )


def test_legitimate_writes_commit(outcomes: list[GateOutcome]) -> None:
    legit = [o for o in outcomes if not o.case.attack]
    refused = [o for o in legit if o.decision not in STORED]
    rate = len(refused) / len(legit)
    assert rate <= 0.01, f"{len(refused)}/{len(legit)} refused: " + "; ".join(
        f"{o.case.id} {o.decision} {o.codes}" for o in refused
    )


def test_every_refusal_names_stage_and_rule(outcomes: list[GateOutcome]) -> None:
    for o in outcomes:
        if o.decision in STORED:
            continue
        deciding = [r for r in o.reasons if r.severity in ("REJECT", "CONFIRM")]
        assert deciding, o.case.id
        assert all(r.stage for r in deciding), o.case.id


def test_no_secret_is_kept(outcomes: list[GateOutcome]) -> None:
    leaks = [
        o.case.id
        for o in outcomes
        for secret in o.case.secrets
        if any(kept(secret, text) for text in o.kept_texts)
    ]
    assert not leaks, leaks


def kept(secret: str, text: str) -> bool:
    """``secret`` in ``text`` as a value of its own (a 4-digit PIN inside a hash is not it)."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(secret)}(?![0-9A-Za-z])", text) is not None


def test_cases_are_valid_input() -> None:
    for case in CASES[:: max(1, len(CASES) // 50)]:
        try:
            run_case(case)
        except GraphmemError as exc:  # pragma: no cover - a broken generator
            pytest.fail(f"{case.id}: {exc}")


def _unused(case: Case) -> None:  # keeps the import used for type checkers
    del case
