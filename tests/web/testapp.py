"""The app the browser tests serve: the Starport app with the sandbox router in front.

Run it by hand with ``.venv/bin/uvicorn tests.web.testapp:app --port 8765``.
"""

from __future__ import annotations

from fastapi import FastAPI

from server.app import app as starport
from server.sandbox import router as sandbox_router

app = FastAPI(title="Starport (browser tests)")
app.include_router(sandbox_router)
app.mount("/", starport)
