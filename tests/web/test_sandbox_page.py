"""The sandbox page in a real browser: declare, roll, click a destination, pay or stop, the
keyboard-only destination list, refused commands in words, zoom and pan, the phone layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.web.conftest import screenshot

from .conftest import errors_of

pytestmark = pytest.mark.browser


def _open_scenario(page: Page, server_url: str, name: str) -> None:
    page.goto(f"{server_url}/games/venus/sandbox.html#{name}")
    page.wait_for_selector(".hl-heading")  # the board is loaded and the first dots are offered


def _pawn_dot(page: Page, seat: int = 0) -> str:
    return str(page.locator(f'.pawn[data-seat="{seat}"]').get_attribute("data-dot"))


def _wait_pawn(page: Page, dot: str, seat: int = 0) -> None:
    page.wait_for_function(
        f"document.querySelector('.pawn[data-seat=\"{seat}\"]')?.dataset.dot === {dot!r}"
    )


def _log(page: Page) -> str:
    return str(page.locator("#log").inner_text())


def test_declare_roll_and_fly_to_a_highlighted_destination(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    """5.31 declare by clicking a highlighted first dot, roll, click a reachable destination."""
    _open_scenario(page, server_url, "galactic-base")
    page.locator('.hl-heading[data-dot="galactic-base--colony-world.1"]').click()
    page.wait_for_selector('.hl-heading-chosen[data-dot="galactic-base--colony-world.1"]')
    assert "declares the first dot" in _log(page)
    page.locator("#roll").click()
    page.wait_for_selector(".hl-dest")
    assert page.locator(".dice .die").count() == 3
    assert "rolls 3, 4, 5: 12 MP" in _log(page)
    assert page.locator(".hl-dest").count() == page.locator(".dests .dest-btn").count() > 0
    target = page.locator(".hl-land").first
    dot = target.get_attribute("data-dot")
    target.click()
    _wait_pawn(page, str(dot))
    assert "Ann moves" in _log(page) and "lands at" in _log(page)
    assert page.locator("#end-turn").is_visible()
    screenshot(page, str(tmp_path / "sandbox-desktop.png"))
    page.locator("#end-turn").click()
    page.wait_for_function("document.querySelector('#prompt').textContent.startsWith('Bob')")
    assert "Round 1: Bob's turn." in _log(page)


def test_pay_or_stop_prompt_on_a_penalty(page: Page, server_url: str) -> None:
    """6.3: crossing a Penalty Oval asks to pay (less Shields, 8.3) and go on, or stop."""
    _open_scenario(page, server_url, "penalty-shield")
    page.locator('.dests button[data-dot="desert-planet--supernova.2"]').click()
    page.locator("#roll").click()
    page.locator('.hl-dest[data-dot="supernova--water-world.1"]').click()
    page.wait_for_selector("#pay")
    assert "pay and go on, or stop here" in page.locator("#prompt").inner_text()
    assert "Pay 10 and go on" in page.locator("#pay").inner_text()
    page.locator("#pay").click()  # pays and keeps flying: the next oval asks again
    page.wait_for_function("document.querySelector('#log').innerText.includes('pays the 10')")
    page.wait_for_selector("#pay")
    assert _pawn_dot(page) == "supernova.3"
    page.locator("#stop").click()
    page.wait_for_function("document.querySelector('#log').innerText.includes('stops on the')")
    assert _pawn_dot(page) == "supernova.3"
    assert "40" not in page.locator("#players").inner_text().split("cash")[0]  # paid 10


def test_keyboard_only_destination_list(page: Page, server_url: str) -> None:
    """Every step by keyboard: the list of first dots, the roll, the list of destinations."""
    _open_scenario(page, server_url, "navigation-circle")
    first = page.locator('.dests button[data-dot="space-station-planet.11"]')
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.hl-heading-chosen[data-dot="space-station-planet.11"]')
    page.locator("#roll").focus()
    page.keyboard.press("Space")
    page.wait_for_selector(".dests .dest-btn")
    item = page.locator('.dests .dest-btn[data-dot="space-station-planet.12"]')
    label = item.text_content() or ""  # its name: the words it shows
    assert "Space Station Planet" in label and "MP left" in label and "Pilot Number 3" in label
    item.focus()
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    page.keyboard.press("Enter")
    _wait_pawn(page, "space-station-planet.12")
    assert "Ann moves 4 dots" in _log(page)
    # the map's highlighted dots are keyboard buttons too
    page.locator("#end-turn").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".hl-heading")
    page.locator(".hl-heading").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".hl-heading-chosen")


def test_a_refused_command_is_shown_with_its_rule(page: Page, server_url: str) -> None:
    _open_scenario(page, server_url, "galactic-base")
    page.evaluate("starport.send({type: 'RollDice', auto_pilot: false})")
    error = page.locator("#error")
    error.wait_for(state="visible")
    assert "rule 5.31" in error.inner_text() and "declare" in error.inner_text()
    errors_of(page).clear()  # the browser logs the 422 itself


def test_zoom_pan_and_fit(page: Page, server_url: str) -> None:
    _open_scenario(page, server_url, "galactic-base")

    def view() -> list[float]:
        box = page.locator("#board svg").get_attribute("viewBox") or ""
        return [float(v) for v in box.split()]

    fit = view()
    box = page.locator("#board").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    zoomed = view()
    assert zoomed[2] < fit[2] * 0.8
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 120, cy + 60, steps=6)
    page.mouse.up()
    panned = view()
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1] and panned[2] == zoomed[2]
    page.get_by_role("button", name="Fit the whole board to the screen").click()
    assert view() == fit
    page.locator("#board").focus()
    page.keyboard.press("+")
    page.keyboard.press("ArrowRight")
    after = view()
    assert after[2] < fit[2] and after[0] > fit[0]


def test_phone_layout_and_touch(phone: Page, server_url: str, tmp_path: Path) -> None:
    _open_scenario(phone, server_url, "penalty-shield")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    phone.locator('.hl-heading[data-dot="desert-planet--supernova.2"]').tap()
    phone.wait_for_selector(".hl-heading-chosen")
    phone.locator("#roll").tap()
    phone.wait_for_selector(".hl-dest")
    for b in phone.locator(".panel button:visible").all():
        bb = b.bounding_box()
        assert bb is not None and bb["height"] >= 40, b.inner_text()  # large enough to touch
    phone.evaluate("window.scrollTo(0, 0)")
    screenshot(phone, str(tmp_path / "sandbox-phone.png"))


def test_spaceports_and_factories_in_owner_colors_and_deeds_by_name(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    """Spaceports ringed and Factories drawn in their owner's color; deeds and Orbits by the
    names printed on the board (never a raw key such as ``neutron_port``)."""
    _open_scenario(page, server_url, "deeds")
    ann = page.evaluate("starport.names.playerColor({seat: 0, race: 'humans'})")
    bob = page.evaluate("starport.names.playerColor({seat: 1, race: 'dell'})")
    assert ann != bob
    ports = {g.get_attribute("data-dot"): g.locator(".port-ring").get_attribute("stroke")
             for g in page.locator(".spaceport").all()}
    assert ports == {"giant-planet.1": bob, "jungle-planet.3": ann, "colony-world.4": bob}
    factories = {g.get_attribute("data-culture"): (g.get_attribute("data-dot"),
                                                   g.locator(".factory-body").get_attribute("fill"))
                 for g in page.locator(".factory").all()}
    assert factories == {"graw": ("giant-planet.11", ann), "shenna": ("jungle-planet.3", ann),
                         "zum": ("colony-world.10", bob)}
    title = page.locator('.factory[data-culture="zum"] title').text_content() or ""
    assert "Factory of the Zum" in title and "Bob" in title
    players = page.locator("#players").inner_text()
    assert "Spaceport Deed of Jewelport (Jungle Planet)" in players
    assert "Spaceport Deed of Grandport (Giant Planet)" in players
    assert "Factory Deed of the Graw" in players
    page.click("#stay-put")  # trade in Grand Expanse: the Graw sell the free Spaceport Deeds
    deed = "Spaceport Deed of Greathome (Giant Planet)"
    page.wait_for_selector(f"#market tr:has-text('{deed}') button.buy")
    text = page.locator("#controls").inner_text() + page.locator("#market").inner_text() + players
    assert "_" not in text, text
    page.evaluate("starport.board.centreOn('giant-planet.1', 500)")
    screenshot(page, str(tmp_path / "deeds-desktop.png"))


def test_culture_cards_show_goods_demands_fares_and_open_by_keyboard(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    """Each discovered Culture's card at its Culture Box counts its Goods (with the
    price), Factory Goods, Demands, Fares and the Relics at its sun; it opens by keyboard;
    the bonus markers of Cultures not yet discovered are listed "Off the map"."""
    _open_scenario(page, server_url, "markets")
    graw = page.locator('.culture-market[data-culture="graw"]')
    assert graw.get_attribute("data-system") == "giant-planet"
    assert graw.locator(".cc-count").all_text_contents() == ["3·$30", "3", "1", "1"]
    label = str(graw.locator("desc").text_content())  # the card's description
    for words in ("Graw, Culture 2, Giant Planet", "3 × Space Spice, $30",
                  "2 × Designer Genes (Cholos), +$40 each", "Psychotic Sculptures (Qossuth), +$90",
                  "to the Qossuth, fee $120", "Relics at the sun: Spy Eye, $100"):
        assert words in label, label
    shenna = page.locator('.culture-market[data-culture="shenna"]')
    assert shenna.locator(".cc-count").all_text_contents() == ["4·$50", "1·$80", "1", "1"]
    assert "1 × Pet Monsters (Factory Goods), $80" in str(shenna.locator("desc").text_content())
    base = page.locator('.culture-market[data-culture="base"]')
    assert "to the Dell, fee $140" in str(base.locator("desc").text_content())
    base.click()  # a tap on a card opens it and is not a click on the map's highlights
    assert page.locator("#culture-pop").is_visible()
    assert "declares" not in _log(page)
    page.locator("#scenario").focus()  # away from the card: the pinned panel stays
    page.mouse.click(5, 300)  # a press elsewhere closes it
    assert page.locator("#culture-pop").is_hidden()

    page.locator("#board").focus()
    for _ in range(6):  # Tab from the map to the Graw's card
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.culture") == "graw":
            break
    assert graw.get_attribute("aria-expanded") == "true"  # focus opens it
    page.keyboard.press("Enter")  # and pins it
    pop = page.locator("#culture-pop")
    assert pop.is_visible()
    text = str(pop.text_content())
    for words in ("Culture 2", "Graw", "3 × Space Spice", "$30", "+$40 each", "fee $120",
                  "Spy Eye"):
        assert words in text, text
    screenshot(page, str(tmp_path / "markets-desktop.png"))
    page.keyboard.press("Escape")
    assert pop.is_hidden() and graw.get_attribute("aria-expanded") == "false"

    offmap = page.locator(".offmap")
    assert offmap.locator("summary").inner_text() == "Off the map: 2 bonus markers"
    offmap.locator("summary").click()
    listed = offmap.locator("li").all_inner_texts()
    assert listed == ["Niks demands Space Spice (Graw) +$60",
                      "Passenger at the Wollow to the Shenna (Jungle Planet), fee $110"]


def test_a_trade_in_at_a_city_shows_the_city_limit_used(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    """The City limit is not shown as open after a trade-in used it: 9.41 at a City
    a merchant who moved there makes one buy and one sell or barter a turn; a trade-in (9.3)
    is that barter. Ann flies to Colony World's Surface City, trades in her Shield: the
    market panel says the sell/barter half is used, the buy half still open, with the credit."""
    _open_scenario(page, server_url, "city-limit")
    page.locator('.hl-heading[data-dot="colony-world.9"]').click()
    page.locator("#roll").click()
    page.locator('.hl-land[data-dot="colony-world.9"]').click()
    _wait_pawn(page, "colony-world.9")
    limit = page.locator("#market .limit")
    limit.wait_for()
    assert "one buy ○ open · one sell or barter ○ open" in limit.inner_text()
    page.locator("#market button[data-cmd*='Barter']").first.click()
    page.wait_for_function("() => document.querySelector('#market .limit')?.textContent"
                           ".includes('sell or barter ✓ used')")
    assert "one buy ○ open · one sell or barter ✓ used" in limit.inner_text()
    assert "Trade-in credit to spend here this turn: 30" in page.locator("#market").inner_text()
    assert "trades in" in _log(page) or "barters" in _log(page), _log(page)
    screenshot(page, str(tmp_path / "city-limit-desktop.png"))
