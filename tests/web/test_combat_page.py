"""Combat (15) and the Rastur (16) on the sandbox page, in a real browser: two armed ships
meet, the attacker blasts, the defender fires back in his own turn of the hot seat, the winner
chooses the hit; Forts, Rastur, weapons and damage on the map and the ship card; a Rastur
placed by clicking a highlighted site; the phone layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser



def _log(page: Page) -> str:
    return str(page.locator("#log").inner_text())


def _wait_log(page: Page, text: str) -> None:
    """Wait until the log says ``text`` (a locator: no string evaluated in the page, which the
    Content-Security-Policy forbids while Playwright polls)."""
    page.locator("#log", has_text=text).wait_for()


def _open(page: Page, server_url: str, name: str) -> None:
    page.goto(f"{server_url}/games/venus/sandbox.html#{name}")
    page.wait_for_selector(".hl-heading")


def _pool_beside_the_zoom_bar(page: Page) -> None:
    """The Rastur pool's note covers none of the map's zoom buttons."""
    note = page.locator(".rastur-pool").bounding_box()
    assert note is not None
    for button in page.locator(".zoom-bar button").all():
        box = button.bounding_box()
        assert box is not None
        apart = (box["x"] >= note["x"] + note["width"] or note["x"] >= box["x"] + box["width"]
                 or box["y"] >= note["y"] + note["height"] or note["y"] >= box["y"] + box["height"])
        assert apart, (note, box)


def _blast_and_hit(page: Page, shots: str) -> None:
    # pieces: Bob's Fort in his color, weapons and damage on the list and the ship card
    fort = page.locator('.fort[data-dot="desert-planet.5"]')
    assert fort.count() == 1 and fort.get_attribute("data-owner") == "1"
    assert "Bob" in str(fort.locator("title").text_content())
    players = page.locator("#players").inner_text()
    assert "Yellow Drive (damaged)" in players and "Nova Ball" in players
    assert "Weapons: Laser, Nova Ball" in page.locator("#shipcard").inner_text()
    # declare, roll, one dot onto Bob's: the attack opens
    page.locator('.hl-heading[data-dot="desert-planet--supernova.2"]').click()
    page.locator("#roll").click()
    page.wait_for_selector(".hl-step")
    page.locator('.steps button[data-dot="desert-planet--supernova.2"]').click()
    page.wait_for_selector("#blast")
    assert "an attack is open here" in page.locator("#prompt").inner_text()
    panel = page.locator("#combat")
    assert "Bob's ship" in panel.inner_text()
    assert page.locator("#hold-fire").is_visible()
    assert panel.locator("input[data-weapon]").count() == 2
    assert "Firepower 40" in panel.inner_text()
    panel.locator('input[data-weapon="equipment:nova_ball"]').uncheck()
    assert "Firepower 20" in panel.inner_text()
    panel.locator('input[data-weapon="equipment:nova_ball"]').check()
    screenshot(page, f"{shots}-attack.png")
    page.locator("#blast").click()
    # Bob's turn in the hot seat: fire back with his Laser
    page.wait_for_selector("#fire-back")
    assert page.locator("#prompt").inner_text().startswith("Bob: Ann blasts you")
    assert "firing Laser and Nova Ball (firepower 40)" in panel.inner_text()
    assert "Your ship" not in page.locator("#shipcard").inner_text()
    assert "Bob's ship" in page.locator("#shipcard").inner_text()
    assert page.locator(".hl-dest, .hl-step").count() == 0  # no moves while Bob answers
    screenshot(page, f"{shots}-defend.png")
    page.locator("#fire-back").click()
    _wait_log(page, "fires back with Laser")
    log = _log(page)
    assert "Ann blasts Bob at" in log and "firing Laser and Nova Ball (firepower 40)" in log
    assert "Ann rolls 3 (attack 50), Bob rolls 1 (defense 30): Ann wins." in log
    # Ann wins: she chooses the hit
    page.wait_for_selector(".hit-list button")
    assert "choose the hit on Bob's ship" in page.locator("#prompt").inner_text()
    hits = page.locator(".hit-list").inner_text()
    assert "Destroy the Shield on the Hull" in hits and "Damage Hold 1 (Voil Silk)" in hits
    screenshot(page, f"{shots}-hit.png")
    page.locator(".hit-list button", has_text="and claim the Goods").click()
    _wait_log(page, "Ann hits Bob: damages Hold 1")
    assert "claims" in _log(page)
    page.wait_for_selector(".hl-step, .hl-dest")  # Ann's move goes on
    assert "Voil Silk" in page.locator("#shipcard").inner_text()


def test_two_armed_ships_blast_fire_back_and_hit(page: Page, server_url: str,
                                                 tmp_path: Path) -> None:
    """15.4-15.431 with the scenario's dice: Ann 3 + 40 - 20 (Shield) against Bob 1 + 20."""
    _open(page, server_url, "combat")
    _blast_and_hit(page, str(tmp_path / "starport-combat-desktop"))


def test_combat_on_a_phone(phone: Page, server_url: str, tmp_path: Path) -> None:
    _open(phone, server_url, "combat")
    _blast_and_hit(phone, str(tmp_path / "starport-combat-phone"))


