"""The search bot: one bot that plays any installed game through its definition
(``docs/architecture.md``, "Bots"; ``docs/bots.md``).

Determinized flat Monte Carlo with common random numbers:

1. The candidates: the game's fast heuristic bot (its definition's default bot, or the
   policy ``search_bots`` is given for the searching seat) chooses first, from the seat's
   view and legal commands as it always does; its command is always a candidate, beside up
   to ``Budget.candidates - 1`` others sampled (seeded) from the legal commands the game
   lets the search weigh (``GameDefinition.search_candidates``: every one, unless the game's
   reckoning leaves some out).
2. Each round deals one *world*: ``GameDefinition.determinize(state, seat, rng)``, a copy of
   the position in which everything the seat cannot see (cups, decks, face-down markers,
   other seats' hands) is dealt again at random from what the seat can see. The search reads
   the game's state only through that hook, so what it chooses depends on the seat's view
   alone; two games that differ only in what the seat cannot see give the same choice.
3. In each world every live candidate is played, then every seat's heuristic bot (the
   searching seat's own policy for it) plays on
   until the turn has passed ``Budget.handoffs`` times (``whose_turn``: 1, the end of the
   turn being played; another seat's answers inside it do not end it; at
   ``Budget.next_turn_upto`` seats or fewer, the end of the seat's next turn) or
   ``Budget.depth`` commands a turn it spans were played; a seat the game names as having
   something to answer (``GameDefinition.answering``: a deal offered to it) answers first, as
   on the server; the dice come from the world's own stream, in the order they are rolled
   (the same for every candidate of the world: common random numbers), and the position is
   scored by ``GameDefinition.evaluate(state, seat)`` (1 a win, 0 a loss,
   between them how good the position is for the seat).
4. After ``Budget.prune_after`` rounds, the candidates whose mean trails the best by more
   than ``Budget.margin`` are dropped (never the heuristic's choice), so the rest get the
   playouts.
5. The candidate with the highest mean is played, but another replaces the heuristic's
   choice only when it leads it by ``Budget.prefer`` on average over the worlds both were
   played in (at least ``Budget.min_worlds``); ``reason`` says why in one line.

A budget is ``iterations`` playouts at most and ``seconds`` of thinking at most (a cap: with
``seconds=None`` the choice depends only on the seed, the position and ``iterations``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.kernel import Command, CommandRejected, Randomness, takeback
from engine.kernel.definition import BotFactory, GameDefinition
from engine.kernel.registry import game as installed
from engine.kernel.ruleset import HalfDone, number

from .base import Aid, Bot, act


@dataclass(frozen=True)
class Budget:
    """How hard the search bot thinks per decision."""

    iterations: int = 200  # playouts at most
    seconds: float | None = 0.25  # thinking time at most (None: the iterations alone)
    # commands played after the candidate in each playout, at most, for each time the turn
    # may pass in it (``handoffs``, or those of the seat's next turn)
    depth: int = 24
    # a playout ends when the turn has passed this many times (``whose_turn``; 1: at the
    # end of the turn being played); in a game whose state names no turn, when the game has
    # turned this many times to a seat other than the searching one
    handoffs: int = 1
    # at this many seats or fewer, a playout goes on through the seat's next turn instead
    # (the turn passes once for every seat and once more: 3 at two seats); 0: never
    next_turn_upto: int = 0
    candidates: int = 6  # the heuristic's choice and up to this many - 1 others
    prune_after: int = 3  # rounds before trailing candidates are dropped
    margin: float = 0.2  # how far below the best mean a candidate is dropped
    # how far another candidate must beat the heuristic's choice, on average over the
    # worlds both were played in (at least ``min_worlds`` of them), to be played instead
    prefer: float = 0.04
    min_worlds: int = 2


NORMAL = Budget(iterations=200, seconds=0.08, depth=16, candidates=5)
HARD = Budget(iterations=800, seconds=0.6, depth=32, candidates=8)


class Playout:
    """One world's position being played forward (the kernel's ``Game.decide`` and
    ``append`` without a log: numbered events applied to the state in place)."""

    __slots__ = ("rules", "state", "seq", "stream")

    def __init__(self, rules: Any, state: Any, seq: int, stream: str) -> None:
        self.rules, self.state, self.seq = rules, state, seq
        self.stream = Randomness(stream, seq, "dice")

    def play(self, seat: int, command: Command) -> None:
        """Apply ``command`` for ``seat``: raises ``CommandRejected`` when the rules refuse
        it before any event, ``HalfDone`` when the state is no longer usable. The dice come
        from the playout's one stream in the order they are rolled, so the n-th roll of every
        candidate's playout in a world is the same (common random numbers, even when the
        candidates' commands make different numbers of events)."""
        rules, base = self.rules, self.seq
        rng = self.stream
        in_place = getattr(rules, "decide_in_place", None)
        if in_place is not None:
            events = in_place(self.state, seat, command, rng, base)
        else:
            produced = rules.decide(self.state, seat, command, rng)
            events = [number(ev, base, i, seat) for i, ev in enumerate(produced)]
            for ev in events:
                rules.apply(self.state, ev)
        self.seq = base + len(events)


