"""Retrieval quality on LoCoMo at equal context tokens, against baselines run beside it.

Method. Every conversation of the development split goes through the real write path
(:func:`graphmem.eval.locomo.ingest`: each turn, plus derived 3-turn windows), then each
question with evidence (categories 1-4) is asked of every system within its conversation:

* ``graphmem`` — ``Graphmem.retrieve`` (top ``POOL``), results mapped to turns through the
  PROVENANCE edges read back from the graph;
* ``okapi_bm25``, ``bm25s``, ``cosine`` over single turns (speaker + text + image caption): the
  baselines as the issue defines them (:mod:`.baselines`);
* ``okapi_bm25+windows`` — the independent BM25 over exactly graphmem's stored items, so a
  gain that comes from the windows alone is not credited to graphmem's ranker.

Systems are compared at equal context tokens: each ranked list is cut to a token budget
(items in rank order while they fit, each counted with the embedder's own tokenizer,
:func:`.metrics.within_budget`), and recall, MRR and utilization are computed on what fits.
recall@10 (k alone) is reported too, with the tokens it costs. Context utilization is also
measured on the real context builder: the share of a built context's tokens spent on items
that carry evidence.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from graphmem.eval import baselines
from graphmem.eval.config import SuiteContext
from graphmem.eval.engine import temporary_graphmem
from graphmem.eval.locomo import (
    READER,
    SCORED,
    Conversation,
    Item,
    ingest,
    load,
    proposal_count,
    provenance_map,
    source_id_of,
    subject_of,
    turn_text,
)
from graphmem.eval.metrics import (
    Ranked,
    evidence_token_share,
    mean,
    median,
    recall,
    reciprocal_rank,
    within_budget,
)
from graphmem.eval.results import Metric, Plot, SuiteResult
from graphmem.service import Graphmem

BUDGETS = (256, 512, 1024)
K = 10
#: how many results graphmem is asked for: enough to fill the largest budget
POOL = 40
WINDOW = 3
CONTEXT_BUDGET = 512
#: ``--quick``: the first conversation's first sessions, and the questions they answer
QUICK_SESSIONS = 4
SYSTEMS = ("graphmem", "okapi_bm25", "bm25s", "cosine", "okapi_bm25+windows")


def _first_sessions(conv: Conversation, n: int) -> Conversation:
    turns = [t for t in conv.turns if t["session"] <= n]
    kept = {t["dia_id"] for t in turns}
    qs = [q for q in conv.questions if q["evidence"] and set(q["evidence"]) <= kept]
    return Conversation(conv.sample_id, turns, qs)


def _questions(conv: Conversation) -> list[dict[str, Any]]:
    return [q for q in conv.questions if q["evidence"] and q["category"] in SCORED]


def run(ctx: SuiteContext) -> SuiteResult:
    quick = ctx.config.quick
    convs = load(ctx.config.locomo_dir, 1 if quick else None)
    if quick:
        convs = [_first_sessions(c, QUICK_SESSIONS) for c in convs]
    rng_seed = ctx.seed_for("retrieval")
    result = SuiteResult("retrieval", "Retrieval quality on LoCoMo at equal context tokens")
    embedder = ctx.embedder
    gate: dict[str, Any] = {
        "decisions": Counter(),
        "refusal_codes": Counter(),
        "refused": [],
        "unauthenticated_poisoning": [],
    }
    ranked: dict[str, list[tuple[dict[str, Any], list[Ranked]]]] = {s: [] for s in SYSTEMS}
    latency: list[float] = []
    utilization: list[dict[str, float]] = []
    t0 = time.perf_counter()
    with temporary_graphmem(embedder) as gm:
        stored: dict[str, list[Item]] = {}
        step = ctx.progress("ingest (gated writes)", sum(proposal_count(c, WINDOW) for c in convs))
        for conv in convs:
            stored[conv.sample_id] = ingest(gm, conv, WINDOW, gate, step.tick)
        step.done()
        ingest_s = time.perf_counter() - t0
        prov = provenance_map(gm)
        dia_of_source = {
            source_id_of(c.sample_id, t["dia_id"]): t["dia_id"] for c in convs for t in c.turns
        }
        tokens_of: dict[str, int] = {}

        def count(text: str) -> int:
            if text not in tokens_of:
                tokens_of[text] = embedder.count_tokens(text)
            return tokens_of[text]

        step = ctx.progress("questions", sum(len(_questions(c)) for c in convs))
        for conv in convs:
            qs = _questions(conv)
            subject = subject_of(conv.sample_id)
            for q in qs:
                step.tick()
                t1 = time.perf_counter()
                res = gm.retrieve(
                    READER, {"query": q["question"], "subject_id": subject, "k": POOL}
                )
                latency.append((time.perf_counter() - t1) * 1000)
                ranked["graphmem"].append(
                    (
                        q,
                        [
                            Ranked(
                                frozenset(dia_of_source[s] for s in prov.get(r.memory_id, ())),
                                count(str(r.row.get("text") or "")),
                            )
                            for r in res.results
                        ],
                    )
                )
            _baselines(conv, qs, stored[conv.sample_id], ranked, count, embedder)
            sample = qs if quick else qs[:: max(1, len(qs) // 40)]
            utilization += _context_utilization(gm, subject, sample, prov, dia_of_source)
        step.done()
    result.seconds = time.perf_counter() - t0
    _metrics(result, ranked)
    result.add(
        Metric(
            "context_utilization",
            mean(u["evidence_share_of_memory_tokens"] for u in utilization),
            f"Graphmem.context with budget {CONTEXT_BUDGET} tokens and up to 20 episodes per "
            "question (a sample of every conversation's questions): tokens of placed memory "
            "items that carry a piece of the question's evidence / tokens of all placed memory "
            "items, mean over questions",
            group="graphmem",
            n=len(utilization),
            headline=True,
        )
    )
    result.add(
        Metric(
            "context_utilization_whole",
            mean(u["evidence_share_of_context"] for u in utilization),
            "as context_utilization, over the whole rendered context (instruction, headers "
            "and references included): evidence-carrying item tokens / tokens_used",
            group="graphmem",
            n=len(utilization),
        )
    )
    result.add(
        Metric(
            "retrieve_latency_p50",
            median(latency),
            f"median wall time of Graphmem.retrieve (k={POOL}) in process, query embedded "
            "inside the call, on a shared 2-core machine",
            group="graphmem",
            unit="ms",
            n=len(latency),
        )
    )
    result.config = {
        "conversations": [c.sample_id for c in convs],
        "questions": len(ranked["graphmem"]),
        "window": WINDOW,
        "pool": POOL,
        "budgets": list(BUDGETS),
        "embedder": embedder.embedding_version,
        "seed": rng_seed,
        "ingest_s": round(ingest_s, 1),
        "gate": {
            "decisions": dict(gate["decisions"]),
            "refusal_codes": dict(gate["refusal_codes"]),
        },
    }
    result.notes.append(
        "Deterministic: no sampling; every question is asked "
        + (
            f"(--quick: the first conversation's first {QUICK_SESSIONS} sessions and the "
            "questions whose evidence lies in them)."
            if quick
            else "(every conversation of the dev split)."
        )
    )
    return result


def _baselines(
    conv: Conversation,
    qs: Sequence[dict[str, Any]],
    items: Sequence[Item],
    ranked: dict[str, list[tuple[dict[str, Any], list[Ranked]]]],
    count: Any,
    embedder: Any,
) -> None:
    turns = [turn_text(t) for t in conv.turns]
    turn_ranked = [
        Ranked(frozenset({t["dia_id"]}), count(turns[i])) for i, t in enumerate(conv.turns)
    ]
    item_ranked = [Ranked(item.dia_ids, count(item.text)) for item in items]
    stop = baselines.english_stop_words()
    systems: list[tuple[str, baselines.Ranker, list[Ranked]]] = [
        ("okapi_bm25", baselines.OkapiBM25(turns, stop), turn_ranked),
        ("bm25s", baselines.Bm25s(turns), turn_ranked),
        ("cosine", baselines.Cosine(turns, embedder), turn_ranked),
        (
            "okapi_bm25+windows",
            baselines.OkapiBM25([i.text for i in items], stop),
            item_ranked,
        ),
    ]
    for name, ranker, pool in systems:
        for q in qs:
            ranked[name].append((q, [pool[i] for i in ranker.rank(q["question"], 200)]))


def _context_utilization(
    gm: Graphmem,
    subject: str,
    qs: Sequence[dict[str, Any]],
    prov: dict[str, set[str]],
    dia_of_source: dict[str, str],
) -> list[dict[str, float]]:
    out = []
    for q in qs:
        evidence = frozenset(q["evidence"])
        ctx = gm.context(
            READER,
            {
                "instruction": "Answer the question from the conversation.",
                "goal": q["question"],
                "query": q["question"],
                "subject_id": subject,
                "budget_tokens": CONTEXT_BUDGET,
                "limits": {"semantic": 0, "episodes": 20, "procedures": 0},
            },
        )
        items = [
            Ranked(frozenset(dia_of_source[s] for s in prov.get(p.draft.id or "", ())), p.tokens)
            for p in ctx.placed
            if p.draft.memory
        ]
        share = evidence_token_share(items, evidence)
        if share is None:
            continue
        carrying = sum(i.tokens for i in items if i.ids & evidence)
        out.append(
            {
                "evidence_share_of_memory_tokens": share,
                "evidence_share_of_context": carrying / max(ctx.tokens_used, 1),
            }
        )
    return out


def _metrics(
    result: SuiteResult, ranked: dict[str, list[tuple[dict[str, Any], list[Ranked]]]]
) -> None:
    table: list[dict[str, Any]] = []
    budget_series: dict[str, list[float | None]] = {}
    for system in SYSTEMS:
        rows = ranked[system]
        at_k = [(q, r[:K]) for q, r in rows]
        ev = [frozenset(q["evidence"]) for q, _ in rows]
        row: dict[str, Any] = {
            "system": system,
            "n": len(rows),
            "recall@10": mean(recall(r, e) for (_, r), e in zip(at_k, ev, strict=True)),
            "mrr@10": mean(reciprocal_rank(r, e) for (_, r), e in zip(at_k, ev, strict=True)),
            "tokens@10": mean(sum(i.tokens for i in r) for _, r in at_k),
        }
        budget_series[system] = []
        for b in BUDGETS:
            fit = [within_budget(r, b) for _, r in rows]
            row[f"recall@{b}tok"] = mean(recall(f, e) for f, e in zip(fit, ev, strict=True))
            row[f"mrr@{b}tok"] = mean(reciprocal_rank(f, e) for f, e in zip(fit, ev, strict=True))
            shares = [evidence_token_share(f, e) for f, e in zip(fit, ev, strict=True)]
            row[f"utilization@{b}tok"] = mean(s for s in shares if s is not None)
            budget_series[system].append(row[f"recall@{b}tok"])
        table.append(row)
        group = system
        result.add(
            Metric(
                "recall@512tok",
                row["recall@512tok"],
                "mean over questions (categories 1-4 with evidence) of |evidence turns among "
                "the items that fit 512 tokens| / |evidence turns|; items in rank order while "
                "they fit, counted with the embedder's tokenizer",
                group=group,
                n=len(rows),
                headline=True,
            )
        )
        result.add(
            Metric(
                "recall@10",
                row["recall@10"],
                "mean recall of the top 10 items, whatever they cost in tokens "
                "(tokens@10 in the table)",
                group=group,
                n=len(rows),
            )
        )
        result.add(
            Metric(
                "mrr@512tok",
                row["mrr@512tok"],
                "mean reciprocal rank of the first item carrying evidence among those that "
                "fit 512 tokens (0 when none)",
                group=group,
                n=len(rows),
                unit="score",
            )
        )
    best = max(
        (s for s in SYSTEMS if s != "graphmem"),
        key=lambda s: next(r["recall@512tok"] for r in table if r["system"] == s) or 0.0,
    )
    g = next(r for r in table if r["system"] == "graphmem")
    b_row = next(r for r in table if r["system"] == best)
    if b_row["recall@512tok"]:
        result.add(
            Metric(
                "ratio_recall@512tok_vs_best_baseline",
                round(g["recall@512tok"] / b_row["recall@512tok"], 3),
                f"graphmem's recall@512tok / the best baseline's ({best}) in the same run",
                group="graphmem",
                unit="ratio",
                headline=True,
            )
        )
    by_cat: list[dict[str, Any]] = []
    for system in SYSTEMS:
        cats: dict[str, list[float]] = {}
        for q, r in ranked[system]:
            cats.setdefault(q["category_name"], []).append(
                recall(within_budget(r, 512), frozenset(q["evidence"]))
            )
        by_cat.append({"system": system} | {c: mean(v) for c, v in sorted(cats.items())})
    result.tables["systems"] = table
    result.tables["recall@512tok by category"] = by_cat
    result.plots.append(
        Plot(
            "recall_at_budget",
            "LoCoMo recall at equal context tokens",
            "recall",
            [f"{b} tokens" for b in BUDGETS],
            budget_series,
            kind="line",
        )
    )
