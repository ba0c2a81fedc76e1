#!/usr/bin/env bash
# Make sure Debian's Chromium is there for the browser tests (never a downloaded browser).
# As root with apt-get it installs the `chromium` package when /usr/bin/chromium is missing;
# otherwise it says so, and the browser tests skip themselves.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser tests" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
else
  echo "Chromium not found and cannot be installed: the browser tests will be skipped" >&2
fi
