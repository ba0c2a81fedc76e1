"""The app the browser tests serve: the Starport app (sandbox router included) on a
throwaway SQLite database in a temporary directory.

Run it by hand with ``.venv/bin/uvicorn tests.web.testapp:app --port 8765``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from server.app import create_app
from server.config import Settings, database_url


def _session_limits() -> str:
    """The server's own rate limits, but for the ones a whole session of browser tests from
    one address outgrows (tables made, seats joined, sockets opened: a public server allows
    one address 20 tables a minute, and the standard game's tests each start one)."""
    limits = dict(rule.split("=", 1) for rule in Settings().rate_limits.split(";"))
    for kind in ("create", "join", "connect"):
        assert kind in limits, f"no {kind} limit in the server's defaults"
        limits[kind] = "6000/minute"
    return ";".join(f"{k}={v}" for k, v in limits.items())


_data = Path(tempfile.mkdtemp(prefix="starport-web-"))
app = create_app(Settings(data_dir=_data, database_url=database_url(None, _data),
                          rate_limits=_session_limits()))
