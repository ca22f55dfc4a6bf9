"""Write quality: what the gate lets into memory, on labelled sets.

Sets (read in place from the checkout): the red-team set (``tests/data/redteam_proposals.jsonl``)
and the held-out sets v1 and v2 (``tests/data/heldout/``) through the real write path on a
fresh engine; the generated generalisation set (``tests/generalisation``: every attack in six
languages through 15 obfuscations, plus legitimate writes) through the gate's stages without a
store, as its own runner does (a seeded sample with ``--quick``); and LoCoMo-derived proposals
(a seeded sample of dev turns as episodic memories, each proposed twice: once new, once again —
the second must be a DUPLICATE), plus generated claim pairs for conflict detection.

"Stored" means a COMMITTED or DUPLICATE receipt. Labels are grouped: ``legit``; unsupported
(forged or foreign provenance, model-invented, unauthenticated statements, claims their span
does not say, laundered authority); wrong type; sensitive (secrets, personal data without the
subject's consent); other attacks (poisoning, capability grants, instructions).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.eval.config import SuiteContext
from graphmem.eval.engine import SteppedClock, temporary_graphmem
from graphmem.eval.locomo import load, parse_session_date, turn_text
from graphmem.eval.metrics import Rate
from graphmem.eval.results import Metric, Plot, SuiteResult
from graphmem.eval.scenarios import (
    DATA_DIR,
    STORED,
    Proposed,
    propose_scenario,
    read_scenarios,
)
from graphmem.models.enums import Decision
from graphmem.service import Graphmem

SETS = {
    "redteam": "redteam_proposals.jsonl",
    "heldout_v1": "heldout/heldout_v1.jsonl",
    "heldout_v2": "heldout/heldout_v2.jsonl",
}
UNSUPPORTED = frozenset(
    {
        "forged_provenance",
        "cross_tenant",
        "model_invented",
        "unauthenticated_user",
        "unauthenticated",
        "binding",
        "launder",
    }
)
SENSITIVE = frozenset({"secret", "pii_no_consent", "pii_consent"})
WRONG_TYPE = frozenset({"wrong_type"})


def group_of(label: str) -> str:
    label = label.removeprefix("attack:")
    if label == "legit":
        return "legit"
    if label in UNSUPPORTED:
        return "unsupported"
    if label in SENSITIVE:
        return "sensitive"
    if label in WRONG_TYPE:
        return "wrong_type"
    return "other_attack"


def run(ctx: SuiteContext) -> SuiteResult:
    seed = ctx.seed_for("write")
    rng = random.Random(seed)
    result = SuiteResult("write", "Write quality on labelled sets")
    t0 = time.perf_counter()
    outcomes: list[tuple[str, Proposed]] = []
    leaked: list[str] = []
    provenance: Rate
    clock = SteppedClock("2026-07-16T04:30:00Z")
    with temporary_graphmem(ctx.embedder, clock=clock) as gm:
        n = 0
        sets = {name: read_scenarios(DATA_DIR / rel) for name, rel in SETS.items()}
        step = ctx.progress("labelled scenarios", sum(len(s) for s in sets.values()))
        for set_name, scenarios in sets.items():
            done: dict[str, Proposed] = {}
            for scenario in scenarios:
                step.tick()
                # one minute apart: later statements are later in valid and transaction time
                clock.set(f"2026-07-{16 + n // 1440:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00Z")
                n += 1
                o = propose_scenario(gm, scenario, done)
                done[str(scenario["id"])] = o
                outcomes.append((set_name, o))
        step.done()
        dump = stored_text(gm)
        leaked = sorted(
            {
                str(o.scenario["id"])
                for _, o in outcomes
                for secret in o.scenario.get("secrets", [])
                if secret in dump
            }
        )
        provenance = _provenance_complete(
            gm, [o.memory_id for _, o in outcomes if o.decision in STORED]
        )
        dup = _locomo_duplicates(gm, ctx, rng)
        conflicts = _conflict_pairs(gm, clock, 12 if ctx.config.quick else 40)
    generated = _generated(rng, ctx.config.quick)
    result.seconds = time.perf_counter() - t0
    _metrics(result, outcomes, leaked, provenance, dup, conflicts, generated)
    result.config = {"seed": seed, "sets": SETS, "embedder": ctx.embedder.embedding_version}
    return result


def stored_text(gm: Graphmem) -> str:
    """Every text property of every node and edge, one per line: where a secret could be read
    back. Vectors, hashes and ids are left out — a four-digit PIN is found inside a float
    vector's digits or a hex hash by chance, which is no leak."""
    rows = gm.store.read_adhoc(
        "MATCH (n) RETURN properties(n) AS p UNION ALL MATCH ()-[r]->() RETURN properties(r) AS p"
    )
    out: list[str] = []
    for row in rows:
        for key, value in (row["p"] or {}).items():
            if "hash" in key or "embedding" in key or key.endswith("_id") or key.endswith("_ids"):
                continue
            values = value if isinstance(value, list) else [value]
            out += [v for v in values if isinstance(v, str)]
    return "\n".join(out)


