"""Preparing for play (4.1-4.3): shuffles, the first player, merchants, the initial stake."""

from __future__ import annotations

from typing import Any

from engine.kernel import NOBODY, Event, Randomness, RuleError, event

from . import fast_play
from .bank import opening_bank
from .board import EDITIONS, load_board
from .cup import opening_cup
from .encounters import stays_on_hazard_free
from .first_player import CLASSIC_2012, check_player_count_2012, random_first_player
from .movement import marker_penalty
from .pieces import (
    culture_keys,
    factory_goods_markers,
    goods_markers,
    marker_mix,
    max_players,
    merchant_keys,
    starting_cash,
)
from .rastur import opening_pools
from .state import VenusState

GAME_LENGTHS = (1000, 2000, 3000, 4000)  # 14.1-14.4


FLAGS = {"small_bank": "13.3 bankruptcy", "combat": "15 combat", "rastur": "16 the Rastur",
         "solitaire": "17 solitaire", "fast_play": "2012 fast play variant",
         "takebacks": "house rule: take-backs"}
FLAG_WORDS = {"true": True, "on": True, "yes": True, "1": True,
              "false": False, "off": False, "no": False, "0": False}


def read_flag(name: str, value: object) -> bool:
    """A yes/no option in its usual spellings: true/false, on/off, yes/no, 1/0 (any case),
    as booleans, numbers or text (a command line or a form gives text)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | str) and str(value).strip().lower() in FLAG_WORDS:
        return FLAG_WORDS[str(value).strip().lower()]
    raise RuleError(FLAGS.get(name, "options"),
                    f"{name} must be true or false (on/off, yes/no, 1/0), not {value!r}")


def _read_flags(options: dict[str, Any]) -> dict[str, Any]:
    return {k: read_flag(k, v) if k in FLAGS else v for k, v in options.items()}


def _read_length(value: object) -> object:
    """14: the game length, also given as text ("2000")."""
    return int(value) if isinstance(value, str) and value.strip().isdigit() else value


def check_options(options: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """Table options with their defaults; a clear error names a wrong one."""
    opts = {"edition": "avalon-hill", "game_length": 2000, "small_bank": False,
            "solitaire": False, **_read_flags(options)}
    opts["game_length"] = _read_length(opts["game_length"])
    if len(players) == 1 and "solitaire" not in options and opts["edition"] == "avalon-hill":
        opts["solitaire"] = True  # 16, 17.1: one player plays solitaire, with the Rastur
    opts.setdefault("rastur", bool(opts["solitaire"]))  # 17.1: solitaire uses the Rastur
    opts.setdefault("combat", bool(opts["rastur"]))  # 16.3: the Rastur are blasted (15.4)
    if opts["edition"] not in EDITIONS:
        raise RuleError("options", f"edition must be one of {list(EDITIONS)}")
    if opts["game_length"] not in GAME_LENGTHS:
        raise RuleError("14 game length", f"game_length must be one of {list(GAME_LENGTHS)}")
    _check_optional(opts, players)
    fast_play.check(opts)
    limit = max_players(opts["edition"])
    if not 1 <= len(players) <= limit:
        raise RuleError("options", f"this edition seats 1 to {limit} players")
    races = opts.get("races")
    if races is not None:
        allowed = merchant_keys(opts["edition"])
        if len(races) != len(players) or len(set(races)) != len(races):
            raise RuleError("4.2 starting play", "races: one different merchant per player")
        bad = [r for r in races if r not in allowed]
        if bad:
            raise RuleError("4.2 starting play", f"unknown merchant {bad[0]!r}")
    return opts


def _check_optional(opts: dict[str, Any], players: list[str]) -> None:
    """15, 16, 17: the optional rules of the 1988 manual (combat, the Rastur, solitaire)."""
    if opts["edition"] == "classic-2012":
        if opts["combat"]:
            raise RuleError("15 combat", "no lasers or nova balls in the classic 2012 game: "
                            "combat is an optional rule of the 1988 (avalon-hill) edition")
        if opts["rastur"] or opts["solitaire"]:
            raise RuleError("16 the Rastur", "no Rastur in the classic 2012 game: the Rastur and "
                            "solitaire are optional rules of the 1988 (avalon-hill) edition")
    if opts["solitaire"]:
        if not opts["rastur"]:
            raise RuleError("17.1 setup", "the Rastur must be used to play solitaire")
        if len(players) != 1:
            raise RuleError("17.1 setup", "solitaire is played by one player")
    elif len(players) == 1 and opts["edition"] == "avalon-hill":
        raise RuleError("17.1 setup", "one player plays the solitaire rules (17), which must "
                        "use the Rastur (16): leave solitaire out or set it true")


def rastur_pooled(opts: dict[str, Any]) -> Event:
    """16.1, 17.11: the Active pool by the Mix Chart; the Reserve face up in solitaire."""
    pools = opening_pools(int(opts["game_length"]), bool(opts.get("solitaire")))
    return event("RasturPooled", active=pools["active"], reserve=pools["reserve"])


def setup(options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
    """The opening events: secret IOUs and "?" markers, the starting rolls (4.1-4.2). (A
    sandbox game set up from a scenario starts with ``scenario_setup.scenario_events``.)"""
    opts = check_options(options, players)
    edition = opts["edition"]
    if edition == CLASSIC_2012:  # a sandbox scenario may still seat one ship
        check_player_count_2012(len(players))
    board = load_board(edition)
    opened = market_opened(edition)
    if fast_play.on(opts):  # 2012 "Fast Play Variant": the goods start in the cup
        market, cup = fast_play.opening_market(opened.data["market"], opened.data["cup"])
        opened = event("MarketOpened", market=market, cup=cup, aside=opened.data["aside"])
    events = [event("GameCreated", edition=edition, options=opts, players=list(players),
                    bank=opening_bank(opts)), opened]
    systems = sorted(s.id for s in board.systems.values() if s.has_culture)
    cultures = rng.shuffled(culture_keys())
    events.append(event("IOUsPlaced", NOBODY, iou_at=dict(zip(systems, cultures, strict=True))))
    boxes = sorted(d for d, info in board.dots.items() if info.kind == "qbox")
    markers = rng.shuffled(list(marker_mix(edition)))
    events.append(
        event(
            "MarkersPlaced",
            NOBODY,
            boxes=dict(zip(boxes, markers[: len(boxes)], strict=True)),
            unused=markers[len(boxes) :],
        )
    )
    if fast_play.on(opts):
        events.extend(fast_play.setup_draws(opened.data["cup"], rng))
    if opts["rastur"]:
        events.append(rastur_pooled(opts))
    if edition == CLASSIC_2012:  # 2012 "Determine First Player": at random
        events.extend(random_first_player(len(players), rng))
    else:
        events.extend(_first_player(len(players), rng))
    first = events[-1].data["seat"]
    races = opts.get("races")
    if races is not None:
        order = events[-1].data["choosing_order"]
        events.extend(event("RaceChosen", seat=s, race=races[s]) for s in order)
        events.extend(_opening(len(players), first, board.galactic_base))
    return events


def market_opened(edition: str, **extra: Any) -> Event:
    """4.13, 4.14: Goods with their cultures, Factory Goods aside, the Bonus markers in the
    cup (10.1). Public: the markers' places are known to everyone (3.2)."""
    return event(
        "MarketOpened",
        market={k: list(v) for k, v in goods_markers(edition).items()},
        cup=opening_cup(edition),
        aside=list(factory_goods_markers()),
        **extra,
    )


