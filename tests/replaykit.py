"""A long finished game to replay: three ``trader`` bots play a 2,000 Net Worth game in the
engine (seeded: always the same game, ~1,900 events over ~40 rounds), as the export document
``POST /api/replays`` imports (every secret shown, as a finished game's export has it); and
the scripts that time a replay inside the page (tests/web/test_replay.py and
bench/replay_load.py)."""

from __future__ import annotations

import functools
from typing import Any

from engine.venus.simulation import play_out

SEED = "rp2"
BOTS = ("trader", "trader", "trader")
OPTIONS = {"game_length": 2000}


@functools.cache
def finished_game_doc() -> dict[str, Any]:
    game, _, _ = play_out(BOTS, SEED, OPTIONS)
    if game.ruleset.pending(game.state) is not None:
        raise RuntimeError("the seeded bot game did not finish")
    return {"format": "starport-game", "version": 1, "ruleset": "venus",
            "name": "A long game", "options": dict(OPTIONS),
            "players": ["Ann", "Bob", "Cy"], "status": "over",
            "events": [ev.model_dump(mode="json") for ev in game.events]}


FIRST_FRAME = "() => !!(window.starport?.game?.replay?.active && window.starport.game.replay.view)"
AT_END = ("() => { const r = window.starport?.game?.replay;"
          " return !!(r && r.view && r.at === r.to && !r.loading); }")
# timed inside the page (performance.now(), from the navigation's start), checked every frame:
# no driver round trip in the figures
WATCH_FIRST_FRAME = f"""(() => {{
  const ready = {FIRST_FRAME};
  const poll = () => {{
    if (ready()) window.__firstFrame = performance.now(); else requestAnimationFrame(poll);
  }};
  requestAnimationFrame(poll);
}})()"""
TO_END = f"""async () => {{
  const done = {AT_END};
  const t0 = performance.now();
  document.querySelector("#replay-bar [aria-label^='To the end']").click();
  while (!done()) await new Promise(requestAnimationFrame);
  return performance.now() - t0;
}}"""
