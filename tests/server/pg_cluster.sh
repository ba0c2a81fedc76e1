#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL cluster on loopback, for the server tests.
#   tests/server/pg_cluster.sh .venv/bin/pytest
# Installs Debian's `postgresql` when it is missing (as root, with apt-get), creates a cluster
# in a temporary directory owned by the `postgres` user (or by the current user when not
# root), starts it on a free loopback port, exports STARPORT_TEST_PG (an admin URL), runs the
# command, then stops and removes the cluster. Without PostgreSQL (and no way to install it)
# the command runs anyway and the PostgreSQL tests are skipped.
set -euo pipefail

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

if ! BIN=$(find_bin); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing Debian's postgresql for the server tests" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    BIN=$(find_bin)
  else
    echo "PostgreSQL not found and cannot be installed: its tests will be skipped" >&2
    exec "$@"
  fi
fi

DIR=$(mktemp -d /tmp/starport-pg.XXXXXX)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$DIR"
  AS=(runuser -u postgres --)
  USER_NAME=postgres
else
  AS=()
  USER_NAME=$(id -un)
fi

cleanup() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U "$USER_NAME" -A trust --no-sync >/dev/null
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=on -c max_connections=300" \
  start >/dev/null

export STARPORT_TEST_PG="postgresql://$USER_NAME@127.0.0.1:$PORT/postgres"
echo "PostgreSQL for the tests on 127.0.0.1:$PORT" >&2
"$@"
