"""Hidden information (Setup 3, 5, 6; First Contact Phase): an oracle over random games
checks every view and every redacted event: the face-down First Contact cards (which
culture lives where) and the order of every deck and stockpile are never shown to a seat
or a spectator; a flipped card is public. Replaying the log gives the same state."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.bots.random_bot import UniformBot
from engine.kernel import SPECTATOR, Game, fold, takeback
from engine.venus_standard import decks
from engine.venus_standard.secrets import Secrets, leaks, secrets_for
from engine.venus_standard.state import SECRET, StandardState

from .kit import asked, ruleset, start


@pytest.fixture
def stocked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Decks with cards in them (the components' own sources may not be here yet)."""
    for deck, prefix in (("mission", "m"), ("encounter", "e"), ("passenger", "p")):
        if not decks.cards_of(deck):
            def twelve(prefix: str = prefix) -> list[str]:
                return [f"{prefix}{i:02}" for i in range(12)]
            monkeypatch.setitem(decks.SOURCES, deck, twelve)
    yield


def check_view(state: StandardState, viewer: int) -> None:
    view = ruleset.view(state, viewer)
    assert not (SECRET - {"decks"}) & set(view), "a secret field of the state is in the view"
    assert all(isinstance(k, int) for k in view["decks"].values()), "only the decks' sizes"
    assert leaks(view, secrets_for(state, viewer)) == []


def check_events(game: Game[StandardState]) -> None:
    n = len(game.state.players)
    for ev in game.events:
        if ev.type in ("FirstContactPlaced", "DeckShuffled", "ScenarioSetUp"):
            assert ev.audience.kind == "nobody"
            for viewer in (SPECTATOR, *range(n)):
                assert "data" not in ev.redacted_for(viewer)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_views_and_events_never_show_a_face_down_card_or_a_decks_order(
        n: int, stocked: None) -> None:
    game = start(n, seed=f"oracle{n}")
    bots = [UniformBot(f"o{i}") for i in range(n)]
    step = 0
    while (now := ruleset.pending(game.state)) is not None:
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
        if step % 25 == 0:
            for viewer in (SPECTATOR, *range(n)):
                check_view(game.state, viewer)
        step += 1
    assert game.state.first_contact  # some cards stayed face down all game
    check_events(game)
    assert fold(ruleset, game.events).model_dump() == game.state.model_dump()


def test_a_flipped_first_contact_card_is_public(stocked: None) -> None:
    game = start(2, seed="flip", variant="light-speed")
    system = sorted(game.state.first_contact)[0]
    culture = game.state.first_contact[system]
    seat = asked(game.state).seats[0]
    from .kit import c

    out = game.play(seat, c.RevealFirstContact(system=system))
    assert out[0].redacted_for(SPECTATOR)["data"]["culture"] == culture
    for viewer in (SPECTATOR, 0, 1):
        view = ruleset.view(game.state, viewer)
        assert view["discovered"][system] == culture
        assert system not in view["first_contact_face_down"]
        check_view(game.state, viewer)


def test_the_oracle_finds_a_deck_order_or_a_face_down_card() -> None:
    """The oracle is not vacuous: it names what a message gives away."""
    secrets = Secrets(sequences={"deck mission": ["m3", "m1", "m2"]},
                      pairs={"jungle-world": "zum"})
    assert leaks({"next": ["m3", "m1"]}, secrets) == ["deck mission"]
    assert leaks({"cards": {"jungle-world": "zum"}}, secrets) == ["jungle-world is zum"]
    assert leaks({"cards": ["m1", "m3"], "jungle-world": None}, secrets) == []
