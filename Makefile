# Starport: the two commands of the README are `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench board clean

# the Python packages from the lock (requirements.lock: every package pinned with its hashes,
# made from pyproject.toml by pip-compile, the command in its header), then the project itself
$(STAMP): requirements.lock pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

# the client's type check (TypeScript, pinned by package-lock.json); Debian's nodejs and npm
# are installed when npm is missing (as root with apt-get)
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& echo "installing Debian's nodejs and npm for the client's type check" >&2 \
		&& DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 \
		&& DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >&2; } \
		|| { echo "npm not found: make lint needs Node.js and npm" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/starport serve

# Python: ruff and mypy; the browser client (web/): TypeScript's check of its JavaScript and
# JSDoc types (jsconfig.json, jsconfig.sw.json; `npm run lint`)
lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check engine server tests bench tools
	$(BIN)/mypy
	$(BIN)/mypy bench/*.py
	npm run --silent lint

# the server tests run on SQLite and, in a throwaway cluster on loopback, on PostgreSQL;
# the browser tests drive Debian's Chromium (installed here when missing). pytest-xdist
# runs three workers a core: most tests wait more than they compute (on pages, timers, spawned
# servers, the cluster), and with one worker more than the cores the tests outside the
# browser tier kept the two cores 45% busy (the workers share the cluster, each with its own
# databases);
# the slowest tests and the wall time are printed at the end. PYTEST_ARGS adds to pytest's
# arguments, e.g. the fast tier alone (markers in pyproject.toml):
#   make test PYTEST_ARGS='-m "not slow and not browser and not postgres and not process"'
# The project's modules are compiled once, on every core, before the tests (each worker,
# fork server and child process would compile them again: the image sets
# PYTHONDONTWRITEBYTECODE); then one collection writes the test modules as pytest rewrites
# their asserts, which every worker would otherwise do at once on a fresh clone (a worker's
# collection: 12 s of CPU without them, 6 s with them; an error it meets is the tests' to
# report). Both are kept for the next run.
# The lint (ruff, mypy, the client's type check: ~30 s of one core on a fresh clone) runs
# beside the tests, its output printed after theirs; either failing fails the run. What it
# installs (Node.js and the client's packages) is installed first: two apt-gets at once would
# fight over dpkg's lock on a fresh machine.
PYTEST_ARGS ?=
test: $(STAMP) $(NODE_STAMP)
	@start=$$(date +%s); status=0; lint_log=$$(mktemp); \
	$(MAKE) --no-print-directory lint >"$$lint_log" 2>&1 & lint=$$!; \
	tests/web/ensure_chromium.sh && tests/server/ensure_nginx.sh && \
	$(BIN)/python -m compileall -q -j 0 engine server tools tests migrations >/dev/null && \
	{ PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --collect-only -q $(PYTEST_ARGS) >/dev/null || :; } && \
	PYTHONDONTWRITEBYTECODE= tests/server/pg_cluster.sh $(BIN)/pytest -n $$(( 3 * $$(nproc) )) \
		--dist loadgroup --durations=25 $(PYTEST_ARGS) || status=$$?; \
	if wait $$lint; then echo "make lint: passed"; else status=1; cat "$$lint_log"; \
		echo "make lint: FAILED (above)"; fi; rm -f "$$lint_log"; \
	echo "make test: $$(( $$(date +%s) - start )) s wall time (exit $$status)"; exit $$status

bench: $(STAMP)
	$(BIN)/python bench/movement.py
	$(BIN)/python bench/server_load.py

board: $(STAMP)
	$(BIN)/starport board venus --svg board.svg

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
