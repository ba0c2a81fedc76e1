"""The board shows what matters: Fit shows every dot inside the map's
real room at desktop (1440x900) and phone (390x844) sizes; culture cards cover no name and no
dot; pawns sharing a dot do not overlap; a tap on crowded targets on the phone opens a
chooser; the map brings new destinations into view unless the player just moved it.

Tables are opened over HTTP (``tests/server/helpers.open_table``); the culture cards are
checked on the sandbox's ``crowded`` scenario (every Culture discovered, three ships on the
Galactic Base). Screenshots go to ``/tmp/starport-board-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.helpers import acting_seat, open_table
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1440, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
SIZES: dict[str, dict[str, Any]] = {"desktop": DESKTOP, "phone": PHONE}

RECTS = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const r = e.getBoundingClientRect();
  return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom,
          id: e.dataset.dot || e.dataset.key || e.textContent};
})"""


def overlap(a: dict[str, Any], b: dict[str, Any], tolerance: float = 0.5) -> bool:
    return bool(min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > tolerance
                and min(a["y1"], b["y1"]) - max(a["y0"], b["y0"]) > tolerance)


def inside(a: dict[str, Any], box: dict[str, Any]) -> bool:
    return bool(a["x0"] >= box["x0"] - 0.5 and a["x1"] <= box["x1"] + 0.5
                and a["y0"] >= box["y0"] - 0.5 and a["y1"] <= box["y1"] + 0.5)


@pytest.fixture
def context(browser: Any, request: pytest.FixtureRequest, known_seed: str) -> Iterator[Any]:
    """A browser context of the size the test asks (``desktop`` or ``phone``); tables get the
    known seed, so each run plays the same game."""
    ctx = browser.new_context(reduced_motion="reduce", **SIZES[request.param])
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    yield ctx
    ctx.close()
    assert not errors, errors


def open_seat(ctx: Any, server_url: str, seats: int = 3, acting: bool = True) -> Any:
    """A new table of ``seats`` humans; the page of the seat that acts first."""
    with httpx.Client(base_url=server_url, timeout=60) as c:
        table = open_table(c, seats=seats)
        seat = acting_seat(c, table) if acting else 0
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(table["seats"][seat]["url"])
    page.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    return page


def open_sandbox(ctx: Any, server_url: str, scenario: str = "crowded") -> Any:
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{server_url}/games/venus/sandbox.html#{scenario}")
    page.wait_for_selector(".culture-card")
    return page


def press_fit(page: Page) -> None:
    page.click("button[aria-label='Fit the whole board to the screen']")
    page.wait_for_timeout(100)


@pytest.mark.parametrize("context", ["desktop", "phone"], indirect=True)
def test_fit_shows_every_dot_inside_the_map_room(context: Any, server_url: str) -> None:
    """Fit: the whole board in the space the map really has: every dot inside the board box,
    none under the zoom bar or the Merchants/Log strip below the map."""
    page = open_seat(context, server_url)
    press_fit(page)
    name = "desktop" if page.viewport_size["width"] > 800 else "phone"
    screenshot(page, f"/tmp/starport-board-fit-{name}.png")
    box = page.evaluate(RECTS, "#board")[0]
    bar = page.evaluate(RECTS, ".board-wrap > .zoom-bar")[0]
    below = page.evaluate(RECTS, ".below")
    dots = page.evaluate(RECTS, "#board svg g.dot[data-dot]")
    assert len(dots) > 250
    for d in dots:
        assert inside(d, box), f"{d['id']} is outside the map box"
        assert not overlap(d, bar), f"{d['id']} is under the zoom bar"
        for strip in below:
            assert not overlap(d, strip), f"{d['id']} is under the strip below the map"


@pytest.mark.parametrize("context", ["desktop"], indirect=True)
def test_fit_while_replaying_leaves_the_replay_bar_free(context: Any, server_url: str) -> None:
    """During a replay its bar lies along the bottom of the map: Fit keeps every dot above it."""
    page = open_seat(context, server_url)
    page.click("#replay-btn")
    page.wait_for_selector("#replay-bar:not([hidden])")
    press_fit(page)
    bar = page.evaluate(RECTS, "#replay-bar")[0]
    box = page.evaluate(RECTS, "#board")[0]
    for d in page.evaluate(RECTS, "#board svg g.dot[data-dot]"):
        assert inside(d, box) and not overlap(d, bar), f"{d['id']} is under the replay bar"