def test_rastur_placed_by_clicking_a_highlighted_site(page: Page, server_url: str,
                                                      tmp_path: Path) -> None:
    """16.2, 16.23: a 1 draws a Rastur; a click on a highlighted site places it."""
    _open(page, server_url, "rastur")
    r = page.locator('.rastur[data-dot="supernova.4"]')
    assert r.count() == 1 and r.get_attribute("data-strength") == "50"
    pool = page.locator(".rastur-pool").inner_text()
    assert pool.startswith("Rastur pool: ") and "face down, the game's clock (16.5)" in pool
    before = int(pool.split(": ")[1].split(" ")[0])
    _pool_beside_the_zoom_bar(page)
    assert page.locator('.fort[data-dot="desert-planet.5"]').get_attribute("data-owner") == "0"
    page.locator('.hl-heading[data-dot="galactic-base--colony-world.1"]').click()
    page.locator("#roll").click()
    page.wait_for_selector(".hl-rastur")
    _wait_log(page, "draws a Rastur of strength")
    assert "place the Rastur of strength" in page.locator("#prompt").inner_text()
    strength = page.evaluate("starport.answer.view.rastur_hand")
    assert page.locator(".hl-rastur").count() == page.locator(".rastur-sites button").count() > 3
    assert page.locator(".hl-dest").count() == 0
    screenshot(page, str(tmp_path / "starport-rastur-place-desktop.png"))
    page.locator('.hl-rastur[data-dot="colony-world.1"]').click()
    page.wait_for_selector('.rastur[data-dot="colony-world.1"]')
    placed = page.locator(".rastur[data-dot='colony-world.1']")
    assert placed.get_attribute("data-strength") == str(strength)
    assert f"places the Rastur (strength {strength}) at" in _log(page)
    assert f"Rastur pool: {before - 1} face down" in page.locator(".rastur-pool").inner_text()
    page.wait_for_selector(".hl-dest")  # Ann's move goes on
    screenshot(page, str(tmp_path / "starport-rastur-placed-desktop.png"))


def _pack_then_hit(page: Page, shots: str) -> None:
    page.locator('.hl-heading[data-dot="desert-planet--supernova.2"]').click()
    page.locator("#roll").click()
    page.wait_for_selector(".hl-step")
    page.locator('.steps button[data-dot="desert-planet--supernova.2"]').click()
    page.wait_for_selector("#blast")
    page.locator("#blast").click()
    page.wait_for_selector("#no-fire-back")  # Bob has no weapon: he rolls the defense
    page.locator("#no-fire-back").click()
    # Ann won: Bob (hot seat) packs his Holds first
    page.wait_for_selector(".pack-list button")
    panel = page.locator("#combat")
    assert "Pack your Holds (15.431)" in panel.inner_text()
    assert page.locator("#prompt").inner_text().startswith("Bob: Ann won the fight")
    assert page.locator(".hl-dest, .hl-step").count() == 0  # no moves while Bob answers
    packs = page.locator(".pack-list button")
    assert packs.count() == 3  # Shield, Yellow Drive, Fare in two Holds: three ways
    screenshot(page, f"{shots}-pack.png")
    packs.filter(has_text="Hold 2: Shield + Yellow Drive; Hold 3: Fare Graw").click()
    _wait_log(page, "Bob packs his Holds: ")
    # Ann chooses the hit, seeing Bob's packing in the Hold list
    page.wait_for_selector(".hit-list button")
    hits = page.locator(".hit-list").inner_text()
    assert "Damage Hold 2 (Shield + Yellow Drive)" in hits
    assert "Damage Hold 3 (Fare Graw → Qossuth)" in hits
    screenshot(page, f"{shots}-hit.png")
    page.locator(".hit-list button", has_text="Damage Hold 3").click()
    _wait_log(page, "Ann hits Bob: damages Hold 3")
    assert "1 Fare(s) lost" in _log(page)


def test_the_loser_packs_his_holds_before_the_hit(page: Page, server_url: str,
                                                 tmp_path: Path) -> None:
    """15.431 with 3.431: "damage one Hold of his choice on the loser's ship"; the loser
    says which of his markers share a Hold (the `pack` prompt), then the winner chooses."""
    _open(page, server_url, "hold-packing")
    _pack_then_hit(page, str(tmp_path / "starport-pack-desktop"))


def test_hold_packing_on_a_phone(phone: Page, server_url: str, tmp_path: Path) -> None:
    _open(phone, server_url, "hold-packing")
    _pack_then_hit(phone, str(tmp_path / "starport-pack-phone"))


def test_the_rastur_pool_on_a_phone_leaves_the_zoom_buttons_free(phone: Page,
                                                                  server_url: str) -> None:
    """16.2: the pool's note (the game's clock, 16.5) sits above the phone's row of zoom
    buttons."""
    _open(phone, server_url, "rastur")
    assert "the game's clock (16.5)" in phone.locator(".rastur-pool").inner_text()
    _pool_beside_the_zoom_bar(phone)