def _first_player(count: int, rng: Randomness) -> list[Event]:
    """4.2: everyone rolls two dice; the highest (ties roll again) chooses first."""
    rolls: list[list[int]] = []  # [seat, die, die] in the order rolled
    contenders = list(range(count))
    while True:
        this_round = {seat: rng.dice(2) for seat in contenders}
        rolls.extend([seat, *dice] for seat, dice in this_round.items())
        best = max(sum(dice) for dice in this_round.values())
        top = [s for s in contenders if sum(this_round[s]) == best]
        if len(top) == 1:
            first = top[0]
            break
        contenders = top
    order = [(first + i) % count for i in range(count)]
    return [event("FirstPlayerChosen", seat=first, rolls=rolls, choosing_order=order)]


def _opening(count: int, first: int, base: str) -> list[Event]:
    """4.3: the initial stake, pawns at the Galactic Base, and the first turn."""
    return [
        event("StakeGiven", cash=starting_cash(count), ship="scout", dot=base),
        event("TurnStarted", seat=first, round=1, start_penalty=False),
    ]


def available_races(state: VenusState) -> list[str]:
    taken = {p.race for p in state.players}
    return [r for r in merchant_keys(state.edition) if r not in taken]


def begin_play(d: Any) -> None:
    """After the last merchant is chosen: the stake and the first turn (4.3)."""
    s: VenusState = d.state
    for ev in _opening(len(s.players), s.first_player, d.board.galactic_base):
        d.emit(ev)


def start_turn(d: Any, seat: int) -> None:
    """4.2: play passes to the left; a new round starts with the first player."""
    s: VenusState = d.state
    round_ = s.round + (1 if seat == s.first_player else 0)
    here = s.players[seat].dot
    board = d.board
    on_penalty = board.dots[here].kind == "penalty" or _penalty_marker(s, here)
    if marker_penalty(s, here, seat) is not None:  # 15.13, 16.3: an enemy Fort, a Rastur
        on_penalty = True
    if stays_on_hazard_free(s.edition):
        on_penalty = False  # 2012 "Movement Phase": skipping it on a hazard costs nothing
    d.emit(event("TurnStarted", seat=seat, round=round_, start_penalty=on_penalty))


def _penalty_marker(state: VenusState, dot: str) -> bool:
    box = state.qboxes.get(dot)
    return bool(box and box.face_up and box.marker and box.marker.kind == "penalty")