def whose_turn(state: Any) -> int | None:
    """The seat whose turn it is, in a game whose state says so (``state.turn.seat``: the
    player turns of every installed game), else None. Another seat's answer inside a turn (a
    reaction window, a permission, a merchant's reply) does not end the turn."""
    turn = getattr(state, "turn", None)
    seat = getattr(turn, "seat", None)
    return seat if isinstance(seat, int) else None


def label(command: Command) -> str:
    """A command in a few words for the reason line (its type and its fields' values)."""
    fields = command.model_dump(exclude={"type"}, exclude_defaults=True)
    if not fields:
        return command.type
    shown = ", ".join(f"{k}={_short(v)}" for k, v in fields.items())
    return f"{command.type}({shown})"


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _key(command: Command) -> str:
    return command.model_dump_json()


class SearchBot:
    """Determinized search over the seat's candidates, with the game's heuristic bot as the
    rollout policy (module docstring). ``act`` hands it the state (``searches``): it reads
    it only through the game's ``determinize``."""

    searches = True

    def __init__(self, game: GameDefinition | str, seed: str | int,
                 budget: Budget = NORMAL, *, name: str = "search",
                 policy: BotFactory | None = None) -> None:
        self._game = game
        self.seed = seed
        self.budget = budget
        self.name = name
        self._policy = policy
        self.reason: str | None = None
        self.playouts = 0  # playouts of the last decision (for the benches)
        # for the benches: decisions searched (more than one candidate), and the choices
        # that replaced the heuristic's, by "heuristic's command type > chosen type"
        self.searched = 0
        self.overrides: Counter[str] = Counter()

    @property
    def game(self) -> GameDefinition:
        game = self._game
        return game if isinstance(game, GameDefinition) else installed(game)

    def policy_bot(self, seed: str | int, own: bool = True) -> Bot:
        """The heuristic bot a seat is played with: for the searching seat (``own``: its
        choice is the first candidate, and its moves in a playout) ``policy`` if given, else
        the game's default bot; for every other seat the game's default bot, as the easy
        level plays."""
        game = self.game
        bot: Bot = (self._policy(seed) if own and self._policy is not None
                    else game.make_bot(game.default_bot, seed))
        if getattr(bot, "searches", False):
            raise ValueError(f"the rollout policy of {game.id} must not search: "
                             f"{type(bot).__name__}")
        return bot

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               aid: Aid | None = None, state: Any = None) -> Command:
        """The command for ``seat``; without ``state`` (a caller that is not ``act``), the
        heuristic's."""
        started = time.perf_counter()
        self.playouts = 0
        heuristic = self.policy_bot(f"{self.seed}|policy").choose(
            view, legal, seat=seat, seq=seq, aid=aid)
        candidates = self.candidates(
            heuristic, self.game.search_candidates(view, legal, seat), seq)
        if state is None or len(candidates) == 1:
            self.reason = self.unsearched(legal, len(candidates))
            return heuristic
        scores = self.search(state, seat, seq, candidates, started)
        means = [sum(s.values()) / len(s) if s else -1.0 for s in scores]
        order = sorted(range(len(candidates)), key=lambda i: (-means[i], i))
        best = order[0]
        if best and not self.beats_heuristic(scores[best], scores[0]):
            order.remove(0)
            order.insert(0, 0)  # not clearly better than the heuristic's choice
            best = 0
        self.reason = self.explain(scores, means, order)
        self.searched += 1
        if best:
            self.overrides[f"{heuristic.type}>{candidates[best].type}"] += 1
        return candidates[best]

    @staticmethod
    def unsearched(legal: Sequence[Command], candidates: int) -> str:
        """The reason of a choice made without playouts: the one move there is, a choice the
        game leaves to its heuristic (``GameDefinition.search_candidates`` gave it alone:
        what it is worth shows later than a playout looks), or no state to search from."""
        if len(takeback.without(list(legal))) == 1:
            return "the only move here"
        if candidates == 1:
            return ("the usual move: a choice like this one is not played ahead, what it is "
                    "worth shows later than a turn or two")
        return "the usual move here"

    def candidates(self, heuristic: Command, legal: Sequence[Command],
                   seq: int) -> list[Command]:
        """The heuristic's choice first, then up to ``candidates - 1`` of ``legal`` (the
        commands the game lets the search weigh) sampled without repeats (all of them when
        there are few)."""
        seen = {_key(heuristic)}
        others: list[Command] = []
        for command in takeback.without(list(legal)):
            key = _key(command)
            if key not in seen:
                seen.add(key)
                others.append(command)
        room = self.budget.candidates - 1
        if len(others) > room:
            others = Randomness(self.seed, seq, "candidates").shuffled(others)[:room]
        return [heuristic, *others]

    def beats_heuristic(self, mine: dict[int, float], heuristic: dict[int, float]) -> bool:
        """Whether a candidate's scores beat the heuristic's choice's clearly, world by world
        (common random numbers: both were played in the same worlds with the same dice)."""
        if not heuristic:
            return bool(mine)
        shared = [w for w in mine if w in heuristic]
        if len(shared) < self.budget.min_worlds:
            return False
        lead = sum(mine[w] - heuristic[w] for w in shared) / len(shared)
        return lead >= self.budget.prefer

    def search(self, state: Any, seat: int, seq: int, candidates: list[Command],
               started: float) -> list[dict[int, float]]:
        """Each candidate's score in each world it was played in."""
        game, budget = self.game, self.budget
        rules = game.ruleset
        scores: list[dict[int, float]] = [{} for _ in candidates]
        live = list(range(len(candidates)))
        deadline = None if budget.seconds is None else started + budget.seconds
        bots: dict[int, Bot] = {}
        world_no = 0
        while self.playouts < budget.iterations:
            stream = f"{self.seed}|{seq}|world{world_no}"
            world = game.determinize(state, seat, Randomness(stream, seq, "determinize"))
            for i in live:
                if self.playouts >= budget.iterations or (
                        deadline is not None and time.perf_counter() > deadline):
                    break
                score = self.playout(rules, world, seat, seq, candidates[i], bots, stream,
                                     deadline)
                self.playouts += 1
                if score is not None:
                    scores[i][world_no] = score
            else:
                world_no += 1
                if world_no >= budget.prune_after:
                    live = self._prune(live, scores)
                continue
            break
        return scores

    def _prune(self, live: list[int], scores: list[dict[int, float]]) -> list[int]:
        """The live candidates less those trailing the best mean by more than ``margin``
        (the heuristic's choice stays: the others are measured against it)."""
        means = {i: sum(scores[i].values()) / len(scores[i]) for i in live if scores[i]}
        if not means:
            return live
        top = max(means.values())
        return [i for i in live
                if i == 0 or (i in means and means[i] >= top - self.budget.margin)]

    def handoffs(self, world: Any) -> int:
        """How many times the turn passes before a playout ends: the budget's ``handoffs``,
        or through the seat's next turn at ``next_turn_upto`` seats or fewer (the seats
        being the state's ``players``, as every installed game names them)."""
        seats = len(getattr(world, "players", ()))
        if 1 < seats <= self.budget.next_turn_upto:
            return seats + 1
        return self.budget.handoffs

    def playout(self, rules: Any, world: Any, seat: int, seq: int, candidate: Command,
                bots: dict[int, Bot], stream: str,
                deadline: float | None = None) -> float | None:
        """``candidate`` played in a copy of ``world``, then the heuristic bots' commands
        up to the budget's ``depth`` and ``handoffs``; the game's evaluation for ``seat``
        (None: the candidate was refused in this world, a rollout command broke the
        position, or the time ran out)."""
        game = self.game
        run = Playout(rules, rules.clone(world), seq, stream)
        try:
            run.play(seat, candidate)
        except (CommandRejected, HalfDone):
            return None
        handoffs, last = 0, seat
        limit = self.handoffs(world)
        turn = whose_turn(world)
        for _ in range(self.budget.depth * limit):
            pending = rules.pending(run.state)
            if pending is None or not pending.seats:
                break
            # a seat with something to answer though the game waits for nobody there (a
            # deal offered to it) answers at once, as the server has a bot seat do
            actor = next(iter(game.answering(run.state)), pending.seats[0])
            if turn is not None:
                now = whose_turn(run.state)
                if now is not None and now != turn:
                    turn = now
                    handoffs += 1
                    if handoffs >= limit:
                        break
            elif actor != last and actor != seat:
                handoffs += 1
                if handoffs >= limit:
                    break
            last = actor
            if deadline is not None and time.perf_counter() > deadline:
                return None
            bot = bots.get(actor)
            if bot is None:
                bot = bots[actor] = self.policy_bot(f"{self.seed}|rollout{actor}",
                                                    own=actor == seat)
            command = act(bot, game, run.state, actor, run.seq)
            if command is None:
                break
            try:
                run.play(actor, command)
            except CommandRejected:
                legal = takeback.without(rules.legal_actions(run.state, actor))
                if not legal:
                    break
                try:
                    run.play(actor, Randomness(stream, run.seq, "fallback").choice(legal))
                except (CommandRejected, HalfDone):
                    return None
            except HalfDone:
                return None
        return float(game.evaluate(run.state, seat))

    def explain(self, scores: list[dict[int, float]], means: list[float],
                order: list[int]) -> str:
        """One line for a player (the hint shows the move itself in the game's words, so the
        line names no command): in how many of the tries played ahead from here (the worlds
        sampled, each played a turn or two, ``Budget``: not whole games) the choice came out
        ahead of the usual move (the heuristic's, candidate 0) or, when it is the usual move,
        of the next best, and in how many behind, world by world as ``beats_heuristic``
        weighs them. A count of tries, not the game's evaluation as a percentage, which a
        player read as a chance of winning."""
        best = order[0]
        if not scores[best]:
            return "the usual move here (no time to look further)"
        worlds = len(set().union(*scores))
        runner = next((i for i in order[1:] if scores[i]), None)
        if best != 0:
            return _against(scores[best], scores[0], "it came out ahead of the usual move") \
                or f"the best of the moves tried in {worlds} {PLAYED}"
        if runner is None or means[runner] >= means[best] - self.budget.prefer:
            return f"the usual move: no other did clearly better in {worlds} {PLAYED}"
        return _against(scores[best], scores[runner],
                        "the usual move: it came out ahead of the next best") \
            or f"the usual move: the best in {worlds} {PLAYED}"


