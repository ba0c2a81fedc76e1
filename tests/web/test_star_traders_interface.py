"""Star Traders implements the platform's game interface: every member of the
``GameModule`` and ``GamePage`` typedefs of ``web/platform/games.js``, and the start page's
``CreateForm``; the registry loads it for its ruleset id."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.test_client_split import typedef_members

pytestmark = pytest.mark.browser


def test_star_traders_implements_the_interface(page: Page, server_url: str) -> None:
    module_members = typedef_members("GameModule")
    page_members = typedef_members("GamePage")
    form_members = typedef_members("CreateForm")
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create")
    out = page.evaluate("""async ([moduleMembers, pageMembers, formMembers]) => {
      const { gameFor } = await import("/platform/games.js");
      const game = await gameFor("star-traders");
      const names = await game.loadNames({ options: {}, seats: [] });
      const made = game.createPage({ names, seat: 0, send: async () => {}, replaying: () => false,
                                     busy: () => false, view: () => null, who: (s) => `S${s}` });
      return {
        missing: moduleMembers.filter((m) => game[m] === undefined),
        missingPage: pageMembers.filter((m) => made[m] === undefined),
        missingForm: formMembers.filter((m) => game.createForm[m] === undefined),
        rulesets: game.rulesets,
        lobbyWords: ["choiceName", "choiceLabel", "choiceColor", "playerLabel", "playerColor"]
          .filter((m) => typeof names[m] !== "function"),
        stage: [game.stage({ winner: null }), game.stage({ winner: 1 })],
      };
    }""", [module_members, page_members, form_members])
    assert out["missing"] == [] and out["missingPage"] == [] and out["missingForm"] == [], out
    assert out["rulesets"] == ["star-traders"] and out["lobbyWords"] == []
    assert out["stage"] == ["playing", "over"]
