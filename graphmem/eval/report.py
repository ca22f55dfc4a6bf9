"""Writing a run down: ``report.json``, an offline ``report.html`` with its plots, a terminal
summary.

The HTML is one file with every plot embedded as a PNG data URI (matplotlib, Agg backend) and
no script, stylesheet or font from anywhere else, so it opens offline. Every metric is printed
with its method; the top of the report is the command and the seed that reproduce it.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graphmem.eval.results import Metric, Plot, SuiteResult


def write_json(path: Path, header: dict[str, Any], suites: Sequence[SuiteResult]) -> None:
    doc = header | {"suites": {s.name: s.as_dict() for s in suites}}
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False, default=str) + "\n", "utf-8")


def plot_png(plot: Plot) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.8), dpi=100)
    xs = list(range(len(plot.categories)))
    names = list(plot.series)
    width = 0.8 / max(len(names), 1)
    for i, name in enumerate(names):
        ys = [float("nan") if v is None else v for v in plot.series[name]]
        errs = plot.errors.get(name)
        yerr = None
        if errs:
            lo = [
                0.0 if e is None or y != y else max(0.0, y - e[0])
                for e, y in zip(errs, ys, strict=True)
            ]
            hi = [
                0.0 if e is None or y != y else max(0.0, e[1] - y)
                for e, y in zip(errs, ys, strict=True)
            ]
            yerr = [lo, hi]
        if plot.kind == "bar":
            pos = [x - 0.4 + width * (i + 0.5) for x in xs]
            ax.bar(pos, ys, width, label=name, yerr=yerr, capsize=3)
        else:
            ax.errorbar(xs, ys, yerr=yerr, marker="o", label=name, capsize=3)
    ax.set_xticks(xs, plot.categories, rotation=0, fontsize=8)
    ax.set_ylabel(plot.ylabel)
    ax.set_title(plot.title, fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def _fmt(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, list | tuple) and len(v) == 2 and all(isinstance(x, float) for x in v):
        return f"[{v[0]:.3f}, {v[1]:.3f}]"
    return str(v)


def _metric_value(m: Metric) -> str:
    text = _fmt(m.value)
    if m.ci95 is not None:
        text += f" [{m.ci95[0]:.3f}, {m.ci95[1]:.3f}]"
    if m.n is not None:
        text += f" (n={m.n})"
    return text


def _table_html(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "<p>(empty)</p>"
    cols = list(dict.fromkeys(k for r in rows for k in r))
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_fmt(r.get(c)))}</td>" for c in cols) + "</tr>"
        for r in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


_STYLE = (
    "body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:.6em 0;font-size:13px}"
    "td,th{border:1px solid #ccc;padding:3px 7px;text-align:left;vertical-align:top}"
    "th{background:#f3f3f3}.method{color:#555;font-size:12px}code{background:#f5f5f5}"
)


def write_html(path: Path, header: dict[str, Any], suites: Sequence[SuiteResult]) -> None:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>graphmem eval</title>",
        f"<style>{_STYLE}</style></head><body><h1>graphmem eval</h1>",
        f"<p>Reproduce: <code>{html.escape(header['command'])}</code></p>",
        _table_html([{k: v for k, v in header.items() if k != "command"}]),
    ]
    for s in suites:
        parts.append(
            f"<h2>{html.escape(s.title)} <small>({s.name}, {s.seconds:.0f} s)</small></h2>"
        )
        for plot in s.plots:
            data = base64.b64encode(plot_png(plot)).decode()
            parts.append(
                f"<img alt='{html.escape(plot.title)}' src='data:image/png;base64,{data}'>"
            )
        parts.append("<table><tr><th>metric</th><th>group</th><th>value</th><th>method</th></tr>")
        for m in s.metrics:
            parts.append(
                f"<tr><td>{html.escape(m.name)}</td><td>{html.escape(m.group)}</td>"
                f"<td>{html.escape(_metric_value(m))}</td>"
                f"<td class='method'>{html.escape(m.method)}</td></tr>"
            )
        parts.append("</table>")
        for name, rows in s.tables.items():
            parts.append(f"<h3>{html.escape(name)}</h3>{_table_html(rows)}")
        if s.notes:
            parts.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in s.notes) + "</ul>")
        parts.append(
            "<details><summary>config</summary><pre>"
            + html.escape(json.dumps(s.config, indent=1, default=str))
            + "</pre></details>"
        )
    parts.append("</body></html>")
    path.write_text("\n".join(parts), "utf-8")


def summary_table(suites: Sequence[SuiteResult]) -> str:
    """The headline metrics, one line each, for the terminal."""
    rows = [("suite", "metric", "group", "value")]
    for s in suites:
        for m in s.metrics:
            if m.headline:
                rows.append((s.name, m.name, m.group, _metric_value(m)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
