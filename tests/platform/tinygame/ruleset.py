"""The ``tiny-duel`` ruleset: the kernel's functions (``engine.kernel.ruleset.Ruleset``) for
Tiny Duel (its rules are in this package's docstring)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.kernel import (
    SPECTATOR,
    BadCommand,
    Command,
    Event,
    Pending,
    Randomness,
    RuleError,
    TakeBack,
    event,
    only,
)
from engine.kernel import takeback as _takeback
from engine.kernel.parsing import first_error
from engine.kernel.takeback import Rewindable, Rewinds, clone_rewindable

CARDS = {"anchor": 1, "bell": 2, "crown": 3, "drum": 4, "eagle": 5, "flame": 6}  # rule 1
REVEAL_POINTS = 1  # rule 2.3

Stage = Literal["bet", "roll", "end"]  # 2.1 may double or roll; 2.2 must roll; 2.3 may reveal


class TinyOptions(BaseModel):
    """Every option a Tiny Duel table may set (rule 1); no other key."""

    model_config = ConfigDict(extra="forbid", strict=True)

    rounds: int = Field(2, ge=1, le=5, description="rule 1: how many rounds the table plays")
    takebacks: bool = Field(True, description="house rule: a Double may be taken back "
                                              "until the die is rolled")


# --- the state ------------------------------------------------------------------------------


class Player(BaseModel):
    seat: int
    name: str
    points: int = 0
    card: str | None = None  # rule 1: face down (secret until revealed)
    revealed: bool = False


class Turn(BaseModel):
    seat: int
    stage: Stage = "bet"
    stake: int = 1
    die: int | None = None


class TinyState(Rewindable):
    players: list[Player] = []
    rounds: int = 2
    round: int = 0
    turn: Turn | None = None
    winner: int | None = None
    # what ``starport simulate`` reads of a state (``engine.bots.simulate``): who played
    # first (rule 1: the first seat) and why the game ended (rule 3)
    first_player: int = 0
    end: dict[str, Any] | None = None
    takebacks: bool = True
    rewinds: Rewinds = Rewinds()  # the take-back record (engine.kernel.takeback; secret)


# --- the commands ---------------------------------------------------------------------------


class Double(Command):
    """Rule 2.1: stake 2 on this turn's roll."""

    type: Literal["Double"] = "Double"


class Roll(Command):
    """Rule 2.2: roll the die."""

    type: Literal["Roll"] = "Roll"


class Reveal(Command):
    """Rule 2.3: show my card to everyone (1 point, once a game)."""

    type: Literal["Reveal"] = "Reveal"


class EndTurn(Command):
    """Rule 2.3: the turn passes."""

    type: Literal["EndTurn"] = "EndTurn"


AnyCommand = Annotated[Double | Roll | Reveal | EndTurn, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Command] = TypeAdapter(AnyCommand)

# events after which nothing before may be taken back: something new is known (a card, a
# die), or the turn passed (``engine.kernel.takeback``)
BARRIERS = frozenset({"GameSetUp", "CardDealt", "TurnStarted", "DieRolled", "CardRevealed",
                      "TurnEnded", "CardsShown", "GameWon"})


# --- the rules ------------------------------------------------------------------------------