TRIES = "tries played a turn or two ahead"
GUESSED = "the hidden cards guessed"
PLAYED = f"{TRIES}, {GUESSED}"


def _against(mine: dict[int, float], other: dict[int, float], lead: str) -> str:
    """``lead``, then in how many of the worlds both were played in ``mine`` scored above
    ``other`` and in how many below; empty when they shared no world."""
    shared = [w for w in mine if w in other]
    if not shared:
        return ""
    ahead = sum(mine[w] > other[w] for w in shared)
    behind = sum(mine[w] < other[w] for w in shared)
    tail = f", behind in {behind};" if behind else ","
    return f"{lead} in {ahead} of {len(shared)} {TRIES}{tail} {GUESSED}"


def search_bots(game: str, *, normal: Budget = NORMAL, hard: Budget = HARD,
                policy: BotFactory | None = None) -> dict[str, Callable[[str | int], SearchBot]]:
    """The levels a game's definition lists beside its heuristic bot: ``normal`` and
    ``hard``, for the installed game of id ``game`` (found when a bot first thinks, so a
    definition may list them before it is made); ``policy``: the heuristic bot the searching
    seat is played with, where it differs from the easy level's (``SearchBot.policy_bot``)."""
    return {
        "normal": lambda seed: SearchBot(game, seed, normal, name="normal", policy=policy),
        "hard": lambda seed: SearchBot(game, seed, hard, name="hard", policy=policy),
    }