def _provenance_complete(gm: Graphmem, memory_ids: list[str | None]) -> Rate:
    """A stored memory is complete when every one of its PROVENANCE edges reaches a recorded
    source and at least one exists (read back from the graph)."""
    ids = sorted({m for m in memory_ids if m})
    rows = gm.store.read_adhoc(
        "MATCH (m:Memory) WHERE m.memory_id IN $ids "
        "OPTIONAL MATCH (m)-[p:PROVENANCE]->(s:Source) "
        "RETURN m.memory_id AS m, count(s) AS sources",
        {"ids": ids},
    )
    with_sources = {r["m"] for r in rows if int(r["sources"]) > 0}
    return Rate(len(with_sources & set(ids)), len(ids))


def _locomo_duplicates(gm: Graphmem, ctx: SuiteContext, rng: random.Random) -> dict[str, Any]:
    """LoCoMo turns as episodic memories (legitimate: expected COMMITTED), then each proposed
    again from the same source (expected DUPLICATE)."""
    convs = load(ctx.config.locomo_dir, None)
    turns = [(c, t) for c in convs for t in c.turns]
    sample = rng.sample(turns, 40 if ctx.config.quick else 200)
    first: Counter[str] = Counter()
    again: Counter[str] = Counter()
    for conv, t in sample:
        who = Principal(
            tenant_id="write-locomo",
            principal_id=f"agent:{conv.sample_id}.{t['speaker']}".lower().replace(" ", "-"),
            roles=frozenset({"agent"}),
            subject_id=f"user:{conv.sample_id}.{t['speaker']}".lower().replace(" ", "-"),
        )
        subject = f"project:locomo-{conv.sample_id}"
        src = gm.record_source(
            who, {"kind": "USER_MESSAGE", "content": turn_text(t), "subject_id": subject}
        )
        proposal = {
            "memory_type": "EPISODIC",
            "subject": subject,
            "episode": {"goal": f"conversation turn {t['dia_id']} by {t['speaker']}"},
            "text": turn_text(t),
            "evidence": [{"event_id": src.source_id, "span": t["text"], "source_role": "user"}],
            "confidence": 1.0,
            "valid_from": parse_session_date(t["session_date_time"]),
        }
        r1 = gm.propose(who, proposal)
        first[str(r1.decision)] += 1
        if r1.decision is Decision.COMMITTED:
            again[str(gm.propose(who, proposal).decision)] += 1
    return {"first": first, "again": again}


#: expected outcome of the second claim of a pair: (decision, code it must carry)
PAIR_KINDS = {
    "restated": (Decision.DUPLICATE, None),
    "changed": (Decision.COMMITTED, "SUPERSEDES"),
    "unrelated": (Decision.COMMITTED, None),
}


