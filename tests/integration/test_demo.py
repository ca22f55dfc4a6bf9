"""`graphmem demo` runs the seed's walkthrough end to end on the real default parts."""

from pathlib import Path

from graphmem.demo import run


def test_demo_walkthrough(tmp_path: Path) -> None:
    lines: list[str] = []
    out = run(tmp_path / "demo", say=lines.append)
    assert out["preference"] == "COMMITTED" and out["poisoning"] == "REJECTED"
    assert out["time_travel"] == {
        "valid_at July 5": ["Mina"],
        "valid_at June 15": ["Jin"],
        "known_at July 10, valid_at July 5": ["Jin"],
    }
    assert out["retrieved"] >= 1 and any("POISONING" in line for line in lines)
    release = out["release"]
    assert release["stable_published"] and not release["always_reset_tests_pass"]
    assert release["auto_rollback"] and release["versions"]["1.2.0"] == "ROLLED_BACK"
    assert release["versions"]["1.0.0"] == "PUBLISHED" and release["served"] == ["1.0.0"]
