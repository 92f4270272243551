# Mallory: `make run` opens the console chat, `make test` runs the suite.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install lint bench clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH (or run: make PYTHON=python3 ...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/mallory run

# in parallel, one worker per core; the slow and heavy tests are .ci/run's (docs/development.md).
# Bytecode is cached even where PYTHONDONTWRITEBYTECODE is set: without the cache each worker
# compiles (and pytest rewrites) every module again, about 7 s of CPU a worker a run
test: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check bot adapters storage tests
	$(BIN)/ruff format --check bot adapters storage tests
	$(BIN)/mypy bot adapters storage

bench: $(STAMP)
	$(BIN)/python bench/routing.py

clean:
	rm -rf $(VENV) data .pytest_cache
