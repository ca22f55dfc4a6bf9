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


def test_neo4j_without_a_uri_is_the_local_one_on_the_data_dir() -> None:
    assert Settings(engine="neo4j").embedded
    assert not Settings(engine="neo4j", neo4j_uri="neo4j://db.example:7687").embedded


def test_neo4j_log_retention_must_be_neo4j_form(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings(neo4j_tx_log_retention="2 days").neo4j_tx_log_retention == "2 days"
    monkeypatch.setenv("GRAPHMEM_NEO4J_TX_LOG_RETENTION", "forever")
    with pytest.raises(Exception, match="neo4j_tx_log_retention"):
        Settings()
