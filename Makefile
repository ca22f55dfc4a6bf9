# The README's two commands: `make serve` and `make test`. Everything installs itself.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
PIP_FLAGS ?= -q --disable-pip-version-check
LINT_DIR := tools/cypher-lint

.PHONY: serve test test-slow test-neo4j lint typecheck bench eval eval-quick install install-dev clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install $(PIP_FLAGS) --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PIP) install $(PIP_FLAGS) -e .
	touch $@

# torch first, pinned: that version's CPU build is on this machine's disk; an unpinned
# requirement would pull a multi-GB CUDA build.
$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed
	$(PIP) install $(PIP_FLAGS) torch==2.13.0
	$(PIP) install $(PIP_FLAGS) -e ".[dev,st,eval]"
	touch $@

$(LINT_DIR)/node_modules/.installed: $(LINT_DIR)/package.json $(LINT_DIR)/package-lock.json
	npm ci --prefix $(LINT_DIR) --no-audit --no-fund --loglevel=error
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev $(LINT_DIR)/node_modules/.installed

## Run the service on the embedded engine (data in ./.graphmem/).
serve: install
	$(VENV)/bin/graphmem serve

## ruff, mypy, then unit, integration (embedded FalkorDB), Neo4j lint and sentence-transformers tests.
test: install-dev
	$(VENV)/bin/ruff check graphmem api tests bench
	$(VENV)/bin/mypy
	HF_HUB_OFFLINE=1 $(PY) -m pytest -m "not slow"

## Long-running suites, a separate CI step.
test-slow: install-dev
	HF_HUB_OFFLINE=1 $(PY) -m pytest -m slow

## The engine-parametrized suite against a real Neo4j: NEO4J_URI=bolt://localhost:7687 make test-neo4j
test-neo4j: install-dev
	@test -n "$$NEO4J_URI" || (echo "set NEO4J_URI (docker compose -f docker/compose.yaml up -d neo4j)"; exit 2)
	$(PY) -m pytest tests/integration tests/lint

## The evaluation suites and the ablation ladder (README "Evaluation"): report in ./report/.
eval: install-dev
	HF_HUB_OFFLINE=1 $(VENV)/bin/graphmem eval --out report

## The same suites at smoke size (CI smoke).
eval-quick: install-dev
	HF_HUB_OFFLINE=1 $(VENV)/bin/graphmem eval --quick --out report-quick

lint: install-dev
	$(VENV)/bin/ruff check graphmem api tests bench
	$(PY) -m graphmem.lint_cypher

typecheck: install-dev
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) $(LINT_DIR)/node_modules .pytest_cache .mypy_cache .ruff_cache
