"""The search bot (``engine/bots/search.py``, ``docs/bots.md``) in every game: it never reads
a secret (two games that differ only in what its seat cannot see give the same worlds and
the same choice with the same seed), it answers every prompt it meets in whole games, and
the rules accept every command it plays.

``docs/architecture.md``, "Hidden information and randomness" and "Bots".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine.bots import act
from engine.bots.search import Budget, SearchBot, label, whose_turn
from engine.bots.simulate import seat_bots
from engine.kernel import Game, Pending, Randomness
from engine.kernel.registry import games
from engine.venus_standard.bot import Merchant
from tests.bots.openings import opening, play, playout_end, start

GAMES = ("venus", "venus-standard", "star-traders")
SMALL = Budget(iterations=12, seconds=None, depth=8, candidates=4, prune_after=2)


def _next(items: list[Any]) -> list[Any]:
    return items[1:] + items[:1]


def _venus_secrets(state: Any, seat: int) -> None:
    """Deal the Cultures of the Systems the seat has not observed, the "?" markers it has
    not spied, the cup and the Rastur pool another way (4.12, 6.1, 10.1, 16.2)."""
    me = state.players[seat]
    hidden = sorted(s for s in state.iou_at if s not in state.discovered
                    and s not in me.observed)
    for system, culture in zip(hidden, _next([state.iou_at[s] for s in hidden]), strict=True):
        state.iou_at[system] = culture
    for p in state.players:
        if p.seat != seat:
            p.observed = {s: state.iou_at[s] for s in p.observed}
    down = sorted(d for d, b in state.qboxes.items() if not b.face_up and d not in me.spied)
    boxes = _next([state.qboxes[d] for d in down])
    for dot, box in zip(down, boxes, strict=True):
        state.qboxes[dot] = box
    state.cup.reverse()
    state.rastur_pool.reverse()


def _standard_secrets(state: Any, seat: int) -> None:
    """The decks' order, the face-down First Contact cards and the market stacks below their
    top token another way (Setup 3, 5, 6; "Market Shift")."""
    for cards in state.decks.values():
        cards.reverse()
    systems = sorted(state.first_contact)
    for system, culture in zip(systems, _next([state.first_contact[s] for s in systems]),
                               strict=True):
        state.first_contact[system] = culture
    for market in state.trade.markets.values():
        market.stack[1:] = list(reversed(market.stack[1:]))


def _star_secrets(state: Any, seat: int) -> None:
    """The other Traders' cards, Stellors and reaction answers, and the decks' order another
    way (Money; Trader's Luck)."""
    other = state.players[1 - seat]
    if other.hand and state.luck_deck:
        other.hand[0], state.luck_deck[0] = state.luck_deck[0], other.hand[0]
    state.luck_deck.reverse()
    other.stellors += 17
    other.policy = "never"
    state.deck[1:] = list(reversed(state.deck[1:]))  # the top one a Psychic may see


SECRETS: dict[str, Callable[[Any, int], None]] = {
    "venus": _venus_secrets, "venus-standard": _standard_secrets,
    "star-traders": _star_secrets}
# how far into a game the position is taken: a few turns in, secrets still hidden
DEPTH = {"venus": 60, "venus-standard": 90, "star-traders": 60}


def _world(state: Any) -> dict[str, Any]:
    dumped: dict[str, Any] = state.model_dump(mode="json", exclude={"rewinds"})
    return dumped


def twins(game_id: str) -> tuple[Any, Any, int, int]:
    """Two positions that differ only in what the waited-for seat cannot see: the game's
    state, a copy with its secrets dealt another way, the seat and the seq."""
    definition = games()[game_id]
    game = opening(game_id, DEPTH[game_id])
    pending = definition.ruleset.pending(game.state)
    assert pending is not None
    seat = pending.seats[0]
    other = definition.ruleset.clone(game.state)
    SECRETS[game_id](other, seat)
    assert _world(other) != _world(game.state)
    assert definition.ruleset.view(other, seat) == definition.ruleset.view(game.state, seat)
    return game.state, other, seat, game.seq


@pytest.mark.parametrize("game_id", GAMES)
def test_worlds_depend_only_on_what_the_seat_sees(game_id: str) -> None:
    definition = games()[game_id]
    one, two, seat, seq = twins(game_id)
    for n in range(3):
        a = definition.determinize(one, seat, Randomness("w", seq, str(n)))
        b = definition.determinize(two, seat, Randomness("w", seq, str(n)))
        assert _world(a) == _world(b)
        # the seat's own view of a world is its view of the game
        assert definition.ruleset.view(a, seat) == definition.ruleset.view(one, seat)
    # the worlds differ from one stream to another, and leave the game untouched
    before = _world(one)
    worlds = {str(_world(definition.determinize(one, seat, Randomness("w", seq, str(n)))))
              for n in range(3)}
    assert len(worlds) > 1
    assert _world(one) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_choice_with_the_same_seed_whatever_the_secrets(game_id: str) -> None:
    definition = games()[game_id]
    one, two, seat, seq = twins(game_id)
    choices = []
    for state in (one, two):
        bot = SearchBot(definition, "same", SMALL)
        command = act(bot, definition, state, seat, seq)
        choices.append((command, bot.reason, bot.playouts))
    assert choices[0] == choices[1]
    assert choices[0][1]  # a reason is given


@pytest.mark.parametrize("game_id", GAMES)
def test_the_levels_are_listed_after_the_heuristic(game_id: str) -> None:
    definition = games()[game_id]
    kinds = list(definition.bots)
    assert kinds[0] == definition.default_bot
    assert not getattr(definition.make_bot(kinds[0], 1), "searches", False)
    for level in ("normal", "hard"):
        bot = definition.make_bot(level, "seed")
        assert isinstance(bot, SearchBot) and bot.name == level and bot.reason is None


def test_without_the_state_it_plays_the_heuristics_choice() -> None:
    definition = games()["star-traders"]
    game = opening("star-traders", 20)
    pending = definition.ruleset.pending(game.state)
    assert pending is not None
    seat = pending.seats[0]
    legal = list(definition.ruleset.legal_actions(game.state, seat))
    view = definition.ruleset.view(game.state, seat)
    bot = SearchBot(definition, "x", SMALL)
    heuristic = definition.make_bot(definition.default_bot, "x|policy")
    assert bot.choose(view, legal, seat=seat, seq=game.seq) == heuristic.choose(
        view, legal, seat=seat, seq=game.seq)
    assert bot.reason and bot.playouts == 0


def test_the_searching_seat_is_played_with_its_own_policy_the_others_with_easy() -> None:
    """``search_bots(policy=...)``: the searching seat's first candidate and its moves in
    a playout are the policy's; every other seat's are the easy level's (the game's first
    bot kind), as they are played at the table."""
    definition = games()["venus-standard"]
    bot = definition.make_bot("hard", "x")
    assert isinstance(bot, SearchBot)
    own, other = bot.policy_bot("p"), bot.policy_bot("p", own=False)
    plain = SearchBot(definition, "x", SMALL).policy_bot("p")  # no policy: easy's for all
    assert isinstance(own, Merchant) and isinstance(other, Merchant)
    assert isinstance(plain, Merchant)
    assert (own.spends_spare, other.spends_spare, plain.spends_spare) == (False, True, True)
    assert isinstance(definition.make_bot(definition.default_bot, "p"), Merchant)


def test_a_label_names_the_command_and_its_fields() -> None:
    definition = games()["venus-standard"]
    command = definition.ruleset.parse_command({"type": "EndPhase"})
    assert label(command) == "EndPhase"


def play_with_one_searcher(game_id: str, seed: str, budget: Budget,
                           players: int = 2) -> tuple[Game[Any], Counter[str]]:
    """A whole game, seat 0 the search bot and the others the heuristic; every command the
    search bot plays is one the rules accept (``Game.play`` raises otherwise)."""
    definition = games()[game_id]
    game = start(game_id, seed, players)
    bots: list[Any] = [SearchBot(definition, seed, budget)]
    bots += seat_bots(definition, [definition.default_bot] * players, seed)[1:]
    prompts: Counter[str] = Counter()

    def watch(seat: int, pending: Pending) -> None:
        if seat == 0:  # its command chosen, with its reason
            prompts[pending.prompt] += 1
            assert bots[0].reason

    play(game, definition, bots, 5000, watch)
    return game, prompts


TINY = Budget(iterations=3, seconds=None, depth=4, candidates=3, prune_after=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_search_seat_plays_a_whole_game(game_id: str) -> None:
    definition = games()[game_id]
    game, prompts = play_with_one_searcher(game_id, "whole", TINY)
    assert definition.ruleset.pending(game.state) is None  # the game is over
    assert sum(prompts.values()) > 20 and len(prompts) > 1


def test_another_candidate_must_lead_the_heuristics_choice_in_the_same_worlds() -> None:
    bot = SearchBot("venus", "x", Budget(prefer=0.04, min_worlds=2))
    heuristic = {0: 0.5, 1: 0.5, 2: 0.5}
    assert bot.beats_heuristic({0: 0.6, 1: 0.6}, heuristic)
    assert not bot.beats_heuristic({0: 0.6}, heuristic)  # one shared world is not enough
    assert not bot.beats_heuristic({0: 0.52, 1: 0.53, 2: 0.5}, heuristic)  # not by 0.04
    assert not bot.beats_heuristic({5: 0.9, 6: 0.9}, heuristic)  # no world in common
    assert bot.beats_heuristic({0: 0.1}, {})  # the heuristic's choice was never scored


def test_pruning_keeps_the_heuristics_choice_and_the_close_ones() -> None:
    bot = SearchBot("venus", "x", Budget(margin=0.2))
    scores = [{0: 0.1}, {0: 0.9}, {0: 0.75}, {0: 0.5}, {}]
    assert bot._prune([0, 1, 2, 3, 4], scores) == [0, 1, 2]


def test_a_playout_runs_through_the_others_answers_to_the_end_of_the_turn() -> None:
    """Star Traders: a jump opens reaction windows that ask the other Trader (Timing
    Details); the playout plays on through his answers and stops when the turn passes."""
    definition = games()["star-traders"]
    game = opening("star-traders", 40)
    pending = definition.ruleset.pending(game.state)
    while pending is not None and (pending.prompt != "move"
                                   or whose_turn(game.state) != pending.seats[0]):
        seat = pending.seats[0]
        command = act(definition.make_bot(definition.default_bot, "s1"), definition,
                      game.state, seat, game.seq)
        assert command is not None
        game.play(seat, command)
        pending = definition.ruleset.pending(game.state)
    assert pending is not None
    seat = pending.seats[0]
    turn, _ = playout_end(definition, game, seat, Budget(iterations=4, seconds=None, depth=200))
    assert turn not in (None, seat)  # the next Trader's turn, not a window


def test_the_turn_is_read_from_the_state() -> None:
    game = opening("venus", 10)
    assert whose_turn(game.state) == game.state.turn.seat
    assert whose_turn(object()) is None


def test_a_choice_the_game_leaves_to_its_heuristic_is_not_called_the_only_move() -> None:
    """Solo Challenge Setup 10: eight starting options, whose worth is the whole game's
    (``SETUP``, left to the merchant): the reason says the choice was not played ahead, not
    that it was the only move; a prompt with one legal command is the only move."""
    definition = games()["venus-standard"]
    game = Game.start(definition.ruleset, {"variant": "solo-challenge"}, ["Ann"], seed="s")
    pending = definition.ruleset.pending(game.state)
    assert pending is not None and pending.prompt == "solo_picks"
    seat = pending.seats[0]
    legal = list(definition.ruleset.legal_actions(game.state, seat))
    assert len(legal) == 8
    view = definition.ruleset.view(game.state, seat)
    bot = SearchBot(definition, "x", SMALL)
    bot.choose(view, legal, seat=seat, seq=game.seq, state=game.state)
    assert bot.reason is not None and bot.reason.startswith("the usual move: a choice like")
    assert bot.playouts == 0
    assert SearchBot.unsearched(legal[:1], 1) == "the only move here"


def test_the_reason_counts_the_tries_a_choice_came_out_ahead_in() -> None:
    """The hint's one-line reason (``SearchBot.explain``) says in how many of the tries
    played ahead the choice did better than the usual move, world by world, and in how many
    worse, not the evaluation as a percentage a player would read as a chance of winning."""
    bot = SearchBot(games()["star-traders"], "x", SMALL)
    usual, other = {0: 0.5, 1: 0.4, 2: 0.6, 3: 0.5}, {0: 0.6, 1: 0.5, 2: 0.55, 3: 0.5}
    means = [sum(s.values()) / len(s) for s in (usual, other)]
    assert bot.explain([usual, other], means, [1, 0]) == (
        "it came out ahead of the usual move in 2 of 4 tries played a turn or two ahead, "
        "behind in 1; the hidden cards guessed")
    assert bot.explain([other, usual], means[::-1], [0, 1]) == (
        "the usual move: no other did clearly better in 4 tries played a turn or two ahead, "
        "the hidden cards guessed")
    worse = {0: 0.1, 1: 0.2}
    assert bot.explain([usual, worse], [means[0], 0.15], [0, 1]) == (
        "the usual move: it came out ahead of the next best in 2 of 2 tries played a turn "
        "or two ahead, the hidden cards guessed")
    assert "%" not in bot.explain([usual, other], means, [1, 0])
