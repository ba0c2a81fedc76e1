"""My games on every device without an account, in a real Chromium (``mylink.js``,
``server/gamelists.py``): one browser makes its personal link (shown with its QR code);
another browser -- a second context, as a phone or another computer would be -- opens it and
sees the list and opens its seats; a game got in one reaches the other; a new link made in
the first stops the old one in the second, which says so and keeps its own copy. At desktop
and phone sizes; screenshots in ``/tmp/shots-away/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-away")
SIZES: dict[str, dict[str, Any]] = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True, "device_scale_factor": 2}}


def _context(browser: Any, errors: list[str], size: str) -> Any:
    ctx = browser.new_context(bypass_csp=False, reduced_motion="reduce", **SIZES[size])
    ctx.on("weberror", lambda e: errors.append(f"page error: {e.error}"))
    return ctx


def _page(ctx: Any, errors: list[str]) -> Any:
    page = ctx.new_page()
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(30_000)
    return page


def _table(base: str, name: str) -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=60) as c:
        table: dict[str, Any] = c.post("/api/tables", json={"name": name, "seats": 2}).json()
        c.post(f"/api/tables/{table['table_id']}/join", json={"name": "Ann"},
               headers={"X-Starport-Token": table["seats"][0]["token"]})
        return table


def _rows(page: Any) -> list[str]:
    return [str(t) for t in page.locator("#mygames li.mygame").evaluate_all(
        "(lis) => lis.map((li) => li.dataset.table)")]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_personal_link_brings_my_games_to_another_browser(
        browser: Any, server_url: str, size: str) -> None:
    errors: list[str] = []
    SHOTS.mkdir(exist_ok=True)
    first, second = _table(server_url, "Over days"), _table(server_url, "Long haul")
    laptop = _context(browser, errors, size)
    page = _page(laptop, errors)
    # the laptop holds a seat of one table and the host link of another
    page.goto(first["seats"][0]["url"])
    page.wait_for_selector("#lobby:not([hidden]), #game:not([hidden])")
    page.goto(f"{server_url}/")
    page.evaluate("""(host) => {
        const list = JSON.parse(localStorage.getItem('starport:mine'));
        list.push({table: host.table, token: host.token, role: 'host', seat: null, at: 1});
        localStorage.setItem('starport:mine', JSON.stringify(list));
    }""", {"table": second["table_id"], "token": second["host"]["token"]})
    page.reload()
    page.wait_for_selector("#mygames li.mygame >> nth=1")
    assert _rows(page) == [first["table_id"], second["table_id"]]
    # "On your other devices": this browser only, until a link is made
    box = page.locator("#mygames-devices")
    assert "this browser only" in box.locator("summary").inner_text()
    box.locator("summary").click()
    assert "No account needed" in page.locator("#mygames-devices-hint").inner_text()
    page.locator("#mygames-make").click()
    page.wait_for_selector("#mygames-qr")
    link = page.locator("#mygames-url").input_value()
    assert link.startswith(f"{server_url}/#my-games=")
    token = link.split("=", 1)[1]
    assert "in step" in box.locator("summary").inner_text()
    # the code on the page is the link's (the server's rows, drawn with a quiet zone)
    shown = httpx.post(f"{server_url}/api/gamelists/link",
                       headers={"X-Starport-List": token}).json()
    n = len(shown["qr"]) + 8
    assert page.locator("#mygames-qr").get_attribute("viewBox") == f"0 0 {n} {n}"
    qr_box = page.locator("#mygames-qr").bounding_box()
    assert qr_box["width"] >= 150 and abs(qr_box["width"] - qr_box["height"]) < 1
    screenshot(page, SHOTS / f"mygames-link-{size}.png", showing=box, full_page=True)

    # another browser opens the link: the list and its seats come there
    phone = _context(browser, errors, size)
    other = _page(phone, errors)
    other.goto(link)
    other.wait_for_selector("#mygames li.mygame >> nth=1")
    assert _rows(other) == [first["table_id"], second["table_id"]]
    assert other.evaluate("location.hash") == ""  # the token leaves the address bar
    assert "in step" in other.locator("#mygames-devices summary").inner_text()
    other.wait_for_selector("#mygames-devices[open] #mygames-devices-note:not([hidden])")
    assert "keeps My games in step" in other.locator("#mygames-devices-note").inner_text()
    screenshot(other, str(SHOTS / f"mygames-opened-{size}.png"), full_page=True)
    seat = other.locator(f'li.mygame[data-table="{first["table_id"]}"] a.mygame-open')
    assert "seat 1" in seat.inner_text()
    seat.click()
    other.wait_for_selector("#lobby:not([hidden]), #game:not([hidden])")
    assert other.evaluate("location.pathname") == f"/t/{first['table_id']}"
    me = other.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/') + '/me', "
                        "{headers: {'X-Starport-Token': location.hash.slice(1)}})"
                        ".then((r) => r.json())")
    assert me["role"] == "seat" and me["seat"] == 0  # the seat's own link, as it works today

    # a game got in the second browser reaches the first
    third = _table(server_url, "Third")
    other.goto(third["spectator"]["url"])
    other.wait_for_selector("#lobby:not([hidden])")
    other.goto(f"{server_url}/")
    other.wait_for_selector("#mygames li.mygame >> nth=2")
    page.reload()
    page.wait_for_selector("#mygames li.mygame >> nth=2")
    assert _rows(page)[0] == third["table_id"]
    # removed in the first: gone in the second
    page.locator(f'li.mygame[data-table="{second["table_id"]}"] .mygame-remove').click()
    page.wait_for_function("() => document.querySelectorAll('#mygames li.mygame').length === 2")
    page.wait_for_function("() => !localStorage.getItem('starport:mine:ops')")
    other.reload()
    other.wait_for_selector("#mygames li.mygame >> nth=1")
    other.wait_for_timeout(300)
    assert second["table_id"] not in _rows(other)

    # a new link: the old one stops working in the second browser, which says so
    page.locator("#mygames-devices summary").click() if not page.locator(
        "#mygames-devices").evaluate("(d) => d.open") else None
    page.wait_for_selector("#mygames-renew")
    page.locator("#mygames-renew").click()
    page.wait_for_function(f"() => !document.querySelector('#mygames-url').value"
                           f".endsWith('{token}')")
    before = len(errors)
    other.reload()
    other.wait_for_selector("#mygames-devices[open] .error:not([hidden])")
    # the browser logs the old link's 404 itself: that one is expected
    expected = [e for e in errors[before:] if "404" in e][:1]
    assert expected, errors
    errors.remove(expected[0])
    assert "no longer works" in other.locator("#mygames-devices .error").inner_text()
    assert "this browser only" in other.locator("#mygames-devices summary").inner_text()
    # its own copy stays (drawn once the statuses are fetched, after the error is shown)
    other.wait_for_function("() => document.querySelectorAll('#mygames li.mygame').length === 2")
    screenshot(other, str(SHOTS / f"mygames-replaced-{size}.png"), full_page=True)
    laptop.close()
    phone.close()
    assert not errors, errors