def setup(options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
    """Rule 1: two players, a card dealt face down to each, the first seat's turn."""
    if len(players) != 2:
        raise RuleError("1", "Tiny Duel is for two players")
    try:
        opts = TinyOptions.model_validate(options)
    except ValidationError as exc:
        raise RuleError("1", f"options: {first_error(exc)}") from None
    deck = rng.shuffled(list(CARDS))
    return [
        event("GameSetUp", players=list(players), rounds=opts.rounds, takebacks=opts.takebacks),
        *(event("CardDealt", only(seat), seat=seat, card=deck[seat]) for seat in (0, 1)),
        event("TurnStarted", seat=0, round=1),
    ]


def legal(state: TinyState, actor: int) -> list[Command]:
    """The commands of rule 2 open to ``actor`` now."""
    turn = state.turn
    if turn is None or state.winner is not None or turn.seat != actor:
        return []
    if turn.stage == "bet":
        return [Double(), Roll()]
    if turn.stage == "roll":
        return [Roll()]
    reveal: list[Command] = [] if state.players[actor].revealed else [Reveal()]
    return [*reveal, EndTurn()]


def decide(state: TinyState, actor: int, command: Command, rng: Randomness) -> list[Event]:
    if command not in legal(state, actor):
        raise RuleError("2", f"{command.type} is not open now")
    if isinstance(command, Double):
        return [event("Doubled", seat=actor)]
    turn = state.turn
    assert turn is not None
    if isinstance(command, Roll):
        die = rng.die()
        points = 0 if (die == 1 and turn.stake == 2) else die * turn.stake
        return [event("DieRolled", seat=actor, die=die, stake=turn.stake, points=points)]
    if isinstance(command, Reveal):
        card = state.players[actor].card
        return [event("CardRevealed", seat=actor, card=card, points=REVEAL_POINTS)]
    return end_turn(state, actor)


def end_turn(state: TinyState, actor: int) -> list[Event]:
    """Rule 2.3 then 3: the other seat's turn, or the end of the game after the last round."""
    out = [event("TurnEnded", seat=actor)]
    if actor == 1 and state.round >= state.rounds:
        cards = [p.card for p in state.players]
        totals = [p.points + CARDS[p.card or ""] for p in state.players]
        winner = max((0, 1), key=lambda s: (totals[s], CARDS[cards[s] or ""]))
        out += [event("CardsShown", cards=cards),
                event("GameWon", winner=winner, scores=totals)]
    else:
        nxt = 1 - actor
        out.append(event("TurnStarted", seat=nxt, round=state.round + (1 if nxt == 0 else 0)))
    return out


def apply(state: TinyState, ev: Event) -> None:
    """One event applied in place (total: no validation)."""
    d = ev.data
    kind = ev.type
    if kind == "GameSetUp":
        state.players = [Player(seat=i, name=n) for i, n in enumerate(d["players"])]
        state.rounds = d["rounds"]
        state.takebacks = d["takebacks"]
    elif kind == "CardDealt":
        state.players[d["seat"]].card = d["card"]
    elif kind == "TurnStarted":
        state.round = d["round"]
        state.turn = Turn(seat=d["seat"])
    elif kind == "Doubled" and state.turn is not None:
        state.turn.stake = 2
        state.turn.stage = "roll"
    elif kind == "DieRolled" and state.turn is not None:
        state.turn.die = d["die"]
        state.turn.stage = "end"
        state.players[d["seat"]].points += d["points"]
    elif kind == "CardRevealed":
        player = state.players[d["seat"]]
        player.revealed = True
        player.points += d["points"]
    elif kind == "TurnEnded":
        state.turn = None
    elif kind == "CardsShown":
        for player, card in zip(state.players, d["cards"], strict=True):
            player.card = card
            player.revealed = True
    elif kind == "GameWon":
        state.winner = d["winner"]
        state.end = {"reason": "rounds"}
        for player, total in zip(state.players, d["scores"], strict=True):
            player.points = total


def view(state: TinyState, viewer: int) -> dict[str, Any]:
    """What ``viewer`` may see: a card only to its holder until it is revealed (rule 1)."""
    turn = state.turn
    return {
        "round": state.round,
        "rounds": state.rounds,
        "turn": turn.model_dump() if turn is not None else None,
        "players": [{"seat": p.seat, "name": p.name, "points": p.points,
                     "revealed": p.revealed,
                     "card": p.card if (p.revealed or p.seat == viewer) else None}
                    for p in state.players],
        "winner": state.winner,
    }


def pending(state: TinyState) -> Pending | None:
    turn = state.turn
    if state.winner is not None or turn is None:
        return None
    return Pending(seats=(turn.seat,), prompt=turn.stage, detail={"stake": turn.stake})


def parse(data: dict[str, Any] | str) -> Command:
    try:
        raw = json.loads(data) if isinstance(data, str) else data
        cmd: Command = _ADAPTER.validate_python(raw)
    except ValidationError as exc:
        raise BadCommand(f"not a Tiny Duel command: {first_error(exc)}") from None
    except ValueError as exc:
        raise BadCommand(f"not a Tiny Duel command: {exc}") from None
    return cmd


def _barrier(ev: Event) -> bool:
    return ev.type in BARRIERS


def _enabled(state: TinyState) -> bool:
    return state.takebacks


class TinyDuelRuleset:
    """Tiny Duel, id ``tiny-duel``."""

    id = "tiny-duel"

    def setup(self, options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
        return setup(options, players, rng)

    def initial_state(self) -> TinyState:
        return TinyState()

    def decide(self, state: TinyState, actor: int, command: Command,
               rng: Randomness) -> list[Event]:
        if isinstance(command, TakeBack):
            return _takeback.decide(state, actor, enabled=state.takebacks)
        return decide(state, actor, command, rng)

    def apply(self, state: TinyState, event: Event) -> None:
        _takeback.apply(state, event, apply, enabled=_enabled, barrier=_barrier,
                        clone=clone_rewindable)

    def evolve(self, state: TinyState, event: Event) -> TinyState:
        new = self.clone(state)
        self.apply(new, event)
        return new

    def clone(self, state: TinyState) -> TinyState:
        return clone_rewindable(state)

    def view(self, state: TinyState, viewer: int = SPECTATOR) -> dict[str, Any]:
        return view(state, viewer)

    def legal_actions(self, state: TinyState, actor: int) -> Iterator[Command]:
        yield from legal(state, actor)
        yield from _takeback.offer(state, actor, pending(state), enabled=state.takebacks)

    def pending(self, state: TinyState) -> Pending | None:
        return pending(state)

    def parse_command(self, data: dict[str, Any] | str) -> Command:
        return _takeback.parse(data) or parse(data)

    def dump_state(self, state: TinyState) -> str:
        return state.model_dump_json()

    def load_state(self, text: str) -> TinyState:
        return TinyState.model_validate_json(text)


ruleset = TinyDuelRuleset()
