"""Our load generator in Node (``bench/peers/ours_load.js``) plays a real server end to end:
``bench/server_load.py --generator node`` sets two tables up, the Node process plays them
for two seconds over the websockets and hands its samples back for the one result line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench import node_peers

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"^server_load games=2 commands_per_s=([\d.]+) p50_ms=([\d.]+) "
                    r"p99_ms=([\d.]+)$", re.M)


@pytest.fixture(scope="module")
def node_modules() -> Path:
    """The bench's npm package installed (as ``bench/compare.py`` does on first use): the
    npm registry is reachable wherever the project runs, so only a machine without Node.js
    or npm skips."""
    if shutil.which("node") is None:
        pytest.skip("no `node` on PATH (Debian's nodejs): the Node load generator can't run")
    modules = node_peers.installed()
    if modules is None:
        if shutil.which("npm") is None:
            pytest.skip("no `npm` on PATH and bench/peers/package.json not installed in "
                        f"{node_peers.cache_dir()}")
        modules = node_peers.install_peer()
    return modules


def test_the_node_generator_plays_two_games_and_reports_samples_without_errors(
        node_modules: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_load.py"), "--generator", "node",
         "--games", "2", "--duration", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    result = RESULT.search(done.stdout)
    assert result is not None, out
    assert float(result.group(1)) > 0, out
    line = re.search(r"^database=sqlite .* samples=(\d+) errors=(\d+) ", done.stdout, re.M)
    assert line is not None, out
    # two games, a command each every 0.25-0.75 s after a start of up to 0.75 s: in 2 s at
    # least one per game, unless the server or the generator failed
    assert int(line.group(1)) >= 2, out
    assert line.group(2) == "0", out
    generator = re.search(r"^load_generator generator=node cpu_us_per_command=(\d+) ",
                          done.stdout, re.M)
    assert generator is not None and int(generator.group(1)) > 0, out
    # the acting socket's frame (the ack) and the other sockets' apart: the ack is never
    # later than the slowest of the four, which is what a sample waits for
    pushes = re.search(r"^pushes ack_p50_ms=([\d.]+) ack_p99_ms=([\d.]+) "
                       r"observer_p50_ms=([\d.]+) observer_p99_ms=([\d.]+)$", done.stdout, re.M)
    assert pushes is not None, out
    assert 0 < float(pushes.group(2)) <= float(result.group(3)) + 0.1, out
    assert float(pushes.group(4)) > 0, out
