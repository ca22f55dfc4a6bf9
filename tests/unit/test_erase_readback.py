"""The erasure's read-back of the engine's files: it counts the erased texts still found, and
it survives files the engine changes under it (a transaction log pruned between the listing
and the read was an unhandled FileNotFoundError, a 500: the likely cause, not reproduced, of a
plain-text 500 CI met once in the Neo4j run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem.lifecycle import erase
from graphmem.lifecycle.erase import _files_containing, _written_before


def test_counts_each_needle_found_once_across_files(tmp_path: Path) -> None:
    a = tmp_path / "a.db"
    b = tmp_path / "b.db"
    a.write_bytes(b"xx erased-text-one yy")
    b.write_bytes("erased-text-one and 지워진-텍스트-둘".encode())
    found = _files_containing(
        [str(a), str(b)], ["erased-text-one", "지워진-텍스트-둘", "absent-text"]
    )
    assert found == 2


def test_a_vanished_or_empty_file_is_skipped_not_an_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    kept = tmp_path / "kept.db"
    kept.write_bytes(b"the erased-canary-text is here")
    listed = [str(tmp_path / "pruned.tx"), str(empty), str(tmp_path), str(kept)]
    assert _files_containing(listed, ["erased-canary-text"]) == 1


def test_logs_and_json_are_not_read(tmp_path: Path) -> None:
    log = tmp_path / "debug.log"
    log.write_bytes(b"erased-canary-text")
    assert _files_containing([str(log)], ["erased-canary-text"]) == 0


def test_a_needle_across_a_chunk_boundary_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(erase, "_READ_CHUNK", 16)
    needle = "erased-canary-text-0123"
    for offset in range(0, 40):
        f = tmp_path / f"f{offset}.db"
        f.write_bytes(b"." * offset + needle.encode() + b"." * 7)
        assert _files_containing([str(f)], [needle]) == 1, offset
    assert _files_containing([str(tmp_path / "f3.db")], ["not-there-at-all"]) == 0


def test_a_stale_file_is_one_written_before_and_still_there(tmp_path: Path) -> None:
    f = tmp_path / "appendonly.aof"
    f.write_bytes(b"data")
    assert _written_before(str(f), "2999-01-01T00:00:00Z")
    assert not _written_before(str(f), "2000-01-01T00:00:00Z")
    f.write_bytes(b"")
    assert not _written_before(str(f), "2999-01-01T00:00:00Z")
    assert not _written_before(str(tmp_path / "unlinked.aof"), "2999-01-01T00:00:00Z")
