# galaxis — `make run` and `make test` are the only set-up commands a fresh machine needs.
#   make run   installs what playing needs (pip install -e .) and starts the web service
#   make test  adds the extras dev, reports, interop and distributed, then lints and tests
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run play test lint imports typecheck pytest bench clean services

$(BIN)/python:
	$(PY) -m venv $(VENV)

# The run profile: the engine, the terminal game and the web service (SQLite).
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

# The development profile: the run profile plus every extra and the test tools.
$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(RUN_STAMP)

# The main job: the web service on an embedded SQLite file; open http://127.0.0.1:8000
run: $(RUN_STAMP)
	$(BIN)/galaxis serve

# A terminal game of Space Smugglers against bots.
play: $(RUN_STAMP)
	$(BIN)/galaxis play smugglers --seats human,heuristic,heuristic,random

test: $(DEV_STAMP) lint imports typecheck pytest

lint: $(DEV_STAMP)
	$(BIN)/ruff check galaxis tests benchmarks examples scripts
	$(BIN)/ruff format --check galaxis tests benchmarks examples scripts

# The layers of docs/architecture.md ("Layers"): the contracts are in .importlinter.
imports: $(DEV_STAMP)
	$(BIN)/lint-imports

typecheck: $(DEV_STAMP)
	$(BIN)/mypy galaxis benchmarks

# chromium, PostgreSQL and Redis for the server and browser tests (apt-get when
# missing, started on loopback); it records ok/failed, and only "failed" lets those tests skip.
services:
	bash scripts/services.sh

pytest: $(DEV_STAMP) services
	$(BIN)/pytest -n auto --timeout=900

bench: $(DEV_STAMP)
	$(BIN)/galaxis bench --json bench.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist
