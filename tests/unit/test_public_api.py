"""The public library API: what ``from graphmem import …`` offers, how a caller gets a
principal, and that the wheel installs nothing at the top level but ``graphmem``."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import graphmem
from graphmem import Principal, Role, ValidationError

ROOT = Path(__file__).resolve().parents[2]


def test_all_lists_exactly_the_exports_and_each_resolves() -> None:
    assert set(graphmem.__all__) == {"__version__", *graphmem._EXPORTS}
    assert len(graphmem.__all__) == len(set(graphmem.__all__))
    for name in graphmem.__all__:
        assert getattr(graphmem, name) is not None, name
    assert sorted(dir(graphmem)) == sorted(graphmem.__all__)
    with pytest.raises(AttributeError):
        graphmem.NoSuchThing  # noqa: B018


def test_the_documented_import_line_works_without_loading_the_engine() -> None:
    """``import graphmem`` stays light: the names load on first use."""
    code = (
        "import sys, graphmem\n"
        "assert 'graphmem.service' not in sys.modules\n"
        "from graphmem import Graphmem, Principal, Client\n"
        "assert Graphmem.__module__ == 'graphmem.service'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=120)


def test_a_local_operator_is_an_admin_of_its_tenant_by_default() -> None:
    ops = Principal.local_operator("acme", name="alice")
    assert (ops.tenant_id, ops.principal_id, ops.roles) == ("acme", "cli:alice", {"admin"})
    assert not ops.bound and ops.readable_subjects() is None
    reader = Principal.local_operator("acme", roles=[Role.ANALYST], subject_id="user:u1")
    assert reader.roles == {"analyst"} and reader.may_read("user:u1")
    assert not reader.may_read("user:u2")


def test_a_local_operator_needs_real_roles() -> None:
    with pytest.raises(ValidationError) as bad:
        Principal.local_operator("acme", roles=["root"])
    assert [(i.field, i.rule) for i in bad.value.issues] == [("roles", "enum")]
    with pytest.raises(ValidationError):
        Principal.local_operator("acme", roles=[])


def test_no_top_level_api_package_is_installed() -> None:
    """The FastAPI app is ``graphmem.api``; a top-level ``api`` collided with anything else of
    that name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["graphmem"]
    assert importlib.util.find_spec("api") is None
    assert importlib.util.find_spec("graphmem.api.main") is not None
