"""Random play through the cards: ships entering encounter spaces and pirates again and
again (as movement will make them), every choice answered by a uniform random bot; every
prompt offers a command and every command offered is accepted (no stall, no refusal), the
Encounter deck runs out and is made again."""

from __future__ import annotations

import random

import pytest

from engine.bots.random_bot import UniformBot
from engine.kernel import Game, takeback
from engine.venus_standard import decks
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState

from .cards_kit import current, enter, table

SPACES = [f"enc-{i}" for i in range(80)]


def answer_all(game: Game[StandardState], bots: list[UniformBot]) -> None:
    """Answer whatever the cards ask with the random bot, checking each offer is accepted."""
    for _ in range(50):
        now = ruleset.pending(game.state)
        if now is None or now.prompt in ("movement", "first_contact", "transaction",
                                         "spaceport"):
            return
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        assert legal, f"prompt {now.prompt} offers nothing"
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
    raise AssertionError("the cards' questions did not end")


@pytest.mark.parametrize("players", [1, 3])
def test_many_encounters_with_random_answers(players: int) -> None:
    game = table(players, seed=f"enc{players}", title_intel_in_play=players == 3)
    bots = [UniformBot(f"b{i}") for i in range(players)]
    pick = random.Random(players)
    drawn = 0
    for _ in range(150):
        seat = current(game)
        game.state.player(seat).credits += 30  # keep offers and intel affordable
        _, events = enter(game, seat, pick.choice(SPACES), "encounter",
                          last_point=pick.random() < 0.2)
        drawn += sum(1 for e in events if e.type == "CardDrawn" and
                     e.data["deck"] == decks.ENCOUNTER)
        answer_all(game, bots)
        # the cards' own commands offered in the phase are accepted too
        legal = [a for a in ruleset.legal_actions(game.state, seat)
                 if a.type not in ("SkipMovement", "EndPhase")]
        if legal:
            game.play(seat, pick.choice(legal))
            answer_all(game, bots)
    assert drawn > 42  # more than the deck: it was made again from its discards
    assert any(e.type == "DeckShuffled" and e.data["deck"] == decks.ENCOUNTER
               and e.data.get("discards_in") for e in game.events)
    assert any(t.pirate for t in game.state.cards.tokens.values())


def test_views_and_logs_keep_the_decks_secret() -> None:
    """Face-down decks and stockpiles: a seat's view shows their sizes, never a card still
    in them; the log shows their shuffles to nobody; a card seen with Star Maps only to its
    user."""
    import json

    from engine.venus_standard import card_rules as cr

    game = table(2, seed="leak", title_intel_in_play=True)
    bots = [UniformBot("b0"), UniformBot("b1")]
    pick = random.Random(7)
    for _ in range(40):
        seat = current(game)
        enter(game, seat, pick.choice(SPACES), "encounter")
        answer_all(game, bots)
    seat = current(game)
    game.state.player(seat).credits += 50
    game.play(seat, cr.UseIntel(card="star-maps"))
    seen = game.state.decks[decks.ENCOUNTER][0]
    state = game.state
    for viewer in (0, 1, -1):
        text = json.dumps(ruleset.view(state, viewer))
        for deck in (decks.ENCOUNTER, decks.MISSION, decks.REWARD, "pirate"):
            in_deck = set(state.decks[deck])
            shown = set(state.discards.get(deck, [])) | set(state.cards.beside_track)
            for card in in_deck - shown:
                assert f'"{card}"' not in text, f"{card} of the {deck} deck leaked"
    from engine.venus_standard.secrets import leaks, secrets_for

    for viewer in (0, 1, -1):
        hidden = secrets_for(state, viewer)
        assert leaks(ruleset.view(state, viewer), hidden) == []
        assert leaks(game.log_for(viewer), hidden) == []
    peek = next(e for e in game.events if e.type == "EncounterCardSeen")
    for viewer in (0, 1, -1):
        redacted = peek.redacted_for(viewer)
        assert ("data" in redacted) == (viewer == seat)
    assert peek.redacted_for(seat)["data"]["card"] == seen


def test_simulate_counts_missions_and_encounters() -> None:
    """``starport simulate``'s usage: each encounter card drawn and mission completed."""
    from engine.venus_standard.simulate import usage_of

    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.missions, p.laser = ["armed-escort"], 4
    from engine.venus_standard import card_rules as cr

    game.play(seat, cr.CompleteMission(mission="armed-escort"))
    answer_all(game, [UniformBot("a"), UniformBot("b")])
    from .cards_kit import on_top

    on_top(game, decks.ENCOUNTER, "solar-wind")
    enter(game, seat)
    used = usage_of(game.events)
    assert used["mission:armed-escort"] == 1 and used["MissionCompleted"] == 1
    kept = game.state.player(seat).rewards
    assert all(used[f"reward:{r}"] == 1 for r in kept)
    assert used["encounter:solar-wind"] == 1
