"""The order the components act in is written down (``engine/venus_standard/order.py``): no
import registers anything, so the same seed and commands give the same game whatever module
a program imports first; and every module imports at its top (``docs/architecture.md``)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "engine" / "venus_standard"

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
    the program imported the ruleset first or a component's module first."""
    plain = _played()
    cards_first = _played("engine.venus_standard.scenario", "engine.venus_standard.card_rules")
    trade_first = _played("engine.venus_standard.trading", "engine.venus_standard.solo")
    assert len(plain) > 50
    assert plain == cards_first == trade_first


def _imports_in_functions(tree: ast.AST) -> list[int]:
    found: list[int] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child.lineno)
            visit(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef
                                                  | ast.Lambda))

    visit(tree, False)
    return found


def test_every_module_of_the_standard_game_imports_at_its_top() -> None:
    """No import hides in a function (an import cycle would hide there)."""
    late = {path.name: lines for path in sorted(PACKAGE.glob("*.py"))
            if (lines := _imports_in_functions(ast.parse(path.read_text("utf-8"))))}
    assert late == {}
