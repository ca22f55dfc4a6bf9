# The README's two commands: `make serve` and `make test` (both engines). Everything installs itself.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
PIP_FLAGS ?= -q --disable-pip-version-check
LINT_DIR := tools/cypher-lint

.PHONY: serve test test-falkordb test-slow bench-quick test-neo4j neo4j lint typecheck bench eval eval-quick install install-dev browser clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install $(PIP_FLAGS) --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PIP) install $(PIP_FLAGS) -e .
	touch $@

# torch first, pinned: torch 2.13.0 from PyPI, whose Linux wheel is the CUDA build; it runs on
# CPU here (the CPU-only wheels live on download.pytorch.org, which these machines cannot
# reach, and torch does not import without its nvidia-* dependencies). Measured on the 2-core
# development machine: ~2.6 GB download, ~1 min to download and install; torch with its
# nvidia-* and triton packages takes ~4.7 GB of the ~5.5 GB venv. Pinned so that a new release
# never changes what is downloaded.
$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed
	$(PIP) install $(PIP_FLAGS) torch==2.13.0
	$(PIP) install $(PIP_FLAGS) -e ".[dev,st,eval,bench]"
	touch $@

$(LINT_DIR)/node_modules/.installed: $(LINT_DIR)/package.json $(LINT_DIR)/package-lock.json
	npm ci --prefix $(LINT_DIR) --no-audit --no-fund --loglevel=error
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev $(LINT_DIR)/node_modules/.installed

## The local Neo4j's launcher (tools/neo4j), built by Maven when its sources changed; the
## engine builds it on first use too. First build: ~170 MB into ~/.m2, 1-2 minutes.
neo4j: install
	$(PY) -m graphmem.store.neo4j_build

# The console's browser tests drive Debian's chromium through Playwright (its executable path:
# Playwright never downloads a browser here). Installed from Debian's packages when missing.
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; }

## Run the service on the embedded engine (data in ./.graphmem/).
serve: install
	$(VENV)/bin/graphmem serve

## Every test CI runs (.ci/run runs exactly this): the FalkorDB half, then the Neo4j half.
test: test-falkordb test-neo4j

## ruff, mypy, then unit, integration on the embedded FalkorDB (the console's browser tests
## included), Neo4j lint and sentence-transformers tests: what an engineer runs while iterating.
test-falkordb: install-dev browser
	$(VENV)/bin/ruff check graphmem tests bench
	$(VENV)/bin/mypy
	GRAPHMEM_TEST_ENGINES=falkordb HF_HUB_OFFLINE=1 $(PY) -m pytest -m "not slow"

## Long-running suites, a separate CI step (.ci/slow).
test-slow: install-dev browser
	HF_HUB_OFFLINE=1 $(PY) -m pytest -m slow

## Every benchmark's --quick smoke (figures printed, nothing written to the repository): that
## each script still runs and measures, not its numbers (.ci/slow runs it after test-slow).
BENCH_QUICK = writes forget retrieve_latency consolidation runaway_isolation bootstrap ann_recall memory_listing tenant_latency gate_learned
bench-quick: install-dev
	set -e; for b in $(BENCH_QUICK); do echo "bench-quick: $$b"; \
	  HF_HUB_OFFLINE=1 $(PY) bench/$$b.py --quick; done

## The integration suite on Neo4j: every engine-parametrized test, and the local Neo4j's own
## process tests. On the local Neo4j (built and started by the tests) unless NEO4J_URI names a
## server (NEO4J_URI=bolt://localhost:7687 NEO4J_PASSWORD=… make test-neo4j; it wipes that
## database).
test-neo4j: install-dev neo4j
	GRAPHMEM_TEST_ENGINES=neo4j HF_HUB_OFFLINE=1 $(PY) -m pytest -m "not slow" tests/integration

## The evaluation suites and the ablation ladder (README "Evaluation"): report in ./report/.
eval: install-dev
	HF_HUB_OFFLINE=1 $(VENV)/bin/graphmem eval --out report

## The same suites at smoke size (CI smoke).
eval-quick: install-dev
	HF_HUB_OFFLINE=1 $(VENV)/bin/graphmem eval --quick --out report-quick

lint: install-dev
	$(VENV)/bin/ruff check graphmem tests bench
	$(PY) -m graphmem.lint_cypher

typecheck: install-dev
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) $(LINT_DIR)/node_modules tools/neo4j/target .pytest_cache .mypy_cache .ruff_cache
