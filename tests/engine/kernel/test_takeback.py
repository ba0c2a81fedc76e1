"""The kernel's take-back mechanism (``engine/kernel/takeback.py``; house rule,
``docs/rulings.md`` "Take-backs"): command boundaries in the envelope, parsing, what stays in
effect, and a stretch interrupted by another seat coming back when that seat takes back."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import BadCommand, Event, Ruleset, TakeBack, fold, takeback
from engine.startraders.ruleset import ruleset as star_traders
from engine.venus.ruleset import ruleset as venus
from tests.engine.startraders.kit import c, game_of

ANN_AT_MINK = [{"name": "Ann", "world": 14, "hand": []}, {"name": "Bob", "world": 66}]


def test_a_command_s_first_event_names_its_seat_and_survives_json() -> None:
    game = game_of(players=ANN_AT_MINK, stations={15: 0})
    out = game.play(0, c.Jump(to=15, kind="station"))
    assert out[0].actor == 0 and all(e.actor is None for e in out[1:])
    again = Event.model_validate_json(out[0].model_dump_json())
    assert again.actor == 0
    # on the wire the first event says whose command it is and who chose it (the log marks
    # a bot's commands, docs/architecture.md "Who played a command"); the others say nothing
    assert out[0].redacted_for(1)["actor"] == 0 and out[0].redacted_for(1)["by"] == "player"
    assert all("actor" not in e.redacted_for(1) and "by" not in e.redacted_for(1)
               for e in out[1:])
    bot = out[0].model_copy(update={"by": "bot"})
    assert Event.model_validate_json(bot.model_dump_json()).by == "bot"
    assert bot.redacted_for(1)["by"] == "bot"


@pytest.mark.parametrize("ruleset", [venus, star_traders])
def test_take_back_parses_and_refuses_fields(ruleset: Ruleset[Any]) -> None:
    assert ruleset.parse_command({"type": "TakeBack"}) == TakeBack()
    assert ruleset.parse_command('{"type": "TakeBack"}') == TakeBack()
    with pytest.raises(BadCommand, match="TakeBack takes no fields"):
        ruleset.parse_command({"type": "TakeBack", "to_seq": 3})


def test_in_effect_drops_what_was_taken_back() -> None:
    game = game_of(players=ANN_AT_MINK, stations={15: 0, 13: 0})
    start = game.seq
    game.play(0, c.Jump(to=15, kind="station"))
    game.play(0, TakeBack())
    game.play(0, c.Jump(to=13, kind="station"))
    standing = takeback.in_effect(game.events)
    assert [e.type for e in standing].count("TookBack") == 0
    assert all(e.seq <= start or e.seq > start + 1 for e in standing if e.type == "Jumped")
    assert fold(star_traders, standing) == game.state


def test_another_seats_take_back_revives_the_stretch_it_interrupted() -> None:
    """Bob (reaction policy `ask`) passes the last window of Ann's jump: his own stretch.
    Ann's next command ends it (another seat acted); when Ann takes that back, the state is
    what it was, Bob's stretch included: he may take back his pass again."""
    players = [{"name": "Ann", "world": 14}, {"name": "Bob", "world": 66, "policy": "ask"}]
    game = game_of(players=players, stations={15: 0})
    game.play(0, c.Jump(to=15, kind="station"))
    while (now := star_traders.pending(game.state)) is not None and now.seats == (1,):
        game.play(1, c.PassReaction())
    bob_point = takeback.point(game.state, 1)
    assert bob_point is not None  # Bob's last pass told nothing new: he may take it back
    game.play(0, c.EndMovement())
    assert takeback.point(game.state, 1) is None and takeback.point(game.state, 0) is not None
    (took,) = game.play(0, TakeBack())
    assert game.state == fold(star_traders, [e for e in game.events
                                             if e.seq <= took.data["to_seq"]])
    assert takeback.point(game.state, 1) == bob_point and takeback.point(game.state, 0) is None
