"""No error message reaches a caller with an unfilled placeholder (``subject kind {kind!r} is
not one of …`` did): pydantic fills ``{name}`` from an error's context and nothing else, and a
plain string is never formatted at all. Checked over graphmem's source, so a new message cannot
bring the mistake back."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from graphmem.errors import ValidationError
from graphmem.models.types import SubjectRef, Timestamp
from graphmem.models.validation import parse

SOURCE = Path(__file__).resolve().parents[2] / "graphmem"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)([!:][^}]*)?\}")


def _calls() -> list[tuple[str, ast.Call]]:
    out = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        out += [
            (f"{path.relative_to(SOURCE)}:{n.lineno}", n)
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
        ]
    return out


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def test_pydantic_templates_fill_every_placeholder_from_their_context() -> None:
    bad = []
    for where, call in _calls():
        if _name(call) != "PydanticCustomError" or len(call.args) < 2:
            continue
        template = call.args[1]
        if not isinstance(template, ast.Constant) or not isinstance(template.value, str):
            continue
        ctx = call.args[2] if len(call.args) > 2 else None
        keys = (
            {k.value for k in ctx.keys if isinstance(k, ast.Constant)}
            if isinstance(ctx, ast.Dict)
            else set()
        )
        for name, spec in PLACEHOLDER.findall(template.value):
            if spec or name not in keys:
                bad.append(f"{where}: {{{name}{spec}}} in {template.value!r}")
    assert bad == []


def test_plain_strings_given_to_errors_hold_no_placeholders() -> None:
    """A message for an exception or a FieldIssue written without its ``f`` prefix."""
    bad = []
    for where, call in _calls():
        name = _name(call)
        if not (name.endswith("Error") or name in ("FieldIssue", "field_error")):
            continue
        if name == "PydanticCustomError":
            continue
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            text = arg.value if isinstance(arg, ast.Constant) else None
            if isinstance(text, str) and PLACEHOLDER.search(text):
                bad.append(f"{where}: {text!r}")
    assert bad == []


class _Probe(BaseModel):
    subject: SubjectRef | None = None
    at: Timestamp | None = None


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"subject": "planet:mars"}, "subject kind 'planet' is not one of"),
        ({"at": "next tuesday"}, "got 'next tuesday'"),
    ],
)
def test_the_messages_once_left_unfilled_now_say_the_value(
    data: dict[str, str], expected: str
) -> None:
    with pytest.raises(ValidationError) as bad:
        parse(_Probe, data)
    message = bad.value.issues[0].message
    assert expected in message and "{" not in message
