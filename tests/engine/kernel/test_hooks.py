"""Registered hooks keep one order whatever the import order (``engine/kernel/hooks.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from engine.kernel import hooks

ROOT = Path(__file__).resolve().parents[3]


def first() -> None: ...


def second() -> None: ...


def test_add_keeps_source_order_whatever_the_registration_order() -> None:
    got: list[Callable[[], None]] = []
    hooks.add(got, second)
    hooks.add(got, first)
    assert got == [first, second]
    assert hooks.source_order(first) < hooks.source_order(second)


GAME = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
from engine.bots.random_bot import UniformBot
from engine.kernel import Game, takeback
from engine.venus_standard.ruleset import ruleset
game = Game.start(ruleset, {}, ["p0", "p1", "p2"], seed="order")
bots = [UniformBot(f"b{i}") for i in range(3)]
played = []
for _ in range(400):
    now = ruleset.pending(game.state)
    if now is None:
        break
    seat = now.seats[0]
    legal = takeback.without(ruleset.legal_actions(game.state, seat))
    played.append([c.type for c in legal])
    game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
print(json.dumps(played))
"""


def _played(*first_imports: str) -> list[list[str]]:
    out = subprocess.run([sys.executable, "-c", GAME, *first_imports], cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=120)
    return list(json.loads(out.stdout))


def test_a_standard_game_offers_the_same_commands_whatever_module_is_imported_first() -> None:
    """The same seed and bots give the same ``legal_actions``, in the same order, whether
    the program imported the ruleset first or a module that registers cards first (the
    order test kits happened to use)."""
    plain = _played()
    cards_first = _played("engine.venus_standard.scenario", "engine.venus_standard.card_rules")
    trade_first = _played("engine.venus_standard.trading", "engine.venus_standard.solo")
    assert len(plain) > 50
    assert plain == cards_first == trade_first
