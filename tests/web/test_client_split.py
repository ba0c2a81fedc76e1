"""The client split (issue 18): the platform (``web/platform/``) calls each game only through
the interface of ``web/platform/games.js``; every game in its registry is a ruleset the server
hosts, with its folder; Merchant of Venus implements every member the interface documents (the
platform has a default for each optional one); an unknown ruleset is refused in words.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page

WEB = Path(__file__).resolve().parents[2] / "web"
GAMES_JS = (WEB / "platform" / "games.js").read_text()
IMPORT = re.compile(r"""(?:from\s*|import\()\s*["'`]([^"'`]+)["'`]""")


def typedef_members(name: str, optional: bool = False) -> list[str]:
    """The ``@property`` names of one JSDoc typedef in games.js (the required ones, or with
    ``optional`` those in brackets)."""
    block = GAMES_JS.split(f"@typedef {{Object}} {name}\n", 1)[1].split("*/", 1)[0]
    pattern = r"@property \{.*?\} \[(\w+)\]" if optional else r"@property \{.*?\} (\w+)"
    return re.findall(pattern, block, re.S)


def test_no_platform_module_imports_a_game() -> None:
    """Only the registry loads a game, by its folder (``gameFor``): the platform has no Venus."""
    for path in sorted((WEB / "platform").glob("*.js")):
        for target in IMPORT.findall(path.read_text()):
            if path.name == "games.js" and target == "../games/${folder}/index.js":
                continue
            assert "games/" not in target, f"{path.name} imports {target}"


def test_every_game_folder_is_a_hosted_ruleset(server_url: str) -> None:
    """The registry names rulesets the server hosts, each with its folder's ``index.js``."""
    rulesets = httpx.get(f"{server_url}/api/health").json()["rulesets"]
    block = GAMES_JS.split("FOLDERS = {", 1)[1].split("};", 1)[0]
    folders = dict(re.findall(r'^\s+"?([\w-]+)"?: "(\w+)",$', block, re.M))
    assert folders["venus"] == "venus"
    for ruleset, folder in folders.items():
        assert ruleset in rulesets, (ruleset, rulesets)
        assert (WEB / "games" / folder / "index.js").is_file(), folder


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
