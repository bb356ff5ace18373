# galaxis — `make run` and `make test` are the only set-up commands a fresh machine needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck pytest bench clean services

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The main job: the web service on an embedded SQLite file; open http://127.0.0.1:8000
run: $(STAMP)
	$(BIN)/galaxis serve

# A terminal game of Space Smugglers against bots.
play: $(STAMP)
	$(BIN)/galaxis play smugglers --seats human,heuristic,heuristic,random

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check galaxis tests benchmarks examples
	$(BIN)/ruff format --check galaxis tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy galaxis benchmarks

# chromium, PostgreSQL and Redis for the server and browser tests (apt-get when
# missing, started on loopback); it records ok/failed, and only "failed" lets those tests skip.
services:
	bash scripts/services.sh

pytest: $(STAMP) services
	$(BIN)/pytest -n auto --timeout=900

bench: $(STAMP)
	$(BIN)/galaxis bench --json bench.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
