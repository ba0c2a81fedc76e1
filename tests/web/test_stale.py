"""Messages go when their cause goes, and nothing a player does is met by silence, on a
desktop and a phone: the notice pointing at "Take my seat back" goes once the seat is taken
back; "Cannot reach the server" goes once the connection is back; a tab of a seat whose other
tab played is told the game moved on (not that a bot played); a shortcut key that does
nothing ("u" after the roll, "r" or "e" out of turn) says why."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.a11ykit import SIZES, api, check, page_in, shot, started, synced, view, waiting_for

pytestmark = pytest.mark.browser


def opened(browser: Any, server_url: str, t: dict[str, Any], seat: int, size: str,
           errors: list[str]) -> Any:
    page = page_in(browser, size, errors)
    page.goto(t["seats"][seat]["url"])
    page.wait_for_selector("#game:not([hidden])")
    synced(page, view(server_url, t, seat)["seq"])
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_the_seat_notice_goes_with_the_bot(browser: Any, server_url: str, size: str) -> None:
    """The host lets a bot play Ann's seat: she is told, pointed at the button; she takes her
    seat back: the notice pointing at a button no longer there goes."""
    errors: list[str] = []
    t = started(server_url, "venus", ["Ann", "Bob"])
    ann = opened(browser, server_url, t, 0, size, errors)
    api(server_url, f"/api/tables/{t['table_id']}/seats/0/bot", {"bot": True},
        token=t["host"]["token"])
    ann.wait_for_selector(".notice[data-key='seat']")
    assert "the button above" in ann.locator(".notice[data-key='seat']").inner_text()
    ann.locator(".seat-back button", has_text="Take my seat back").click()
    ann.wait_for_selector(".seat-back", state="hidden")
    assert ann.locator(".notice", has_text="the button above").count() == 0
    shot(ann, f"stale-seat-back-{size}")
    ann.context.close()
    check(errors)


@pytest.mark.parametrize("size", list(SIZES))
def test_cannot_reach_goes_when_the_connection_is_back(browser: Any, server_url: str,
                                                      size: str) -> None:
    errors: list[str] = []
    t = started(server_url, "venus", ["Ann", "Bob"])
    ann = opened(browser, server_url, t, 0, size, errors)
    ann.context.set_offline(True)
    ann.wait_for_selector("#conn.conn-offline")
    ann.fill("#chat-text", "hello?")
    ann.click("#chat-form button[type=submit]")
    ann.wait_for_function("() => document.getElementById('error').textContent"
                          ".includes('Cannot reach the server')")
    ann.context.set_offline(False)
    ann.wait_for_selector("#conn.conn-open", timeout=30_000)
    ann.wait_for_selector("#error", state="hidden")
    ann.context.close()
    errors[:] = [e for e in errors if "Failed to load resource" not in e]  # the offline POST
    check(errors)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tab_whose_other_tab_played_is_told(browser: Any, server_url: str,
                                             size: str) -> None:
    """Two tabs of the seat to play: one declares and rolls; the other is told the game
    moved on in another tab (its Roll button went from under the player), not that a bot
    played."""
    errors: list[str] = []
    t = started(server_url, "venus", ["Ann", "Bob"])
    seat, _ = waiting_for(server_url, t, [0, 1])
    here = opened(browser, server_url, t, seat, size, errors)
    there = opened(browser, server_url, t, seat, size, errors)
    there.locator("#moves .move-list button").first.click()
    there.locator("#roll:not([disabled])").click()
    # the declaration and the roll may reach this tab in two pushes: the notice adds each
    here.locator(".notice[data-key='elsewhere']", has_text=" rolls ").wait_for()
    told = here.locator(".notice[data-key='elsewhere']").inner_text()
    assert "another tab or window" in told and " rolls " in told, told
    assert here.locator(".notice[data-key='bot']").count() == 0
    shot(here, f"stale-other-tab-{size}")
    for p in (here, there):
        p.context.close()
    check(errors)


def status_after(page: Any, key: str) -> str:
    page.locator("#board").focus()
    page.keyboard.press(key)
    page.wait_for_selector("#key-status:not([hidden])")
    return str(page.locator("#key-status").inner_text())


@pytest.mark.parametrize("size", list(SIZES))
def test_a_key_that_does_nothing_says_why(browser: Any, server_url: str, size: str) -> None:
    errors: list[str] = []
    t = started(server_url, "venus", ["Ann", "Bob"])
    seat, _ = waiting_for(server_url, t, [0, 1])
    mover = opened(browser, server_url, t, seat, size, errors)
    other = opened(browser, server_url, t, 1 - seat, size, errors)
    said = status_after(other, "r")
    assert "Roll the dice" in said and "waits for" in said, said
    said = status_after(other, "e")
    assert "End your turn" in said and "waits for" in said, said
    said = status_after(mover, "r")  # no first dot declared yet: the button's reason
    assert "declare your first dot" in said, said
    mover.locator("#moves .move-list button").first.click()
    mover.locator("#roll:not([disabled])").click()
    synced(mover, view(server_url, t, seat)["seq"])
    said = status_after(mover, "u")
    assert "Take back" in said and "nothing to take back" in said, said
    shot(mover, f"stale-key-{size}")
    for p in (mover, other):
        p.context.close()
    check(errors)