@pytest.mark.parametrize("context", ["desktop", "phone"], indirect=True)
def test_pawns_on_one_dot_fan_out(context: Any, server_url: str) -> None:
    """Three ships start on the Galactic Base: their pawns do not cover each other, at Fit
    and zoomed in."""
    page = open_seat(context, server_url)
    for zoom in ("fit", "in"):
        if zoom == "fit":
            press_fit(page)
        else:
            page.click("button[aria-label='Zoom in']")
            page.click("button[aria-label='Zoom in']")
        bodies = page.evaluate(RECTS, ".pawn[data-dot='galactic-base'] .pawn-body")
        assert len(bodies) == 3
        for i, a in enumerate(bodies):
            for b in bodies[i + 1:]:
                assert not overlap(a, b), f"pawns overlap ({zoom}): {a} {b}"


@pytest.mark.parametrize("context", ["desktop", "phone"], indirect=True)
def test_culture_cards_cover_no_name_and_no_dot(context: Any, server_url: str) -> None:
    """Every Culture discovered: no card covers a system, orbit or city name, a dot (with its
    Pilot Number badges), or another card; at Fit and zoomed in."""
    page = open_sandbox(context, server_url)
    name = "desktop" if page.viewport_size["width"] > 800 else "phone"
    for zoom in ("fit", "in"):
        if zoom == "fit":
            press_fit(page)
        else:
            page.click("button[aria-label='Zoom in']")
        page.wait_for_function(  # the cards are laid out again once the zoom settles
            "() => document.querySelector('.layer-culture').dataset.laidAt"
            " === document.querySelector('#board svg').style.getPropertyValue('--mark-scale')")
        screenshot(page, f"/tmp/starport-board-cards-{name}-{zoom}.png")
        cards = page.evaluate(RECTS, ".culture-card .culture-bg")
        assert len(cards) == 15  # fourteen Cultures and the Galactic Base's Fares
        labels = page.evaluate(RECTS, "#labels text")
        dots = page.evaluate(RECTS, "#board svg g.dot[data-dot]")
        for c in cards:
            for lab in labels:
                assert not overlap(c, lab), f"a card covers the name {lab['id']!r} ({zoom})"
            for d in dots:
                assert not overlap(c, d), f"a card covers the dot {d['id']} ({zoom})"
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                assert not overlap(a, b), f"two cards overlap ({zoom})"


def crowded_pair(page: Page) -> tuple[str, str, dict[str, float]] | None:
    """The two highlighted targets closest on screen, if closer than a 44 px fingertip."""
    pts = page.evaluate("""() => [...document.querySelectorAll('.hl .hl-hit')].map((e) => {
      const r = e.getBoundingClientRect();
      return {dot: e.closest('.hl').dataset.dot, x: r.left + r.width / 2, y: r.top + r.height / 2};
    })""")
    best = None
    for i, a in enumerate(pts):
        for b in pts[i + 1:]:
            dist = ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5
            if dist < 44 and (best is None or dist < best[0]):
                best = (dist, a, b)
    if best is None:
        return None
    _, a, b = best
    return a["dot"], b["dot"], {"x": (a["x"] + b["x"]) / 2, "y": (a["y"] + b["y"]) / 2}


@pytest.mark.parametrize("context", ["phone"], indirect=True)
def test_a_tap_on_crowded_targets_offers_a_chooser(context: Any, server_url: str) -> None:
    """On the phone, the first dots around the Galactic Base sit closer than a fingertip at
    Fit: a tap between two opens a chooser naming both; tapping one declares it (5.31)."""
    page = open_sandbox(context, server_url)
    press_fit(page)
    page.wait_for_selector(".hl-heading")
    pair = crowded_pair(page)
    assert pair is not None, "at Fit on a phone the first dots are closer than a fingertip"
    a, b, at = pair
    page.touchscreen.tap(at["x"], at["y"])
    chooser = page.locator(".dot-chooser")
    chooser.wait_for(state="visible")
    screenshot(page, "/tmp/starport-board-chooser-phone.png")
    offered = chooser.locator(".dc-btn").evaluate_all("(bs) => bs.map((b) => b.dataset.dot)")
    assert {a, b} <= set(offered)
    labels = chooser.locator(".dc-btn").evaluate_all("(bs) => bs.map((b) => b.textContent)")
    assert len(set(labels)) == len(labels)
    chooser.locator(f".dc-btn[data-dot='{a}']").tap()
    page.wait_for_selector(f".hl-heading-chosen[data-dot='{a}']")
    assert chooser.is_hidden()