def _conflict_pairs(gm: Graphmem, clock: SteppedClock, n: int) -> list[dict[str, Any]]:
    """Pairs of claims by one user: the same preference restated in a new message (a
    DUPLICATE), changed later (SUPERSEDES), and an unrelated one (no conflict code)."""
    out = []
    values = ["Python", "Rust", "Go", "Java", "Kotlin", "Swift"]
    for i in range(n):
        kind = list(PAIR_KINDS)[i % len(PAIR_KINDS)]
        user = f"user:pair-{i}"
        who = Principal(
            tenant_id="write-pairs",
            principal_id=f"agent:pair-{i}",
            roles=frozenset({"agent"}),
            subject_id=user,
        )
        a, b = values[i % 6], values[(i + 1) % 6]

        def say(
            text: str, predicate: str, obj: str, span: str, who: Principal = who, user: str = user
        ) -> Any:
            sid = gm.record_source(who, {"kind": "USER_MESSAGE", "content": text}).source_id
            return gm.propose(
                who,
                {
                    "memory_type": "SEMANTIC",
                    "subject": user,
                    "claim": {"predicate": predicate, "object": obj.lower()},
                    "evidence": [{"event_id": sid, "span": span, "source_role": "user"}],
                    "confidence": 1.0,
                },
            )

        clock.set(f"2026-08-01T{i % 24:02d}:00:00Z")
        say(
            f"Please use {a} for code examples.",
            "prefers_code_language",
            a,
            f"use {a} for code examples",
        )
        clock.set(f"2026-08-02T{i % 24:02d}:00:00Z")
        if kind == "restated":
            r = say(
                f"As I said, use {a} for code examples.",
                "prefers_code_language",
                a,
                f"use {a} for code examples",
            )
        elif kind == "changed":
            r = say(
                f"From now on, use {b} for code examples.",
                "prefers_code_language",
                b,
                f"use {b} for code examples",
            )
        else:
            r = say(
                "Please keep answers short.", "prefers_answer_length", "short", "keep answers short"
            )
        want_decision, want_code = PAIR_KINDS[kind]
        codes = {x.code for x in r.reasons}
        conflict_codes = codes & {
            "SUPERSEDES",
            "CONFLICT_UNRESOLVED",
            "CONFLICT_LOWER_AUTHORITY",
            "CONTRADICTS_HIGHER_AUTHORITY",
        }
        ok = r.decision is want_decision and (
            (want_code in codes) if want_code else not conflict_codes
        )
        out.append({"kind": kind, "decision": str(r.decision), "codes": sorted(codes), "ok": ok})
    return out


def _generated(rng: random.Random, quick: bool) -> dict[str, Any]:
    """The generated set through the gate's stages (no store), as tests/generalisation runs it."""
    from tests.generalisation.generator import all_cases
    from tests.generalisation.runner import run_case

    cases = all_cases()
    if quick:
        cases = rng.sample(cases, 150)
    stored = Counter[str]()
    total = Counter[str]()
    secrets_kept = 0
    for case in cases:
        o = run_case(case)
        kind = "attack" if case.attack else "legit"
        total[kind] += 1
        if o.decision is Decision.COMMITTED:
            stored[kind] += 1
        if any(s in t for s in case.secrets for t in o.kept_texts):
            secrets_kept += 1
    return {"stored": stored, "total": total, "secrets_kept": secrets_kept, "cases": len(cases)}


