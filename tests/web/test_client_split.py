"""The client split (``docs/architecture.md``, The web client): the platform (``web/platform/``,
the start, table and rules
pages) calls each game only through the interface of ``web/platform/games.js`` and names no
game: the installed games come from ``GET /api/games``, each with the address of its client
module, its pages and its rules; Merchant of Venus implements every member the interface
documents (the platform has a default for each optional one); an unknown ruleset is refused
in words that name the known ones.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page

from engine.kernel.registry import games

WEB = Path(__file__).resolve().parents[2] / "web"
GAMES_JS = (WEB / "platform" / "games.js").read_text()
IMPORT = re.compile(r"""(?:from\s*|import\()\s*["'`]([^"'`]+)["'`]""")
# the platform's files: every file of web/platform and the site's own pages
PLATFORM = sorted(p for p in (WEB / "platform").iterdir() if p.is_file()) + [
    WEB / name for name in ("main.js", "index.html", "rules.html", "sw.js",
                            "manifest.webmanifest")]


def typedef_members(name: str, optional: bool = False) -> list[str]:
    """The ``@property`` names of one JSDoc typedef in games.js (the required ones, or with
    ``optional`` those in brackets)."""
    block = GAMES_JS.split(f"@typedef {{Object}} {name}\n", 1)[1].split("*/", 1)[0]
    pattern = r"@property \{.*?\} \[(\w+)\]" if optional else r"@property \{.*?\} (\w+)"
    return re.findall(pattern, block, re.S)


def test_no_platform_module_imports_a_game() -> None:
    """Only the registry loads a game, from the address the server gives (``gameFor``)."""
    for path in sorted((WEB / "platform").glob("*.js")):
        for target in IMPORT.findall(path.read_text()):
            assert "games/" not in target, f"{path.name} imports {target}"


def test_the_platform_names_no_game() -> None:
    """No id, title or client folder of an installed game in the platform's files, comments
    included: a game plugs in without touching them."""
    names = {n.lower() for d in games().values()
             for n in (d.id, d.title, d.client_name) if n}
    for path in PLATFORM:
        text = path.read_text().lower()
        found = sorted(n for n in names if n in text)
        assert not found, f"{path.relative_to(WEB)} names {found}"


def test_every_installed_game_brings_its_client_pages_and_rules(server_url: str) -> None:
    """``GET /api/games`` lists every installed game; each address it gives (the client
    module, the game's own pages, its rules page) is served."""
    listed = httpx.get(f"{server_url}/api/games").json()["games"]
    assert [g["id"] for g in listed] == list(games())
    for game in listed:
        assert game["client"], game["id"]
        module = httpx.get(f"{server_url}{game['client']}")
        assert module.status_code == 200, game["client"]
        assert module.headers["content-type"].startswith("text/javascript")
        for page in game["pages"]:
            assert httpx.get(f"{server_url}{page['url']}").status_code == 200, page
        if game["rules"]:
            assert httpx.get(f"{server_url}{game['rules']}").status_code == 200, game["rules"]


@pytest.mark.browser
def test_venus_implements_the_interface(page: Page, server_url: str) -> None:
    module_members = typedef_members("GameModule")
    optional = set(typedef_members("GameModule", optional=True)) - {"createForm"}
    assert {"styles", "keyboard", "notices"} <= optional
    page_members = typedef_members("GamePage")
    assert {"createPage", "describeLog", "stage"} <= set(module_members)
    assert {"render", "drawPieces", "promptWords", "endSummary"} <= set(page_members)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#t-length")
    out = page.evaluate("""async ([moduleMembers, pageMembers, optional]) => {
      const { gameFor, DEFAULTS } = await import("/platform/games.js");
      const noDefault = optional.filter((m) => DEFAULTS[m] === undefined);
      const venus = await gameFor("venus");
      const { VenusPage } = await import("/games/venus/page.js");
      const missing = moduleMembers.filter((m) => venus[m] === undefined);
      const methods = pageMembers.filter((m) => m !== "board");
      const missingPage = methods.filter((m) => typeof VenusPage.prototype[m] !== "function");
      let refused = null;
      try { await gameFor("chess"); } catch (err) { refused = err.message; }
      return { missing, missingPage, noDefault, rulesets: venus.rulesets, refused,
               again: (await gameFor("venus")) === venus };
    }""", [module_members, page_members, sorted(optional)])
    assert out["missing"] == [] and out["missingPage"] == [], out
    assert out["noDefault"] == [], out  # what a game may leave out, the platform fills in
    assert out["rulesets"] == ["venus"] and out["again"]
    assert out["refused"] and '"chess"' in out["refused"] and "venus" in out["refused"]
