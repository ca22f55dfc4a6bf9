"""``graphmem`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from graphmem.errors import GraphmemError
from graphmem.settings import Settings


def _print(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False, default=str))


def _open_store(settings: Settings) -> Any:
    """Store only (no embedder load): enough for keys and queries, and fast."""
    from graphmem.store.factory import open_store
    from graphmem.store.schema import bootstrap

    store = open_store(settings)
    bootstrap(store)
    return store


def cmd_serve(ns: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from api.main import create_app

    uvicorn.run(create_app(settings), host=ns.host or settings.host, port=ns.port or settings.port)
    return 0


def cmd_keys_create(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.auth.keys import create_key

    with _open_store(settings) as store:
        created = create_key(
            store,
            tenant_id=ns.tenant,
            roles=ns.role,
            subject_id=ns.subject,
            principal_id=ns.principal,
        )
    _print(
        {
            "key": created.key,
            "key_id": created.key_id,
            "tenant_id": created.principal.tenant_id,
            "roles": sorted(created.principal.roles),
            "subject_id": created.principal.subject_id,
            "note": "the key is shown once; only its hash is stored",
        }
    )
    return 0


def cmd_keys_list(ns: argparse.Namespace, settings: Settings) -> int:
    with _open_store(settings) as store:
        _print(store.read("keys/list", {"tenant_id": ns.tenant}))
    return 0


def cmd_cypher_list(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.named_queries import list_queries

    with _open_store(settings) as store:
        _print([asdict(q) for q in list_queries(store)])
    return 0


def cmd_cypher_run(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.named_queries import parse_cli_params, run_query

    params = parse_cli_params(ns.param or [])
    with _open_store(settings) as store:
        rows = run_query(store, ns.name, params, tenant_id=ns.tenant, allow_write=ns.admin)
    _print(rows)
    return 0


def cmd_health(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.service import Graphmem

    with Graphmem.open(settings) as gm:
        _print(gm.health())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="graphmem", description="Governed long-term memory for AI agents."
    )
    parser.add_argument("--data-dir", help="data directory (GRAPHMEM_DATA_DIR)")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the REST API on the configured engine")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.set_defaults(func=cmd_serve)

    health = sub.add_parser("health", help="engine, schema and embedding status")
    health.set_defaults(func=cmd_health)

    keys = sub.add_parser("keys", help="API keys").add_subparsers(dest="keys_cmd", required=True)
    create = keys.add_parser("create", help="create a key; it is printed once")
    create.add_argument("--tenant", required=True)
    create.add_argument(
        "--role",
        required=True,
        action="append",
        help="agent, user, analyst, admin or reviewer (repeatable)",
    )
    create.add_argument("--subject", help="subject the key acts for (required for role user)")
    create.add_argument("--principal", help="principal id (default: subject or key id)")
    create.set_defaults(func=cmd_keys_create)
    klist = keys.add_parser("list", help="keys of a tenant (never the secret)")
    klist.add_argument("--tenant", required=True)
    klist.set_defaults(func=cmd_keys_list)

    cypher = sub.add_parser("cypher", help="named Cypher queries").add_subparsers(
        dest="cypher_cmd", required=True
    )
    clist = cypher.add_parser("list", help="list named queries")
    clist.set_defaults(func=cmd_cypher_list)
    run = cypher.add_parser("run", help="run a named query (read-only unless --admin)")
    run.add_argument("name")
    run.add_argument("--param", action="append", metavar="K=V", help="query parameter")
    run.add_argument("--tenant", help="tenant for tenant-bound queries")
    run.add_argument("--admin", action="store_true", help="allow write queries")
    run.set_defaults(func=cmd_cypher_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    ns = build_parser().parse_args(argv)
    try:
        overrides: dict[str, Any] = {}
        if ns.data_dir:
            overrides["data_dir"] = ns.data_dir
        settings = Settings(**overrides)
        code: int = ns.func(ns, settings)
        return code
    except GraphmemError as exc:
        print(
            json.dumps({"error": exc.to_dict()}, ensure_ascii=False, default=str), file=sys.stderr
        )
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