def _metrics(
    result: SuiteResult,
    outcomes: list[tuple[str, Proposed]],
    leaked: list[str],
    provenance: Rate,
    dup: dict[str, Any],
    conflicts: list[dict[str, Any]],
    generated: dict[str, Any],
) -> None:
    def rate_of(sel: list[Proposed], hit: Any) -> Rate:
        return Rate(sum(1 for o in sel if hit(o)), len(sel))

    def stored(o: Proposed) -> bool:
        return o.decision in STORED

    allp = [o for _, o in outcomes]
    by = {
        g: [o for o in allp if group_of(o.scenario["label"]) == g]
        for g in ("legit", "unsupported", "sensitive", "wrong_type", "other_attack")
    }
    kept = [o for o in allp if stored(o)]
    sets = "the red-team set and held-out v1 and v2 through the real write path"
    result.add(
        Metric.of_rate(
            "useful_memory_precision",
            rate_of(kept, lambda o: group_of(o.scenario["label"]) == "legit"),
            f"stored legitimate writes / all stored writes ({sets})",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "legit_commit_rate",
            rate_of(by["legit"], lambda o: o.decision == "COMMITTED"),
            f"legitimate writes COMMITTED / legitimate writes ({sets})",
        )
    )
    result.add(
        Metric.of_rate(
            "unsupported_memory_rate",
            rate_of(by["unsupported"], stored),
            "stored / unsupported writes (forged or foreign provenance, model-invented, "
            "unauthenticated, span does not say the claim, laundered authority)",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "wrong_type_rate",
            rate_of(by["wrong_type"], stored),
            "wrong-type writes (working state, transcripts, corpus text proposed as memory) stored "
            "as proposed / wrong-type writes",
        )
    )
    result.add(
        Metric.of_rate(
            "provenance_completeness",
            provenance,
            "stored memories with at least one PROVENANCE edge to a recorded Source, read back "
            "from "
            "the graph / stored memories",
            headline=True,
        )
    )
    sens = by["sensitive"]
    result.add(
        Metric.of_rate(
            "sensitive_false_writes",
            rate_of(sens, stored),
            "secrets and personal data without the subject's consent stored / such writes",
        )
    )
    result.add(
        Metric(
            "secret_scenarios_in_graph",
            float(len(leaked)),
            "scenarios whose secret string appears in a text property of any node or edge after "
            "all sets ran (vectors, hashes and ids left out: a short PIN matches their digits "
            "by chance)",
            unit="count",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "other_attacks_stored",
            rate_of(by["other_attack"], stored),
            "poisoning, capability grants, instruction-shaped writes stored / such writes",
        )
    )
    first, again = dup["first"], dup["again"]
    result.add(
        Metric.of_rate(
            "locomo_turns_committed",
            Rate(first.get("COMMITTED", 0), sum(first.values())),
            "seeded sample of LoCoMo dev turns proposed as episodic memories by the speaker's own "
            "key: COMMITTED / proposed (a legitimate write)",
        )
    )
    result.add(
        Metric.of_rate(
            "duplicate_detection",
            Rate(again.get("DUPLICATE", 0), sum(again.values())),
            "each committed LoCoMo turn proposed again: DUPLICATE receipts / re-proposals",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "conflict_detection_accuracy",
            Rate(sum(c["ok"] for c in conflicts), len(conflicts)),
            "claim pairs by one user — restated (expect DUPLICATE), changed later (expect "
            "SUPERSEDES), unrelated (expect no conflict code): second receipts as expected / pairs",
            headline=True,
        )
    )
    g_total, g_stored = generated["total"], generated["stored"]
    result.add(
        Metric.of_rate(
            "generated_attacks_stored",
            Rate(g_stored.get("attack", 0), g_total.get("attack", 0)),
            "generated set (6 languages × 15 obfuscations) through the gate's stages without a "
            "store: attacks that would commit / attacks",
            headline=True,
        )
    )
    result.add(
        Metric.of_rate(
            "generated_legit_refused",
            Rate(g_total.get("legit", 0) - g_stored.get("legit", 0), g_total.get("legit", 0)),
            "generated legitimate writes not committed / generated legitimate writes",
        )
    )
    rows = []
    for set_name in SETS:
        sel = [o for s, o in outcomes if s == set_name]
        for g in ("legit", "unsupported", "sensitive", "wrong_type", "other_attack"):
            gs = [o for o in sel if group_of(o.scenario["label"]) == g]
            if gs:
                c = Counter(o.decision for o in gs)
                rows.append({"set": set_name, "group": g, "n": len(gs), **dict(sorted(c.items()))})
    result.tables["decisions by set and group"] = rows
    result.tables["scenarios whose secret is in the graph"] = [
        {"id": sid, "set": s, "label": o.scenario["label"], "decision": o.decision}
        for s, o in outcomes
        for sid in [str(o.scenario["id"])]
        if sid in leaked
    ]
    result.tables["conflict pairs"] = [
        {
            "kind": k,
            "n": sum(1 for c in conflicts if c["kind"] == k),
            "as expected": sum(1 for c in conflicts if c["kind"] == k and c["ok"]),
            "decisions": dict(Counter(c["decision"] for c in conflicts if c["kind"] == k)),
        }
        for k in PAIR_KINDS
    ]
    result.tables["not as labelled (first 40)"] = [
        {
            "set": s,
            "id": o.scenario["id"],
            "label": o.scenario["label"],
            "decision": o.decision,
            "codes": ",".join(sorted(set(o.codes) - {"COMMITTED", "OBFUSCATION"})),
        }
        for s, o in outcomes
        if (group_of(o.scenario["label"]) == "legit") != (o.decision == "COMMITTED")
    ][:40]
    groups = ["legit", "unsupported", "sensitive", "wrong_type", "other_attack"]
    result.plots.append(
        Plot(
            "stored_by_group",
            "Share of writes stored, by label group (higher is right only for legit)",
            "stored / writes",
            groups,
            {"stored": [rate_of(by[g], stored).value for g in groups]},
            errors={"stored": [rate_of(by[g], stored).interval for g in groups]},
        )
    )
