"""Setting Up the Game (1-9), the advanced game's setup, personalities at setup."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError
from engine.startraders.galaxy import CAPITAL, load_galaxy
from engine.startraders.ruleset import ruleset

from .kit import asked, c, play


def _start(n: int, seed: int = 1, **options: object) -> Game:
    return Game.start(ruleset, dict(options), [f"p{i}" for i in range(n)], seed=seed)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_basic_resources_setting_up_2(n: int) -> None:
    """Setting Up 2 and 7: 40 Stellors, 3 engines, 1 Prestige, two Trader's Luck cards."""
    st = _start(n, personalities="none").state
    for p in st.players:
        assert (p.stellors, p.engines, p.prestige, len(p.hand)) == (40, 3, 1, 2)
    assert len(st.luck_deck) == 65 - 2 * n


@pytest.mark.parametrize(("n", "slots", "advanced"),
                         [(2, 2, False), (3, 2, False), (4, 3, False), (6, 5, False),
                          (2, 2, True), (5, 5, True)])
def test_contracts_dealt_per_player_count_setting_up_8(n: int, slots: int,
                                                       advanced: bool) -> None:
    """Setting Up 8: one fewer Contract than players, minimum two; the advanced game deals
    one per player."""
    st = _start(n, advanced=advanced, personalities="none").state
    assert len(st.slots) == slots and all(s is not None for s in st.slots)
    assert len(st.deck) == 72 - slots


def test_first_stations_on_starred_worlds_setting_up_5() -> None:
    """Setting Up 5: each player starts with a station and ship on a starred world, no two on
    the same; with six players and no Insider the last player to move starts on Capital."""
    galaxy = load_galaxy()
    for seed in range(5):
        st = _start(6, seed=seed, personalities="none").state
        worlds = [p.world for p in st.players]
        assert len(set(worlds)) == 6 and all(galaxy.worlds[w].starred for w in worlds)
        assert {w: s for w, s in st.stations.items()} == {p.world: p.seat for p in st.players}
        last = (st.first_player - 1) % 6
        assert st.players[last].world == CAPITAL


def test_insider_starts_on_capital_and_places_three_stations_setting_up_6() -> None:
    """Setting Up 6 / The Insider: Capital, then three more stations anywhere, chosen after
    the first stations and before the Contracts are dealt."""
    game = _start(3, personalities=["navigator", "insider", "hero"])
    st = game.state
    assert st.players[1].world == CAPITAL and st.stations[CAPITAL] == 1
    assert st.slots == [] and asked(st).prompt == "place_station"
    with pytest.raises(RuleError, match="Stations"):
        play(game, 1, c.PlaceStation(world=st.players[0].world))
    for world in (13, 25, 45):
        play(game, 1, c.PlaceStation(world=world))
    assert [st.stations[w] for w in (13, 25, 45)] == [1, 1, 1]
    assert len(game.state.slots) == 2 and asked(game.state).prompt == "move"


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n: int) -> None:
    with pytest.raises(RuleError, match="2-6 players"):
        _start(n)


def test_personalities_dealt_at_random_or_named_setting_up_4() -> None:
    st = _start(4, seed=3).state
    names = [p.personality for p in st.players]
    assert len(set(names)) == 4 and None not in names
    with pytest.raises(RuleError, match="unknown personality"):
        _start(2, personalities=["navigator", "wizard"])
    with pytest.raises(RuleError, match="one player"):
        _start(2, personalities=["hero", "hero"])
    with pytest.raises(RuleError, match="unknown table option"):
        _start(2, speed=3)


def test_setup_hides_hands_and_deck_order() -> None:
    """Trader's Luck cards are told only to their holder; the deck order to nobody."""
    game = _start(3)
    for ev in game.events:
        if ev.type in ("CardsDrawn", "DecksShuffled"):
            for viewer in range(-1, 3):
                seen = ev.redacted_for(viewer)
                if ev.type == "DecksShuffled" or viewer != ev.data["seat"]:
                    assert "data" not in seen
