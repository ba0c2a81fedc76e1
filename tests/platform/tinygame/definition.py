"""Tiny Duel as the platform reads it (``engine.kernel.definition.GameDefinition``), named in
the ``starport.games`` entry-point group by ``tests/platform/site``'s dist-info folder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.bots.random_bot import UniformBot
from engine.bots.simulate import Standing
from engine.kernel import Command, Randomness
from engine.kernel.definition import GameDefinition, Simulation, scores_at

from .ruleset import CARDS, REVEAL_POINTS, TinyOptions, TinyState, ruleset

CLIENT = Path(__file__).resolve().parent / "tinyduel"


class TinyBot:
    """The game's own bot (``tiny``): doubles while behind, reveals a high card, ends its turn.
    It reads only its seat's view and picks among its legal commands (``engine.bots.Bot``)."""

    name = "tiny"

    def __init__(self, seed: str | int) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               **_: Any) -> Command:
        kinds = {c.type: c for c in legal}
        me = view["players"][seat]
        other = view["players"][1 - seat]
        if "Double" in kinds and me["points"] < other["points"]:
            return kinds["Double"]  # rule 2.1: behind, the stake is worth the bust
        if "Reveal" in kinds and CARDS.get(me["card"] or "", 0) >= 5:
            return kinds["Reveal"]  # rule 2.3: nothing to hide
        for kind in ("Roll", "EndTurn"):
            if kind in kinds:
                return kinds[kind]
        return Randomness(self.seed, seq, f"tiny{seat}").choice(list(legal))


def board_svg(params: Mapping[str, str]) -> str:
    """The table: one place per seat (``seat-0``, ``seat-1``) and the die between them."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120">'
            '<title>The Tiny Duel table: each player\'s card and the die</title>'
            '<rect id="table" x="0" y="0" width="300" height="120" fill="#2b5d34"/>'
            '<rect id="seat-0" x="20" y="30" width="60" height="60" fill="#eee"/>'
            '<rect id="die" x="125" y="35" width="50" height="50" fill="#fff"/>'
            '<rect id="seat-1" x="220" y="30" width="60" height="60" fill="#eee"/>'
            '</svg>')


def client_data(params: Mapping[str, str]) -> dict[str, Any]:
    """The cards' names and numbers and what a reveal scores, for the browser client."""
    return {"cards": dict(CARDS), "reveal_points": REVEAL_POINTS,
            "colors": ["#c0392b", "#2471a3"]}


def standing(state: TinyState) -> Standing:
    """A simulated game's end (rule 3): each seat's card, the winner, the points."""
    return Standing(labels=[p.card or "?" for p in state.players], winner=state.winner,
                    scores=[p.points for p in state.players])


GAME = GameDefinition(
    id="tiny-duel",
    title="Tiny Duel",
    summary="A die, one hidden card each, two players: a game that lives in the tests.",
    ruleset=ruleset,
    players=(2, 2),
    bots={"tiny": TinyBot, "random": UniformBot},
    options_schema=TinyOptions,
    history_point=scores_at(("TurnStarted", "GameWon"), lambda state, p: p.points),
    board_svg=board_svg,
    client_data=client_data,
    client=CLIENT,
    simulation=Simulation(score_name="points", choice_name="card", standing=standing,
                          endings={"rounds": "after the last round"}),
)
