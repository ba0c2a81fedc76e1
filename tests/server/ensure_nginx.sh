#!/usr/bin/env bash
# Make sure Debian's nginx is there for the reverse-proxy test (tests/server/test_behind_proxy.py).
# As root with apt-get it installs the `nginx` package when /usr/sbin/nginx is missing, with
# services kept from starting (a policy-rc.d that refuses them, for the install only: the
# package's own site would listen on port 80); the test runs its own nginx on loopback ports.
# Otherwise it says so, and the proxy test skips itself.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's nginx for the reverse-proxy test" >&2
  POLICY=/usr/sbin/policy-rc.d
  if [ ! -e "$POLICY" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$POLICY"
    chmod 755 "$POLICY"
    trap 'rm -f "$POLICY"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >&2
else
  echo "nginx not found and cannot be installed: the reverse-proxy test will be skipped" >&2
fi
