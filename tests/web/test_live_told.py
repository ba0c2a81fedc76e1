"""Being told what happened to me, and small things seen, in real tabs.

A six-seat table (Ann and five fast bots): Ann's market says why she cannot buy the Freighter
(the engine's rule), asks before she changes ships, and when her turn comes back "Since your
last turn" is there at once, with the rolls and the chat, and her Roll button stays in view.
The host lets a bot play her seat: she is told, and told what it played. A two-seat table:
notices when the rules stop a ship or end a turn, the warning before trade-in credit is lost,
what an Asteroid landing does, a stale tab told the game moved on, the header never says
"live" offline, a click on a dot that is no choice says so.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def _page(browser: Any, errors: list[str], **context: Any) -> Any:
    # bypass_csp: wait_for_function evaluates strings, which the pages' CSP forbids
    ctx = browser.new_context(**({"viewport": {"width": 1440, "height": 900}, "bypass_csp": True,
                                  "reduced_motion": "reduce"} | context))
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text
            and "Failed to load resource" not in m.text else None)
    page.set_default_timeout(20_000)
    return page


def _table(server_url: str, seats: int, bots: list[int], names: list[str]) -> dict[str, Any]:
    api = f"{server_url}/api/tables"
    made: dict[str, Any] = httpx.post(api, json={"name": "Told", "seats": seats,
                                                 "bots": bots}).json()
    for seat, name in enumerate(names):
        r = httpx.post(f"{api}/{made['table_id']}/join", json={"name": name},
                       headers={"X-Starport-Token": made["seats"][seat]["token"]})
        assert r.status_code == 200, r.text
    r = httpx.post(f"{api}/{made['table_id']}/start",
                   headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    made["api"] = f"{api}/{made['table_id']}"
    return made


def _ready(page: Page) -> None:
    page.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()")


def test_my_market_my_turns_and_a_bot_in_my_seat(
    browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    known_seed: str,
) -> None:
    """9.2/12.4.1 the reason of a disabled Buy; 3.4 a ship change asked first; "Since your
    last turn" at the start of the turn, compact, with rolls and chat, the Roll button in view;
    a bot playing my seat is said, and kept until I have seen it. The game's seed is known:
    the summary keeps the last lines, and with some dice the last bot's turn alone fills
    them (a roll line among them is then a matter of luck)."""
    from tests.web.testapp import app

    monkeypatch.setattr(app.state.service.settings, "bot_delay", 0.05)
    made = _table(server_url, 6, [1, 2, 3, 4, 5], ["Ann"])
    errors: list[str] = []
    ann = _page(browser, errors)
    ann.goto(made["seats"][0]["url"])
    _ready(ann)
    ann.wait_for_selector("#turn-badge.yours", timeout=60_000)
    _ready(ann)
    ann.click("#stay-put")  # at the Galactic Base: its market (ships) opens
    ann.wait_for_selector("#market tr[data-item='ship:freighter']")
    why = ann.locator("#market tr[data-item='ship:freighter'] .why").inner_text()
    assert "Freighter" in why and "(12.4.1 no credit)" in why, why
    assert "ship:" not in why
    clipper = ann.locator("#market tr[data-item='ship:clipper'] button.buy")
    clipper.click()  # 3.4: asked first, with the sums
    warning = ann.locator("#market .warn-note").inner_text()
    assert "Scout trades in for 30" in warning and "you pay 90 of your 120" in warning, warning
    assert "Clipper" not in ann.locator("#players .player.me").inner_text()
    screenshot(ann, str(tmp_path / "ship-change-desktop.png"))
    ann.locator("#market button.armed").click()
    ann.wait_for_function(
        "document.querySelector('#players .player.me').innerText.includes('Clipper')")
    _ready(ann)
    seq = int(ann.locator("#game").get_attribute("data-seq") or 0)
    ann.click("#end-turn")
    # the chat goes after her turn's end (a line said before it is not "since her last turn")
    ann.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.seq) > {seq}")
    httpx.post(f"{made['api']}/chat", json={"text": "Nice ship, Ann"},
               headers={"X-Starport-Token": made["host"]["token"]})

    # her turn comes back: the summary is there before she rolls, compact, the Roll in view
    ann.wait_for_selector("#turn-badge.yours", timeout=60_000)
    ann.wait_for_selector("#since:not([hidden])")
    since = ann.locator("#since").inner_text()
    assert " rolls " in since and "Host says: “Nice ship, Ann”" in since, since
    roll = ann.locator("#roll").bounding_box()
    assert roll is not None and roll["y"] + roll["height"] <= 900, roll
    since_box = ann.locator("#since").bounding_box()
    assert since_box is not None and since_box["height"] < 260, since_box
    screenshot(ann, str(tmp_path / "since-desktop.png"))

    # the host lets a bot play Ann's seat: she is told, then told what it played
    r = httpx.post(f"{made['api']}/seats/0/bot", json={"bot": True},
                   headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    ann.wait_for_selector(".notice[data-key='seat']")
    assert "a bot play your seat" in ann.locator(".notice[data-key='seat']").inner_text()
    ann.wait_for_selector(".notice[data-key='bot']", timeout=60_000)
    bot = ann.locator(".notice[data-key='bot']").inner_text()
    assert bot.startswith("A bot played for you") and ": Ann " in bot, bot
    screenshot(ann, str(tmp_path / "bot-notice-desktop.png"))
    ann.locator(".notice[data-key='seat'] button").click()  # kept until seen
    assert ann.locator(".notice[data-key='seat']").count() == 0
    assert ann.locator(".notice[data-key='bot']").count() == 1
    httpx.post(f"{made['api']}/end", headers={"X-Starport-Token": made["host"]["token"]})
    assert not errors, errors  # (the host ended it: six bots do not play on in later tests)
    ann.context.close()


NOTICE_CASES = """async () => {
  const { Notices } = await import("/platform/notices.js");
  const { default: venus } = await import("/games/venus/index.js");
  const names = window.starport.names;
  const root = document.createElement("ul");
  const n = new Notices(root, venus, names, (s) => ["Ann", "Bob"][s], 0);
  const dot = [...names.dots.keys()][5];
  const stop = (seq, seat, reason, landed) =>
    ({ seq, type: "MovementEnded", data: { seat, dot, reason, landed } });
  const end = (seq, seat) => ({ seq, type: "TurnEnded", data: { seat } });
  n.fromEvents([stop(90, 0, "cannot_pay", false), end(91, 0)], { type: "MoveAlong" });
  n.fromEvents([stop(95, 0, "out_of_mp", false), end(96, 0)], { type: "MoveAlong" });
  n.fromEvents([stop(99, 1, "cannot_pay", false)], null);
  n.fromEvents([stop(120, 0, "landed", true)], { type: "Land" });
  const texts = () => [...root.querySelectorAll(".notice p")].map((p) => p.textContent);
  const first = texts();
  n.fromEvents([stop(130, 0, "cannot_pay", false), end(131, 0)], { type: "MoveAlong" });
  const keys = [...root.querySelectorAll(".notice")].map((li) => li.dataset.key);
  return { first, again: texts(), keys };
}"""

FOLD_CASE = """async () => {
  const { Notices } = await import("/platform/notices.js");
  const { default: venus } = await import("/games/venus/index.js");
  const root = document.createElement("ul");
  document.body.appendChild(root);
  const n = new Notices(root, venus, window.starport.names, (s) => ["Ann", "Bob"][s], 0);
  for (const k of [1, 2, 3, 4]) n.add(`Stop ${k}`);
  const seen = () => [...root.querySelectorAll(".notice:not([hidden]) p")]
    .map((p) => p.textContent);
  const fold = root.querySelector(".notices-fold");
  const out = { folded: seen(), bar: fold.querySelector("span").textContent };
  fold.querySelectorAll("button")[0].click(); // Show
  out.open = seen();
  root.querySelector(".notices-fold").querySelectorAll("button")[1].click(); // Got them all
  out.left = root.children.length;
  out.hidden = root.hidden;
  root.remove();
  return out;
}"""

CREDIT_CASE = """async () => {
  const { renderControls, landingWords } = await import("/games/venus/controls.js");
  const root = document.createElement("div");
  document.body.appendChild(root);
  const answer = { view: { stage: "playing", turn: { seat: 0, phase: "trade", dice: [] },
                           players: [{ seat: 0, relics: [], cash: 10 }] },
                   legal: [{ type: "EndTurn" }], extras: { market: { credit: 20 } } };
  const sent = [];
  renderControls(root, answer, window.starport.names, (c) => sent.push(c));
  const end = root.querySelector("#end-turn");
  end.click();
  const warned = root.querySelector(".warn-note")?.textContent;
  const first = [sent.length, end.textContent];
  end.click();
  root.remove();
  return { warned, first, sent: sent.length, asteroid: landingWords("asteroid"),
           city: landingWords("surface_city") };
}"""


# every drawing of the page from now on (``#game[data-seq]`` set: the observer is told once
# the drawing's task is done): its seq, whether a move was gliding then, whether Roll is there
DRAWINGS = """() => {
  const game = document.getElementById("game");
  window.__drawn = [];
  new MutationObserver(() => window.__drawn.push({ seq: Number(game.dataset.seq),
    motion: !!window.starport.game.motion, roll: !!document.getElementById("roll") }))
    .observe(game, { attributes: true, attributeFilter: ["data-seq"] });
}"""


def test_rules_stops_credit_asteroids_stale_tabs_offline_and_stray_clicks(
    browser: Any, server_url: str, tmp_path: Path
) -> None:
    made = _table(server_url, 2, [], ["Ann", "Bob"])
    first = httpx.get(f"{made['api']}/view", headers={
        "X-Starport-Token": made["seats"][0]["token"]}).json()["pending"]["seats"][0]
    errors: list[str] = []
    me = _page(browser, errors)
    me.goto(made["seats"][first]["url"])
    _ready(me)

    # 6.3 / 4.4: the rules stopped my ship and ended my turn: said, with the rule; a stop I
    # chose (landing) or another seat's stop is not
    told = me.evaluate(NOTICE_CASES)
    texts = told["first"]
    assert len(texts) == 2, texts
    assert "could not pay the penalty, so you must stop there (6.3)" in texts[0]
    assert "Your turn is over: the move ended in space" in texts[0] and "(4.4, 6.2)" in texts[0]
    assert texts[1].startswith("Your MP ran out at") and "Your turn is over" in texts[1]
    # the same stop again two turns later: said once, as the newest
    assert told["again"] == [texts[1], texts[0]] and told["keys"] == ["stop-95", "stop-130"], told

    # several stops in a row: the two newest notices in sight, the older fold under one line
    fold = me.evaluate(FOLD_CASE)
    assert fold["folded"] == ["Stop 3", "Stop 4"] and fold["bar"] == "2 earlier notices", fold
    assert fold["open"] == ["Stop 1", "Stop 2", "Stop 3", "Stop 4"], fold
    assert fold["left"] == 0 and fold["hidden"], fold
    # on a phone, where the notices float over the panel: the newest alone in sight
    phone = _page(browser, errors, viewport={"width": 390, "height": 844}, is_mobile=True,
                  has_touch=True)
    phone.goto(made["seats"][first]["url"])
    _ready(phone)
    fold = phone.evaluate(FOLD_CASE)
    assert fold["folded"] == ["Stop 4"] and fold["bar"] == "3 earlier notices", fold
    assert fold["open"] == ["Stop 1", "Stop 2", "Stop 3", "Stop 4"], fold
    phone.context.close()

    # 9.32: unspent trade-in credit is lost at the end of the turn: warned first
    out = me.evaluate(CREDIT_CASE)
    assert "20 in trade-in credit: it is lost when your turn ends (9.32)" in out["warned"]
    assert out["first"] == [0, "End turn, lose 20 credit"] and out["sent"] == 1
    assert "Asteroid: landing ends your move here (6.2)" in out["asteroid"]
    assert "no market" in out["asteroid"] and out["city"] is None

    # a click on a dot that is not a first dot to declare says so
    me.wait_for_selector(".hl-heading")
    stray = me.evaluate("""() => {
      const g = window.starport.game;
      const far = (d) => [...g.page.moves.targets.keys()].every((t) => {
        const o = g.board.dot(t); return Math.hypot(o.x - d.x, o.y - d.y) > 200; });
      const shown = (d) => d.el.getBoundingClientRect().width > 0
        && d.el.getBoundingClientRect().top > 80;
      const [id] = [...g.board.dots].find(([, d]) => far(d) && shown(d));
      const r = g.board.dots.get(id).el.getBoundingClientRect();
      return { id, x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }""")
    me.mouse.click(stray["x"], stray["y"])
    me.wait_for_selector("#error:not([hidden])")
    assert "is not a first dot you may declare" in me.locator("#error").inner_text()

    # a stale second tab of the same seat: told the game moved on elsewhere, not internals
    stale = _page(browser, errors)
    stale.goto(made["seats"][first]["url"])
    _ready(stale)
    stale.evaluate("window.starport.live.close()")
    # a rules' notice standing when I play on is seen: it goes once my command is accepted
    # (on a phone it would float over the next turn's choices); a bot's stays until "Got it"
    me.evaluate("""() => { const n = window.starport.game.notices; n.add("Stop before my heading");
      n.add("A bot played for you", { key: "bot", kind: "bot" }); }""")
    assert me.locator("#notices .notice").count() == 2
    heading = me.locator(".hl-heading").first.get_attribute("data-dot")
    me.locator(f'.hl-heading[data-dot="{heading}"]').click()
    _ready(me)
    assert me.locator("#notices .notice-rules").count() == 0
    assert me.locator("#notices .notice[data-key='bot']").count() == 1
    me.locator("#notices .notice[data-key='bot'] button").click()
    assert me.locator("#notices").is_hidden()
    me.click("#roll")
    me.wait_for_selector(".dests .dest-btn")
    stale.locator(".hl-heading").first.click()
    stale.wait_for_selector("#error:not([hidden])")
    words = stale.locator("#error").inner_text()
    assert "moved on while you were deciding" in words and "rule" not in words, words
    stale.wait_for_function("window.starport.game.answer.view.turn.phase === 'move'")

    # offline: the header never says "live"; back online it does again
    me.context.set_offline(True)
    me.wait_for_function("document.getElementById('conn').textContent.includes('offline')")
    assert "live" not in me.locator("#conn").inner_text()
    screenshot(me, str(tmp_path / "offline-desktop.png"))
    me.context.set_offline(False)
    me.wait_for_function("document.getElementById('conn').textContent === '● live'",
                         timeout=30_000)
    assert not errors, errors
    for p in (me, stale):
        p.context.close()


LOG_WORDS = """async () => {
  const { describeLog } = await import("/games/venus/words.js");
  const who = (s) => ["Ann", "Bob"][s];
  const evs = [
    { seq: 1, type: "FarePickedUp", data: { seat: 0, fare: "fare:base:dell" } },
    { seq: 2, type: "FarePickedUp", data: { seat: 0, fare: "fare:eeepeeep:base" } },
    { seq: 3, type: "PenaltyDue", data: { seat: 0, dot: "galactic-base", amount: 0 } },
    { seq: 4, type: "Bought",
      data: { seat: 1, item: "ship:freighter", price: 1010, culture: "base" } },
    { seq: 5, type: "GameWon", data: { seat: 1, net_worth: 1010 } },
  ];
  return describeLog(evs, window.starport.names, who).map((l) => l.text);
}"""

TRADE_FORM = """async () => {
  const { renderTradeForm } = await import("/games/venus/market.js");
  const root = document.createElement("div");
  document.body.appendChild(root);
  const players = [{ seat: 0, name: "Bob", dot: "galactic-base", cash: 50, goods: [], relics: [],
                     equipment: [], ious: [], fares: [] },
                   { seat: 1, name: "Ann", dot: "galactic-base", cash: 50, goods: [], relics: [],
                     equipment: [], ious: [], fares: [] }];
  const answer = { view: { turn: { seat: 0, phase: "trade", landed: true, offer: null }, players },
                   legal: [{ type: "OfferTrade", to: 1, give: [], get: [], cash: 0 }] };
  renderTradeForm(root, answer, window.starport.names, () => {});
  const closed = root.querySelector("details").innerText;
  root.remove();
  return closed;
}"""


def test_small_things_seen(browser: Any, server_url: str) -> None:
    """Small things seen: the log in one tense with thousands separators and one
    name for the Galactic Base in Fares, no "Penalty: 0 due"; a closed "Trade with Ann" says
    what it offers; the option checkboxes all one size; "Stop the bot" in the lobby."""
    made = _table(server_url, 2, [1], ["Ann"])
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(made["seats"][0]["url"])
    _ready(page)
    lines = page.evaluate(LOG_WORDS)
    assert lines[0] == "Ann picks up Fare Galactic Base → Dell.", lines
    assert lines[1].endswith("→ Galactic Base."), lines
    assert not any("due" in line or "Penalty: 0" in line for line in lines), lines
    assert lines[2] == "Bob buys Freighter for 1,010.", lines
    assert lines[3] == "Bob wins with a Net Worth of 1,010!", lines
    closed = page.evaluate(TRADE_FORM)
    assert closed.startswith("Trade with Ann (same dot, 11.4)"), closed
    assert "Open to offer Ann money" in closed, closed

    host = _page(browser, errors, viewport={"width": 390, "height": 844}, is_mobile=True,
                 has_touch=True)
    host.goto(f"{server_url}/")
    host.wait_for_selector("#create")
    sizes = host.evaluate("""[...document.querySelectorAll('.check input')]
      .filter((i) => i.getBoundingClientRect().width > 0)
      .map((i) => [i.getBoundingClientRect().width, i.getBoundingClientRect().height])""")
    assert len(sizes) >= 4 and len({tuple(s) for s in sizes}) == 1, sizes
    host.goto(made["host"]["url"])
    _ready(host)
    button = host.locator("#players .player[data-seat='1'] button.bot-toggle")
    assert button.inner_text() == "Stop the bot"
    assert "the player plays it again" in (button.get_attribute("title") or "")  # its description
    assert not errors, errors
    for p in (page, host):
        p.context.close()


def test_my_controls_never_wait_for_another_players_animation(
    browser: Any, server_url: str
) -> None:
    """My own Roll button does not wait for another's move to be drawn: Bob flies a long
    way and his turn ends; Ann's tab (full motion) animates his flight, and the drawing that
    shows her turn has her Roll button in it, whether his flight is still gliding then (cut
    short, not waited for) or not. Checked by the order of the page's drawings, not by time."""
    made = _table(server_url, 2, [], ["Ann", "Bob"])
    api, tok = made["api"], [made["seats"][i]["token"] for i in range(2)]

    def view(seat: int) -> dict[str, Any]:
        return dict(httpx.get(f"{api}/view", headers={"X-Starport-Token": tok[seat]}).json())

    def play(seat: int, cmd: dict[str, Any]) -> int:
        r = httpx.post(f"{api}/commands", headers={"X-Starport-Token": tok[seat]}, json={
            "seq": view(seat)["seq"], "client_id": uuid.uuid4().hex, "command": cmd})
        assert r.status_code == 200, r.text
        return int(r.json()["seq"])

    bob = view(0)["pending"]["seats"][0]
    ann = 1 - bob
    errors: list[str] = []
    page = _page(browser, errors, reduced_motion="no-preference")
    page.goto(made["seats"][ann]["url"])
    _ready(page)
    page.evaluate(DRAWINGS)
    v = view(bob)
    play(bob, next(c for c in v["legal"] if c["type"] == "DeclareHeading"))
    rolled = play(bob, {"type": "RollDice", "auto_pilot": False})
    page.wait_for_function(f"window.starport.game.idle() && window.starport.game.seq === {rolled}")
    # Bob thinks a moment, longer than the page's pour window (two drawing gaps, game.js): his
    # flight comes as a move of its own, which the page animates
    page.wait_for_timeout(700)
    far = max(view(bob)["extras"]["reachable"], key=lambda d: len(d["path"]))
    assert len(far["path"]) >= 4  # a move long enough to be animated
    moved = play(bob, {"type": "MoveAlong", "path": far["path"], "pilot": far["pilot"],
                       "land": far["end"] == "land"})
    for _ in range(6):  # whatever the rules ask on the way: stop, land, end the turn (4.4)
        v = view(bob)
        if v["pending"]["seats"] != [bob]:
            break
        kinds = {c["type"]: c for c in v["legal"]}
        play(bob, next(kinds[k] for k in ("EndTurn", "StopHere", "Land", "HoldFire", "MoveTo")
                       if k in kinds))
    mine = view(ann)
    assert mine["pending"]["seats"] == [ann] and mine["view"]["turn"]["seat"] == ann
    page.wait_for_selector("#roll", state="attached")
    drawn = page.evaluate("window.__drawn")
    # his flight was animated on Ann's page (a drawing of it with a move gliding)...
    assert any(d["motion"] for d in drawn if d["seq"] >= moved), drawn
    # ...and the first drawing of her turn has her Roll button: nothing waited for the glide
    turn = [d for d in drawn if d["seq"] >= mine["seq"]]
    assert turn and turn[0]["roll"], drawn
    assert not errors, errors
    page.context.close()
