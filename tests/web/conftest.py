"""Browser tests: a real uvicorn server on a free loopback port and Debian's Chromium, headless.

Tests marked ``browser`` are skipped when ``/usr/bin/chromium`` or the ``playwright`` package
is missing; no browser is ever downloaded.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("STARPORT_CHROMIUM", "/usr/bin/chromium")
# the screenshots the tests save for a person to look at (under /tmp/shots-*), taken when
# STARPORT_TEST_SHOTS is set: each costs the browser 0.2 s of CPU (0.5 s on a phone), and no
# test reads them (a test that checks a picture takes its own)
SHOTS_WANTED = bool(os.environ.get("STARPORT_TEST_SHOTS"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    # headless Chromium builds each new context's window a top-chrome omnibox popup in WebUI
    # (~400 chrome:// resources in a renderer of its own) that no test opens: measured, a new
    # context cost 0.55 s of CPU with it and 0.3 without, a classic game's page 2.1 and 1.2 s
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI",
]


def screenshot(what: Any, path: Path | str, showing: Any = None, **options: Any) -> None:
    """A screenshot of a page or an element (a locator) at ``path``, for a person to look at:
    taken only when ``STARPORT_TEST_SHOTS`` is set, the page scrolled to ``showing`` (a
    locator) first; ``options`` are Playwright's (``full_page``)."""
    if SHOTS_WANTED:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        if showing is not None:
            showing.scroll_into_view_if_needed()
        what.screenshot(path=str(path), **options)


def launch(pw: Any) -> Any:
    """Debian's Chromium, headless, whose new contexts and pages prefer reduced motion unless
    a test asks otherwise (``reduced_motion="no-preference"``: the tests of the animations
    themselves). A game page's halos and rings move for about three seconds after each
    drawing; in a test that plays, something is always moving, and a page open four seconds
    cost the browser 2 s of CPU more than the same page still (4.5 against 2.5 s for a
    classic game's page, load included)."""
    b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    for name in ("new_context", "new_page"):
        made = getattr(b, name)

        def calm(*args: Any, _made: Any = made, **kw: Any) -> Any:
            kw.setdefault("reduced_motion", "reduce")
            return _made(*args, **kw)

        setattr(b, name, calm)
    return b


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real headless Chromium (tests/web)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """The Starport app plus the sandbox router, served by uvicorn in a thread."""
    import uvicorn

    from tests.web.testapp import app

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws="server.wsproto:Protocol"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # waited for: a loaded machine starts it slowly
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, for the tests of this folder: torn down before a test
    outside it runs (the longest tests start first, so folders interleave in a worker), since
    Playwright's sync API keeps an event loop running that would refuse their asyncio.run."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = launch(pw)
        yield b
        b.close()


class PageErrors(list[str]):
    """Uncaught page errors and console errors, checked after each test."""


def errors_of(page: Any) -> PageErrors:
    """The errors recorded for a page opened here (``_open`` keeps them on the page)."""
    errors: PageErrors = page.errors
    return errors


def _open(browser: Any, **context: Any) -> Iterator[Any]:
    # Playwright's wait_for_function evaluates its string with eval, which the pages' CSP
    # forbids: the tests bypass it, except with ``csp_page`` (tests/web/test_security_headers)
    ctx = browser.new_context(**{"bypass_csp": True, **context})
    page = ctx.new_page()
    errors = PageErrors()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.errors = errors
    # what a page waits for comes at once on a quiet machine; the room is for a loaded one
    # (pytest-xdist's workers, each with its own Chromium, share the cores)
    page.set_default_timeout(30_000)
    yield page
    ctx.close()
    assert not errors, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A desktop-sized page (1400x900)."""
    yield from _open(browser, viewport={"width": 1400, "height": 900})


@pytest.fixture
def csp_page(browser: Any) -> Iterator[Any]:
    """A desktop-sized page that enforces the server's Content-Security-Policy."""
    yield from _open(browser, viewport={"width": 1400, "height": 900}, bypass_csp=False)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page with touch (390x844)."""
    yield from _open(browser, viewport={"width": 390, "height": 844}, is_mobile=True,
                     has_touch=True, device_scale_factor=2)


KNOWN_SEED = "seed-41"  # with it the first seat of a table can land at a City after its first roll,
# and a trader-played first seat buys Goods in round 1 and sells them in round 2 (test_table_game)


@pytest.fixture
def known_seed(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Games started by the test server use ``KNOWN_SEED`` (links and tokens stay random)."""
    import secrets
    import types

    import server.lobby as service  # where a game's seed is drawn

    fake = types.SimpleNamespace(token_hex=lambda n=32: KNOWN_SEED,
                                 SystemRandom=secrets.SystemRandom)
    monkeypatch.setattr(service, "secrets", fake)
    yield KNOWN_SEED
