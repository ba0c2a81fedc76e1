"""Setup (steps 1-15 of the standard game) and the variants' setups.

Steps that only sort the box (1, 2, 7's tokens) leave no event. Steps that belong to a
component run through ``STEPS[n]``: its owner registers ``@step(n)`` in his module
(imported by ``wiring.py``): 4 (culture supply areas: market, goods and technology
tokens), 6 (stockpiles), 9 (a Mission card dealt to each player). The core does 3 (First
Contact cards face down), 5 and 6 (decks and the passenger stockpile shuffled), 8 (pilots),
10 (first player), 11 (starting funds), 12 (laser and shield dials: each player chooses),
13 (round marker), 14 (first passenger: the round track's passenger icon, ``rounds.ICONS``)
and 15 (ships on Galactic Base).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from engine.kernel import NOBODY, Randomness, RuleError

from . import decks, rounds
from .draft import Draft
from .options import VenusStandardOptions
from .places import galactic_base, systems
from .state import COLORS, PILOTS, StandardState, Table

Step = Callable[[Draft], None]
STEPS: dict[int, list[Step]] = {}
CULTURES = [str(i) for i in range(1, 15)]  # the 14 cultures' identifiers (Setup 4)
EPIC_DICE = 5  # Epic Game: "roll five dice and add 30"


def step(n: int) -> Callable[[Step], Step]:
    """Register a component's part of setup step ``n``."""

    def register(fn: Step) -> Step:
        STEPS.setdefault(n, []).append(fn)
        return fn

    return register


def _run(draft: Draft, n: int) -> None:
    for fn in STEPS.get(n, []):
        fn(draft)


def read_options(options: dict[str, Any]) -> VenusStandardOptions:
    try:
        return VenusStandardOptions.model_validate(options)
    except ValidationError as exc:
        err = exc.errors(include_input=False)[0]
        where = ".".join(str(p) for p in ("options", *err["loc"]))
        raise RuleError("Setup", f"{where}: {err['msg']}") from None


def choose_pilots(wanted: list[str | None] | None, n: int, rng: Randomness) -> list[str]:
    """Setup 8: each player chooses one of the four pilots; "if players cannot agree,
    choose randomly" (a seat without a choice gets one of those left at random)."""
    chosen = list(wanted or [])
    if len(chosen) > n:
        raise RuleError("Setup 8", f"pilots: {len(chosen)} given for {n} players")
    chosen += [None] * (n - len(chosen))
    named = [p for p in chosen if p is not None]
    for p in named:
        if p not in PILOTS:
            raise RuleError("Setup 8", f"unknown pilot {p!r}; known: {', '.join(PILOTS)}")
    if len(set(named)) != len(named):
        raise RuleError("Setup 8", "each pilot goes to one player")
    left = rng.shuffled([p for p in PILOTS if p not in named])
    return [p if p is not None else left.pop() for p in chosen]


def starting_funds(n: int, first: int, light_speed: bool = False) -> list[int]:
    """Setup 11: the number of players times c20 each; counting clockwise from the first
    player, the third player gets c20 more and the fourth c40 more. Light Speed Game 10:
    the number of players times c100 each."""
    if light_speed:
        return [100 * n] * n
    funds = [20 * n] * n
    for place, extra in ((2, 20), (3, 40)):
        if place < n:
            funds[(first + place) % n] += extra
    return funds


def last_round(opts: VenusStandardOptions, rng: Randomness) -> int:
    """"Playing the Game": 30 rounds; Epic Game: as agreed (31-60), else five dice + 30."""
    if opts.variant != "epic":
        return rounds.STANDARD_ROUNDS
    if opts.epic_rounds is not None:
        return opts.epic_rounds
    return rounds.STANDARD_ROUNDS + sum(rng.dice(EPIC_DICE))


def setup(options: dict[str, Any], players: list[str], rng: Randomness) -> list[Any]:
    opts = read_options(options)
    n = len(players)
    if not 1 <= n <= 4:
        raise RuleError("Setup", f"Merchant of Venus is for 1-4 players, not {n}")
    if opts.variant == "solo-challenge" and n != 1:
        raise RuleError("Solo Challenge Game", f"a solo challenge is for one player, not {n}")
    pilots = choose_pilots(opts.pilots, n, rng)
    first = rng.below(n)  # Setup 10
    table = Table(variant=opts.variant, epic_rounds=opts.epic_rounds,
                  solo_picks=list(opts.solo_picks or []),
                  title_intel_in_play=opts.title_intel_in_play,
                  asteroid_telegate=opts.asteroid_telegate,
                  maximum_production=opts.maximum_production, demand=opts.demand)
    draft = Draft(StandardState(), rng)
    draft.emit("GameSetUp",
               players=[{"seat": i, "name": name, "color": COLORS[i], "pilot": pilots[i],
                         "space": galactic_base()} for i, name in enumerate(players)],
               table=table.model_dump(), first_player=first,
               last_round=last_round(opts, rng), takebacks=opts.takebacks)
    place_first_contact(draft)  # 3
    _run(draft, 4)
    for deck in decks.SETUP_DECKS:  # 5, 6
        decks.shuffle(draft, deck)
    _run(draft, 6)
    _run(draft, 9)
    for seat, funds in enumerate(starting_funds(n, first, table.light_speed)):  # 11
        draft.credits(seat, funds, "starting_funds")
    for seat in reversed(draft.state.order):  # 12: asked in turn order from the first
        draft.ask(seat, "choose_dial")
    return draft.events


def place_first_contact(draft: Draft) -> None:
    """Setup 3: shuffle the First Contact cards and place one face down in each system
    (which culture lies where is told to nobody until the card is flipped)."""
    cards = decks.cards_of(decks.FIRST_CONTACT) or CULTURES
    where = systems()
    shuffled = draft.rng.shuffled(sorted(cards))
    draft.emit("FirstContactPlaced", NOBODY,
               cards=dict(zip(where, shuffled, strict=False)))


def after_dials(draft: Draft) -> None:
    """Once every player has set his dials (Setup 12): the round marker on 1 (13), the first
    passenger (14), the ships on Galactic Base (15), and the first round begins."""
    state = draft.state
    if any(not p.dials_set for p in state.players) or state.asks:
        return
    begin_play(draft)


def begin_play(draft: Draft, first_round: int = 1) -> None:
    place_passenger = rounds.ICONS.get("passenger")
    _run(draft, 13)
    if place_passenger is not None:  # 14
        place_passenger(draft)
    _run(draft, 14)
    for p in draft.state.players:  # 15
        draft.emit("ShipPlaced", seat=p.seat, space=galactic_base())
    rounds.start_round(draft, first_round, first=True)
