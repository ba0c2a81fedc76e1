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
# the browser tests drive Debian's Chromium (installed here when missing). pytest-xdist
# runs one worker per core (the workers share the cluster, each with its own databases);
# the slowest tests and the wall time are printed at the end. PYTEST_ARGS adds to pytest's
# arguments, e.g. the fast tier alone (markers in pyproject.toml):
#   make test PYTEST_ARGS='-m "not slow and not browser and not postgres and not process"'
PYTEST_ARGS ?=
test: $(STAMP)
	@start=$$(date +%s); status=0; \
	$(MAKE) --no-print-directory lint && tests/web/ensure_chromium.sh && \
	tests/server/pg_cluster.sh $(BIN)/pytest -n auto --dist loadgroup --durations=25 \
		$(PYTEST_ARGS) || status=$$?; \
	echo "make test: $$(( $$(date +%s) - start )) s wall time (exit $$status)"; exit $$status

bench: $(STAMP)
	$(BIN)/python bench/movement.py
	$(BIN)/python bench/server_load.py

board: $(STAMP)
	$(BIN)/starport board venus --svg board.svg

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
