"""The app the browser tests serve: the Starport app (sandbox router included) on a
throwaway SQLite database in a temporary directory.

Run it by hand with ``.venv/bin/uvicorn tests.web.testapp:app --port 8765``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from server.app import create_app
from server.config import Settings, database_url

_data = Path(tempfile.mkdtemp(prefix="starport-web-"))
app = create_app(Settings(data_dir=_data, database_url=database_url(None, _data)))