CONTESTED = """() => {
  const moves = window.starport.game.page.moves; const b = window.starport.game.board;
  moves.clear(); window.picked = [];
  const ids = [...b.places.keys()].filter((id) => b.dot(id));
  for (const id of ids) {  // every dot a landing destination: a ring and a badge each
    moves.target(id, "hl-dest hl-land", id, () => window.picked.push(id), id,
                 {dot: id, end: "land", path: []});
  }
  const box = b.container.getBoundingClientRect(); const out = [];
  for (const id of ids) {  // dots whose centre shows another target's ring or badge on top
    const s = b.toScreen(b.dot(id).x, b.dot(id).y);
    const x = box.left + s.x, y = box.top + s.y;
    if (x < box.left + 5 || y < box.top + 5 || x > box.right - 60 || y > box.bottom - 5) continue;
    const top = document.elementFromPoint(x, y)?.closest(".hl[data-dot]")?.dataset.dot;
    if (top && top !== id) out.push({id, top, x, y});
  }
  return out;
}"""


@pytest.mark.parametrize("context", ["desktop"], indirect=True)
def test_a_click_on_crowded_targets_picks_the_nearest_dot_not_the_one_drawn_last(
        context: Any, server_url: str) -> None:
    """At Fit the highlights keep a readable size, so a destination's ring and its badge
    (drawn up and right of its dot) lie over a neighbour's dot: a mouse click on a dot picks
    that dot, not the highlight drawn over it (``MapView.pickAt``)."""
    page = open_seat(context, server_url)
    press_fit(page)
    contested = page.evaluate(CONTESTED)
    assert contested, "at Fit no highlight lies over another dot: nothing to check"
    screenshot(page, "/tmp/starport-board-crowded-targets.png")
    for spot in contested[:6]:
        page.mouse.click(spot["x"], spot["y"])
        assert page.evaluate("() => window.picked.at(-1)") == spot["id"], spot


@pytest.mark.parametrize("context", ["desktop"], indirect=True)
def test_the_map_follows_new_destinations_but_not_against_a_pan(context: Any,
                                                                server_url: str) -> None:
    """The map is zoomed into a far corner: after the roll the destinations are brought into
    view; a ship moving off-screen is followed. Right after the player moved the map himself,
    new choices do not move it."""
    page = open_seat(context, server_url)
    corner = ("() => { const b = window.starport.game.board; b.userAt = -Infinity;"
              " b.setView({x: 1900, y: 1500, w: 400, h: 250}); }")
    page.evaluate(corner)
    page.locator("#moves .move-list button").first.click()
    page.wait_for_function("() => document.activeElement?.id === 'roll'")
    page.evaluate(corner)
    page.keyboard.press("r")
    page.wait_for_selector(".hl-dest")
    page.wait_for_function("() => window.starport.game.idle()")
    box = page.evaluate(RECTS, "#board")[0]
    rings = page.evaluate(RECTS, ".hl-dest .hl-ring")
    assert rings
    for d in rings:  # each destination's dot well inside the map (its ring may reach the edge)
        cx, cy = (d["x0"] + d["x1"]) / 2, (d["y0"] + d["y1"]) / 2
        assert box["x0"] + 20 < cx < box["x1"] - 20 and box["y0"] + 20 < cy < box["y1"] - 20, d
    # a ship moving off-screen is followed: the map's top left corner, a pawn hops to the far
    # bottom right (animatePawn, as for the moves of the others)
    seen = page.evaluate("""async () => {
      const { animatePawn } = await import('/games/venus/pieces.js');
      const g = window.starport.game; const b = g.board;
      b.userAt = -Infinity; b.setView({x: 0, y: 0, w: 400, h: 250});
      const far = [...b.dots.entries()].sort((p, q) => (q[1].x + q[1].y) - (p[1].x + p[1].y))[0];
      await animatePawn(b, g.answer.view.turn.seat, [far[0]]);
      const s = b.shown(0);
      return s.x0 <= far[1].x && far[1].x <= s.x1 && s.y0 <= far[1].y && far[1].y <= s.y1;
    }""")
    assert seen, "the moving ship left the screen and the map did not follow"
    # the player pans: the next choices leave the map where he put it
    page.mouse.move(box["x0"] + 300, box["y0"] + 300)
    page.mouse.down()
    page.mouse.move(box["x0"] + 200, box["y0"] + 250, steps=5)
    page.mouse.up()
    moved = page.evaluate("""() => { const g = window.starport.game; const b = g.board;
      b.setView({x: 1900, y: 1500, w: 400, h: 250});
      g.page.moves.followed = null; g.page.moves.followTargets();
      return b.view; }""")
    assert (moved["x"], moved["y"], moved["w"]) == (1900, 1500, 400)
