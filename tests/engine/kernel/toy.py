"""A tiny non-Venus ruleset ("high card") proving the kernel hosts any game unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel, TypeAdapter

from engine.kernel import NOBODY, Command, Event, Pending, Randomness, RuleError, event, only


class Draw(Command):
    type: Literal["Draw"] = "Draw"


class Reveal(Command):
    type: Literal["Reveal"] = "Reveal"


class ToyState(BaseModel):
    players: int = 0
    deck: list[int] = []
    hands: dict[int, int] = {}
    shown: dict[int, int] = {}
    turn: int = 0


class HighCard:
    id = "high-card"

    def setup(self, options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
        return [
            event("Seated", players=len(players)),
            event("Shuffled", NOBODY, deck=rng.shuffled(list(range(1, 11)))),
        ]

    def initial_state(self) -> ToyState:
        return ToyState()

    def decide(self, state: ToyState, actor: int, command: Command, rng: Randomness) -> list[Event]:
        if isinstance(command, Draw):
            if actor in state.hands:
                raise RuleError("1.1 one card", "you hold a card already")
            return [event("Drew", only(actor), type_public=True, seat=actor, card=state.deck[0])]
        if actor not in state.hands:
            raise RuleError("1.2 reveal", "draw first")
        return [event("Revealed", seat=actor, card=state.hands[actor])]

    def apply(self, state: ToyState, ev: Event) -> None:
        d = ev.data
        if ev.type == "Seated":
            state.players = d["players"]
        elif ev.type == "Shuffled":
            state.deck = list(d["deck"])
        elif ev.type == "Drew":
            state.hands[d["seat"]] = d["card"]
            state.deck.pop(0)
        elif ev.type == "Revealed":
            state.shown[d["seat"]] = d["card"]
            state.turn += 1

    def evolve(self, state: ToyState, ev: Event) -> ToyState:
        new = self.clone(state)
        self.apply(new, ev)
        return new

    def clone(self, state: ToyState) -> ToyState:
        return state.model_copy(deep=True)

    def view(self, state: ToyState, viewer: int) -> dict[str, Any]:
        return {"shown": state.shown, "mine": state.hands.get(viewer)}

    def legal_actions(self, state: ToyState, actor: int) -> Iterator[Command]:
        yield Reveal() if actor in state.hands else Draw()

    def pending(self, state: ToyState) -> Pending | None:
        if state.turn >= state.players:
            return None
        return Pending(seats=(state.turn,), prompt="play")

    def parse_command(self, data: dict[str, Any] | str) -> Command:
        adapter: TypeAdapter[Draw | Reveal] = TypeAdapter(Draw | Reveal)
        if isinstance(data, str):
            return adapter.validate_json(data)
        return adapter.validate_python(data)

    def dump_state(self, state: ToyState) -> str:
        return state.model_dump_json()

    def load_state(self, text: str) -> ToyState:
        return ToyState.model_validate_json(text)
