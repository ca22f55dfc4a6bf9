import pytest

from graphmem.errors import ConfigError
from graphmem.settings import Settings


def test_defaults_are_embedded_and_durable() -> None:
    s = Settings()
    assert s.embedded and s.falkordb_appendfsync == "always"


def test_persistence_off_is_refused() -> None:
    with pytest.raises(ConfigError) as err:
        Settings(falkordb_appendonly=False)
    assert err.value.details["rule"] == "persistence_required"


def test_env_cannot_choose_fsync_no(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_FALKORDB_APPENDFSYNC", "no")
    with pytest.raises(Exception, match="falkordb_appendfsync"):
        Settings()


def test_neo4j_needs_a_uri() -> None:
    with pytest.raises(ConfigError, match="NEO4J_URI"):
        Settings(engine="neo4j")
