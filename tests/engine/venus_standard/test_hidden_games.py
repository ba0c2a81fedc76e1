"""Hidden information over whole integrated bot games (Setup 3, 5, 6; "First Contact Phase"
2: market tokens "shuffled facedown" into a stack only its top of which is seen; Optional
Rules > Demand): every secret piece of every component is registered with the leak oracle
(``engine/venus_standard/secrets.py``), and no view and no redacted event of whole games
by the ``merchant`` and ``random`` bots, in every variant, gives one away to a seat or a
spectator."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots import act
from engine.kernel import SPECTATOR, Game, fold
from engine.venus_standard.definition import GAME
from engine.venus_standard.secrets import Secrets, leaks, secrets_for
from engine.venus_standard.state import StandardState

from .kit import asked, bot_plays, ruleset, start

EVERY = 15  # commands between two looks at every seat's view


def play_checked(game: Game[StandardState], bot: str, max_commands: int = 4000) -> set[str]:
    """Bots play ``game`` to its end; every ``EVERY`` commands each seat's and a spectator's
    view, and every event as each of them receives it, are searched for the secrets of that
    moment. Answers the names of the secrets that were in play."""
    n = len(game.state.players)
    bots = [GAME.make_bot(bot, f"hidden|{i}") for i in range(n)]
    viewers = (SPECTATOR, *range(n))
    seen = 0
    names: set[str] = set()
    for step in range(max_commands):
        pending = ruleset.pending(game.state)
        if pending is not None and step % EVERY:
            seat = pending.seats[0]
            command = act(bots[seat], ruleset, game.state, seat, game.seq)
            assert command is not None, f"seat {seat} has nothing to do at {game.seq}"
            game.play(seat, command)
            continue
        for viewer in viewers:
            secrets = secrets_for(game.state, viewer, game.events)
            names |= {k for k, v in secrets.sequences.items() if len(v) > 1}
            assert leaks(ruleset.view(game.state, viewer), secrets) == [], (viewer, game.seq)
            for ev in game.events[seen:]:
                assert leaks(ev.redacted_for(viewer), secrets) == [], (viewer, ev.type)
        seen = len(game.events)
        if pending is None:
            break
        seat = pending.seats[0]
        bot_plays(game, bots[seat], seat)
    assert ruleset.pending(game.state) is None, "the game did not end"
    assert fold(ruleset, game.events).model_dump() == game.state.model_dump()
    return names


@pytest.mark.parametrize(("bot", "players", "options"), [
    ("merchant", 2, {}),
    ("merchant", 3, {"demand": True, "title_intel_in_play": True}),
    ("random", 3, {"variant": "light-speed", "demand": True}),
    ("merchant", 1, {"variant": "solo-challenge"}),
    ("random", 2, {"variant": "epic", "epic_rounds": 31}),
])
def test_no_view_or_event_of_a_whole_bot_game_gives_a_secret_away(
        bot: str, players: int, options: dict[str, Any]) -> None:
    game = start(players, seed=f"hidden-{bot}-{players}", **options)
    names = play_checked(game, bot)
    # the oracle looked at the decks and stockpiles, and at market stacks once discovered
    assert {"deck encounter", "deck mission", "deck reward", "deck passenger"} <= names
    if options.get("demand"):
        assert "deck demand" in names
    assert any(n.startswith("market ") for n in names), names


def test_every_component_registers_its_hidden_pieces() -> None:
    """The decks (Encounter, Mission, Reward), the passenger and pirate stockpiles, the
    demand tokens, each discovered market's stack below its top token, and the face-down
    First Contact cards are secrets of the oracle for every seat and the spectator."""
    game = start(2, seed="registered", variant="light-speed", demand=True)
    play_checked_until_market(game)
    for viewer in (SPECTATOR, 0, 1):
        secrets = secrets_for(game.state, viewer)
        assert {"deck encounter", "deck mission", "deck reward", "deck passenger",
                "deck pirate", "deck demand"} <= set(secrets.sequences)
        stacks = {k: v for k, v in secrets.sequences.items()
                  if k.startswith("market ") and v}  # undiscovered markets have no stack
        assert stacks and all(len(v) == 2 for v in stacks.values())  # three tokens, top seen
        assert secrets.pairs == game.state.first_contact and secrets.pairs


def play_checked_until_market(game: Game[StandardState]) -> None:
    bots = [GAME.make_bot("merchant", f"m{i}") for i in range(2)]
    while not any(m.stack for m in game.state.trade.markets.values()):
        seat = asked(game.state).seats[0]
        bot_plays(game, bots[seat], seat)


def test_the_oracle_finds_a_market_stack_below_its_top() -> None:
    """Not vacuous: a view listing a stack's hidden tokens in order is a leak; its top is
    not."""
    game = start(2, seed="registered", variant="light-speed")
    play_checked_until_market(game)
    culture, market = next((c, m) for c, m in game.state.trade.markets.items() if m.stack)
    secrets: Secrets = secrets_for(game.state, 0)
    assert leaks({"token": {"id": market.stack[0]}}, secrets) == []
    assert leaks({"stack": list(market.stack)}, secrets) == [f"market {culture}"]
