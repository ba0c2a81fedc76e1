# Starport: the two commands of the README are `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench board clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/starport serve

lint: $(STAMP)
	$(BIN)/ruff check engine server tests bench tools
	$(BIN)/mypy
	$(BIN)/mypy bench/*.py

# the server tests run on SQLite and, in a throwaway cluster on loopback, on PostgreSQL;
# the browser tests drive Debian's Chromium (installed here when missing)
test: lint
	tests/web/ensure_chromium.sh
	tests/server/pg_cluster.sh $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python bench/movement.py
	$(BIN)/python bench/server_load.py

board: $(STAMP)
	$(BIN)/starport board venus --svg board.svg

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
