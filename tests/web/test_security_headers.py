"""The pages carry a Content-Security-Policy (own scripts and styles
only, no framing) and the client works under it: the start page, a live table and the
sandbox board (drawn from the server's SVG) load with no CSP violation (the ``csp_page``
fixture fails a test on any console error, which is how Chromium reports one)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_the_start_page_loads_under_its_csp(csp_page: Any, server_url: str) -> None:
    page = csp_page
    response = page.goto(server_url + "/")
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    page.wait_for_selector("#t-length")


def test_a_live_table_connects_under_the_csp(csp_page: Any, server_url: str) -> None:
    page = csp_page
    table = httpx.post(server_url + "/api/tables", json={"seats": 2, "bots": [1]}).json()
    seat = table["seats"][0]
    page.goto(seat["url"].replace(seat["url"].split("/t/")[0], server_url))
    page.wait_for_selector("#lobby-options")  # the lobby came over the API and the socket
    assert page.evaluate("document.querySelector('#lobby-options').textContent").strip()


def test_the_sandbox_board_draws_under_the_csp(csp_page: Any, server_url: str) -> None:
    page = csp_page
    page.goto(f"{server_url}/games/venus/sandbox.html")
    page.wait_for_selector("svg [id^='dot-']", state="attached")
