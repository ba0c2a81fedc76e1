"""Hidden information (Money; Trader's Luck; the Psychic; Telzey): an oracle over whole
random games checks every view and every redacted event, and replay reproduces the state."""

from __future__ import annotations

import json

import pytest

from engine.bots.random_bot import UniformBot
from engine.kernel import SPECTATOR, Game, fold
from engine.startraders.ruleset import ruleset

from .kit import asked, c, game_of, play

PRIVATE = {"CardsDrawn", "StellorsChanged", "CardsSeen", "BidPlaced"}


def _secrets(game: Game, seat: int) -> set[str]:
    """What only ``seat`` may know: its cards (while held)."""
    return set(game.state.players[seat].hand)


def _check_views(game: Game) -> None:
    n = len(game.state.players)
    for viewer in [SPECTATOR, *range(n)]:
        view = ruleset.view(game.state, viewer)
        for p in view["players"]:
            if p["seat"] != viewer:
                assert "stellors" not in p and "hand" not in p
        text = json.dumps(view)
        for other in range(n):
            if other == viewer:
                continue
            mine = set(game.state.players[viewer].hand) if viewer >= 0 else set()
            # a card named in an offer is shown by its holder to the other party (Trades),
            # an open one or one made earlier this turn
            made = view["turn"]["offered"] if view["turn"] else []
            offered = {card for o in [*view["offers"], *made] for side in ("give", "get")
                       for card in o[side]["cards"]}
            seen_by_viewer = set(view["luck_discard"]) | mine | offered
            for card in _secrets(game, other) - seen_by_viewer:
                assert f'"{card}"' not in text
        psychic = viewer >= 0 and game.state.players[viewer].personality == "psychic"
        if not psychic:
            assert view["psychic"] == []


def _check_events(game: Game) -> None:
    for ev in game.events:
        for viewer in range(-1, len(game.state.players)):
            out = ev.redacted_for(viewer)
            if ev.type in PRIVATE:
                assert ("data" in out) == (viewer == ev.data["seat"])
            if ev.type in ("DecksShuffled", "LuckReshuffled", "ContractDeckReshuffled",
                           "ScenarioSetUp"):
                assert "data" not in out


@pytest.mark.parametrize("n", [2, 4, 6])
def test_views_and_events_never_show_another_seats_money_or_cards(n: int) -> None:
    game = Game.start(ruleset, {}, [f"p{i}" for i in range(n)], seed=f"oracle{n}")
    bots = [UniformBot(f"o{i}") for i in range(n)]
    for step in range(600):
        now = ruleset.pending(game.state)
        if now is None:
            break
        seat = now.seats[0]
        # dropping out would end a small game early: the oracle wants long games
        legal = [a for a in ruleset.legal_actions(game.state, seat) if a.type != "DropOut"]
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
        if step % 50 == 0:
            _check_views(game)
    _check_views(game)
    _check_events(game)
    replayed = fold(ruleset, game.events)
    assert replayed.model_dump() == game.state.model_dump()


def test_psychic_sees_the_top_contracts_alone_personalities() -> None:
    """The Psychic sees the next Contract; with 5 or 6 players the top two."""
    players = [{"name": n} for n in "ABCDE"]
    players[2]["personality"] = "psychic"
    game = game_of(players=players, contracts=[1, 2, 3, 4], deck_top=[40, 41, 42])
    assert [k["id"] for k in ruleset.view(game.state, 2)["psychic"]] == [40, 41]
    assert ruleset.view(game.state, 0)["psychic"] == []
    assert ruleset.view(game.state, SPECTATOR)["psychic"] == []


def test_telzey_look_is_told_to_the_looker_alone_special_payoffs() -> None:
    """Deliveries to Telzey (23) allow a look at any one player's Trader's Luck cards."""
    players = [{"name": "Ann", "world": 22, "hold": ["Cybertanks"]},
               {"name": "Bob", "hand": ["avoid-1", "zap-3"], "policy": "never"},
               {"name": "Cy"}]
    game = game_of(players=players, contracts=[1, 34], dice=[6])
    play(game, 0, c.Jump(to=23))
    assert asked(game.state).prompt == "telzey_look"
    out = play(game, 0, c.LookAtCards(seat=1))
    seen = [e for e in out if e.type == "CardsSeen"][0]
    assert seen.redacted_for(0)["data"]["cards"] == ["avoid-1", "zap-3"]
    assert "data" not in seen.redacted_for(1) and "data" not in seen.redacted_for(2)
    public = [e for e in out if e.type == "TelzeyLooked"][0]
    assert public.redacted_for(2)["data"] == {"seat": 0, "target": 1}
