"""The Node side of the bench: ``bench/peers/package.json`` installed into a cache dir.

It holds boardgame.io 0.50.2 (the peer's server and load client, ``bench/compare.py``) and
``ws`` (our load generator in Node, ``bench/peers/ours_load.js``, driven by
``bench/server_load.py --generator node``). ``npm`` installs it on first use into
``~/.cache/starport-peers/`` (``$XDG_CACHE_HOME`` is honoured), in a dir named after the
package.json's contents: a changed package.json installs anew beside the old one, so
branches with different package.json files don't reinstall over each other. Installs are
serialised by a lock file there.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

PEERS = Path(__file__).resolve().parent / "peers"
NODE = shutil.which("node") or "/usr/bin/node"


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256((PEERS / "package.json").read_bytes()).hexdigest()[:10]
    return base / "starport-peers" / f"bgio-0.50.2-{digest}"


def installed() -> Path | None:
    """The installed ``node_modules``, or None before the first install."""
    modules = cache_dir() / "node_modules"
    stamp = modules / ".starport-package.json"
    wanted = (PEERS / "package.json").read_text()
    return modules if stamp.exists() and stamp.read_text() == wanted else None


def install_peer() -> Path:
    """``npm install`` the package.json into the cache dir (once per package.json)."""
    target = cache_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        modules = installed()
        if modules is not None:
            return modules
        if target.exists():  # a half-done install
            shutil.rmtree(target)
        target.mkdir()
        wanted = (PEERS / "package.json").read_text()
        (target / "package.json").write_text(wanted)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=target, check=True)
        (target / "node_modules" / ".starport-package.json").write_text(wanted)
        return target / "node_modules"


def node_env() -> dict[str, str]:
    """The environment a script in ``bench/peers/`` runs in (installing first if needed)."""
    return {**os.environ, "NODE_PATH": str(install_peer()), "NODE_ENV": "production"}
