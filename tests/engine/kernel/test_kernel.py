"""The kernel: envelopes, audiences and redaction, dice, replay, snapshots, prompts."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import (
    NOBODY,
    Event,
    Game,
    GameOver,
    NotYourTurn,
    Randomness,
    RuleError,
    Snapshot,
    event,
    fold,
    only,
)

from .toy import Draw, HighCard, Reveal, ToyState


def test_event_envelope_round_trips_through_json() -> None:
    ev = event("Drew", only(1), seat=1, card=7).model_copy(update={"seq": 3})
    again = Event.model_validate_json(ev.model_dump_json())
    assert again == ev
    assert again.v == 1


def test_redaction_keeps_the_sequence_and_hides_the_payload() -> None:
    secret = event("Shuffled", NOBODY, type_public=False, deck=[1, 2]).model_copy(
        update={"seq": 2}
    )
    private = event("Drew", only(0), seat=0, card=5).model_copy(update={"seq": 3})
    assert secret.redacted_for(0) == {"seq": 2, "redacted": True}
    assert private.redacted_for(0)["data"] == {"seat": 0, "card": 5}
    assert private.redacted_for(1) == {"seq": 3, "redacted": True, "type": "Drew"}


def test_randomness_is_a_function_of_seed_and_seq() -> None:
    a = Randomness("seed", 5).dice(20)
    assert a == Randomness("seed", 5).dice(20)
    assert a != Randomness("seed", 6).dice(20)
    assert all(1 <= x <= 6 for x in a)
    counts = [0] * 6
    rng = Randomness("uniform", 1)
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert min(counts) > 850  # roughly uniform
    assert sorted(Randomness("s", 1).shuffled(range(10))) == list(range(10))


def test_a_different_game_runs_on_the_kernel_unchanged() -> None:
    game = Game.start(HighCard(), {}, ["ann", "bob"], seed="x")
    assert [e.seq for e in game.events] == [1, 2]
    game.play(0, Draw())
    with pytest.raises(NotYourTurn):
        game.play(1, Draw())
    with pytest.raises(RuleError) as err:
        game.play(0, Draw())
    assert err.value.rule == "1.1 one card"
    game.play(0, Reveal())
    game.play(1, Draw())
    game.play(1, Reveal())
    with pytest.raises(GameOver):
        game.play(0, Draw())
    # replay reproduces the state exactly
    assert fold(game.ruleset, game.events) == game.state
    # a seat sees its own draw, not the other's, and nobody sees the shuffle
    log0 = game.log_for(0)
    assert [e["seq"] for e in log0] == list(range(1, 7))
    assert "data" not in log0[1]
    assert log0[2]["data"]["seat"] == 0
    assert "data" not in log0[4]


def test_rejected_commands_change_nothing() -> None:
    game = Game.start(HighCard(), {}, ["ann"], seed="x")
    before = (game.seq, game.state.model_copy(deep=True))
    with pytest.raises(RuleError):
        game.play(0, Reveal())
    assert (game.seq, game.state) == before


def test_snapshot_then_tail_equals_full_replay() -> None:
    game = Game.start(HighCard(), {}, ["ann", "bob"], seed="y")
    game.play(0, Draw())
    snap = game.snapshot()
    assert isinstance(snap, Snapshot) and snap.seq == 3
    game.play(0, Reveal())
    tail = [e for e in game.events if e.seq > snap.seq]
    restored = Game.from_snapshot(game.ruleset, "y", snap, tail)
    assert restored.state == game.state
    assert restored.seq == game.seq


def test_evolve_leaves_its_input_alone() -> None:
    rules = HighCard()
    state = rules.initial_state()
    new = rules.evolve(state, event("Seated", players=3))
    assert state.players == 0 and new.players == 3


def test_a_game_loaded_from_a_snapshot_alone_continues_its_sequence() -> None:
    game = Game.start(HighCard(), {}, ["ann", "bob"], seed="z")
    game.play(0, Draw())
    restored = Game.from_snapshot(game.ruleset, "z", game.snapshot(), [])
    assert restored.seq == 3
    assert [e.seq for e in restored.play(0, Reveal())] == [4]


def test_old_events_are_upgraded_as_they_are_replayed() -> None:
    """DESIGN: payloads carry a schema version with upgrade functions for old events."""
    from engine.kernel import EventUpgrades

    class HighCardV2(HighCard):
        # version 2 renamed Seated.players to Seated.count
        event_upgrades = EventUpgrades(2, {("Seated", 1): lambda d: {"count": d["players"]}})

        def apply(self, state: ToyState, ev: Event) -> None:
            if ev.type == "Seated":
                assert ev.v == 2
                state.players = ev.data["count"]
                return
            super().apply(state, ev)

    old_log = Game.start(HighCard(), {}, ["ann", "bob"], seed="u").events
    assert old_log[0].v == 1
    state = fold(HighCardV2(), old_log)
    assert state.players == 2 and len(state.deck) == 10


class CountingHighCard(HighCard):
    """HighCard counting how often ``pending`` is asked."""

    asked = 0

    def pending(self, state: ToyState) -> Any:
        self.asked += 1
        return super().pending(state)


def test_pending_is_asked_of_the_ruleset_once_per_seq_and_again_after_an_append() -> None:
    rules = CountingHighCard()
    game = Game.start(rules, {}, ["ann", "bob"], seed="p")
    first = game.pending()
    assert first is not None and first.seats == (0,)
    assert game.pending() is first and rules.asked == 1  # same seq: not asked again
    game.play(0, Draw())  # decide reads the memo; the append forgets it
    assert rules.asked == 1
    assert game.pending() == rules.pending(game.state)  # the new state's, not the old one's
    assert rules.asked == 3
    game.play(0, Reveal())
    assert game.pending() is not None and game.pending().seats == (1,)  # bob's turn now
    restored = Game.from_snapshot(rules, "p", game.snapshot(), [])
    assert restored.pending() == game.pending()  # a game loaded from a snapshot asks anew
