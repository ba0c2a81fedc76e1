"""Reaction windows keep hands and policies secret (docs/star-traders.md, "Reaction windows";
Money: each player sees only his own cards; Trader's Luck: "You may show them to your
opponents, but you don't have to").

The oracle below is what an opponent or a spectator can do: watch the public side of many
windows (``pending.seats``, the public view, the events as they are redacted for others) and
guess who holds a card that answers each window. It must do no better than guessing from
nothing at all.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import SPECTATOR, Command, Game
from engine.startraders import commands as c
from engine.startraders.components import luck_cards
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState
from engine.startraders.windows import REACTION_CARDS, holds

from .kit import asked, game_of, play

CALM = (c.EndMovement, c.SkipAction, c.Draw, c.EndTurn, c.PayPetition, c.ChooseKlugePayoff,
        c.LookAtCards, c.AnswerPermission, c.ChooseJump, c.RerollFirstDie, c.Bid,
        c.PlaceStation, c.Discard, c.Abandon)


def _holders(state: StarState) -> set[int]:
    """The truth the oracle is after: the seats holding a card that answers the window."""
    w = state.window
    assert w is not None
    return {s for s in w.order if any(holds(state, s, k) for k in REACTION_CARDS[w.kind])}


def _step(game: Game[StarState], jumps: int) -> Command:
    """A plain player: jump regular while attempts last (opening windows), pass every window,
    else the first calm command of the prompt."""
    now = asked(game.state)
    seat = now.seats[0]
    legal = [a for a in ruleset.legal_actions(game.state, seat) if a.type != "TakeBack"]
    if now.prompt in ("quarantine", "zap", "you_are_lost", "avoid_calamity", "petition"):
        return c.PassReaction()
    if now.prompt == "move" and jumps < 40:
        jump = next((a for a in legal if isinstance(a, c.Jump) and a.kind == "regular"), None)
        if jump is not None:
            return jump
    return next(a for a in legal if isinstance(a, CALM))


def _observed_windows(seed: int, players: int) -> list[tuple[set[int], set[int], set[int]]]:
    """Per window of a default table (every policy the default ``playable``): the seats it
    could ask, the seats ``pending`` ever named while it was open, and the true holders."""
    game = Game.start(ruleset, {"personalities": "none"}, [f"p{i}" for i in range(players)],
                      seed)
    out: list[tuple[set[int], set[int], set[int]]] = []
    open_windows: dict[int, tuple[set[int], set[int], set[int]]] = {}
    for step in range(160):
        st = game.state
        if st.winner is not None:
            break
        w = st.window
        if w is not None:
            key = id(w)
            entry = open_windows.setdefault(key, (set(w.order), set(), _holders(st)))
            entry[1].update(asked(st).seats)
        seat = asked(st).seats[0]
        game.play(seat, _step(game, step))
        if game.state.window is None and open_windows:
            out.extend(open_windows.values())
            open_windows.clear()
    return out


def test_the_public_side_of_reaction_windows_tells_no_hand() -> None:
    """The oracle "a seat named by ``pending.seats`` while a window is open holds a card
    that answers it" (with the default policy, ask only when I hold a playable card) may not
    beat the best blind guess: over many seeded windows of default tables, the seats named
    are the same whatever the hands (every seat the window may ask)."""
    right = total = holding = 0
    named_sets: list[tuple[set[int], set[int]]] = []
    for seed in range(6):
        for could, named, holders in _observed_windows(seed, 3 + seed % 2):
            named_sets.append((named, could))
            for s in could:
                right += (s in named) == (s in holders)
                holding += s in holders
                total += 1
    assert total > 100
    blind = max(holding, total - holding)  # always guess the commoner answer
    assert right <= blind, f"the oracle guessed {right} of {total}, blind guessing {blind}"
    assert all(named == could for named, could in named_sets)  # only the public candidates


def _twin(hands: dict[int, list[str]], policies: dict[int, str]) -> Game[StarState]:
    players: list[dict[str, Any]] = [
        {"name": "Ann", "world": 14, "hand": hands.get(0, [])},
        {"name": "Bob", "world": 66, "hand": hands[1], "policy": policies[1]},
        {"name": "Cy", "world": 66, "hand": hands[2], "policy": policies[2]},
    ]
    return game_of(players=players, dice=[4, 6, 6], reaction_timer=20)


def _trace(game: Game[StarState]) -> list[Any]:
    """Ann jumps (Mink to Niven, a roll); every window is let run out by its countdown
    (``timeout_passes``: silence passes). What Ann and a spectator see at each step."""
    from engine.startraders.luck import timeout_passes

    seen: list[Any] = []

    def look(events: list[Any]) -> None:
        seen.append([e.redacted_for(0) for e in events])
        seen.append([e.redacted_for(SPECTATOR) for e in events])
        now = ruleset.pending(game.state)
        seen.append(None if now is None else (now.prompt, now.seats, now.detail))
        seen.append(ruleset.view(game.state, SPECTATOR))
        seen.append(ruleset.view(game.state, 0))

    look(play(game, 0, c.Jump(to=13, kind="regular")))
    for _ in range(20):
        passes = timeout_passes(game.state)
        if not passes:
            break
        for seat, cmd in passes:
            look(play(game, seat, cmd))
    return seen


def test_twin_hands_look_the_same_to_everyone_else() -> None:
    """Bob holds a Zap and Cy a Favor, or the other way round, with either policy: what Ann
    and a spectator see of Ann's jump (its three intervals, each run out by the table's
    countdown) is the same event for event, view for view."""
    zap, favor = "zap-1", "favor-1"
    first = _trace(_twin({1: [zap], 2: [favor]}, {1: "playable", 2: "never"}))
    second = _trace(_twin({1: [favor], 2: [zap]}, {1: "never", 2: "ask"}))
    assert first == second
    assert any(step and step[0] == "zap" for step in first if isinstance(step, tuple))


def test_a_seat_sees_in_its_own_view_whether_it_is_asked() -> None:
    """The per-seat decision to prompt stays with the seat: Bob (holding a Zap) is asked in
    the Zap/Reroll interval, Cy (holding none) is not; both are waited for alike."""
    game = _twin({1: ["zap-1"], 2: ["favor-1"]}, {1: "playable", 2: "playable"})
    play(game, 0, c.Jump(to=13, kind="regular"))
    for seat in (0, 1, 2):  # the Quarantine interval: nobody can quarantine
        play(game, seat, c.PassReaction())
    assert asked(game.state).prompt == "zap" and asked(game.state).seats == (0, 1, 2)
    views = {s: ruleset.view(game.state, s)["window"]["asked"] for s in (0, 1, 2)}
    assert views == {0: False, 1: True, 2: False}
    assert ruleset.view(game.state, SPECTATOR)["window"]["asked"] is False


def test_changing_the_reaction_policy_while_asked_is_not_a_pass() -> None:
    """Bob, asked in the Zap/Reroll interval, sets his policy to `never`: the window still
    waits for him (no pass is made for him), his own view no longer prompts him, and nobody
    else sees anything of it but a hidden event."""
    game = _twin({1: ["zap-1"], 2: ["favor-1"]}, {1: "playable", 2: "playable"})
    play(game, 0, c.Jump(to=13, kind="regular"))
    for seat in (0, 1, 2):
        play(game, seat, c.PassReaction())
    before = ruleset.view(game.state, SPECTATOR)
    out = play(game, 1, c.SetReactionPolicy(policy="never"))
    [hidden] = [e.redacted_for(0) for e in out]
    assert hidden["redacted"] and "type" not in hidden and "data" not in hidden
    assert "ReactionPassed" not in [e.type for e in out]
    assert 1 in asked(game.state).seats
    assert ruleset.view(game.state, 1)["window"]["asked"] is False
    assert ruleset.view(game.state, SPECTATOR) == before
    play(game, 1, c.Zap(card="zap-1", delta=1))  # he may still answer with his card
    assert luck_cards()["zap-1"].kind == "zap" and "zap-1" in game.state.luck_discard
