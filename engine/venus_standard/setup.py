"""Setup (steps 1-15 of the standard game) and the variants' setups (Light Speed Game 10-17,
Solo Challenge Setup).

Steps that only sort the box (1, 2, 7's tokens) leave no event. Steps that belong to a
component run through ``Hooks.setup_steps[n]`` (listed in ``order.py``): 4 (culture
supply areas: market, goods and technology tokens), 6 (stockpiles), 9 (a Mission card
dealt to each player). The core does 3 (First
Contact cards face down), 5 and 6 (decks and the passenger stockpile shuffled), 8 (pilots),
10 (first player), 11 (starting funds), 12 (laser and shield dials: each player chooses),
13 (round marker), 14 (first passenger: the round track's passenger icon, ``Hooks.icons``)
and 15 (ships on Galactic Base).

Steps that wait on the players are questions (``state.asks``) under a named setup step
(``state.setup_step``); when the last is answered, ``proceed`` runs the steps after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from engine.kernel import NOBODY, Command, Randomness, RuleError

from . import commands as c
from . import decks, rounds
from .discovery import reveal
from .draft import Draft
from .hookpoints import Hooks, Rule
from .options import VenusStandardOptions
from .places import galactic_base, landings_in, systems
from .solo import place_challenges
from .state import COLORS, PILOTS, StandardState, Table

CULTURES = [str(i) for i in range(1, 15)]  # the 14 cultures' identifiers (Setup 4)
EPIC_DICE = 5  # Epic Game: "roll five dice and add 30"
LIGHT_SPEED_CONTACTS = 2  # Light Speed Game 13: two First Contact cards each
LIGHT_SPEED_PASSENGERS = 5  # Light Speed Game 16
# Solo Challenge Setup 10: each option, how often it may be chosen, and what it gives
SOLO_MAX = {"c50": 2, "c30-hard-burn": 1, "c30-data-probe": 2, "c30-less-fancy-spoiler": 2,
            "stealth-field": 1, "lasers": 1, "shields": 1, "laser-and-shield": 1}
SOLO_CREDITS = {"c50": 50, "c30-hard-burn": 30, "c30-data-probe": 30,
                "c30-less-fancy-spoiler": 30}
SOLO_TECH = {"c30-hard-burn": "hard_burn", "c30-data-probe": "data_probe",
             "c30-less-fancy-spoiler": "less_fancy_spoiler", "stealth-field": "stealth_field"}
SOLO_DIALS = {"lasers": (2, 0), "shields": (0, 2), "laser-and-shield": (1, 1)}
SOLO_PICKS = 2


def _run(draft: Draft, n: int) -> None:
    for fn in draft.hooks.setup_steps.get(n, ()):
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


def check_solo_picks(picks: list[str]) -> None:
    """Solo Challenge Setup 10: two options, each at most its "Max" times."""
    for pick in picks:
        if pick not in SOLO_MAX:
            raise RuleError("Solo Challenge Setup 10", f"unknown option {pick!r}; known: "
                            f"{', '.join(SOLO_MAX)}")
        if picks.count(pick) > SOLO_MAX[pick]:
            raise RuleError("Solo Challenge Setup 10",
                            f"{pick} may be chosen at most {SOLO_MAX[pick]} time(s)")
    if len(picks) > SOLO_PICKS:
        raise RuleError("Solo Challenge Setup 10", f"two options, not {len(picks)}")


def setup(options: dict[str, Any], players: list[str], rng: Randomness,
          hooks: Hooks) -> list[Any]:
    opts = read_options(options)
    n = len(players)
    if not 1 <= n <= 4:
        raise RuleError("Setup", f"Merchant of Venus is for 1-4 players, not {n}")
    solo = opts.variant == "solo-challenge"
    if solo and n != 1:
        raise RuleError("Solo Challenge Game", f"a solo challenge is for one player, not {n}")
    if opts.solo_picks is not None:
        if not solo:
            raise RuleError("Solo Challenge Setup 10", "solo_picks: only in a solo challenge")
        check_solo_picks(list(opts.solo_picks))
        if len(opts.solo_picks) != SOLO_PICKS:
            raise RuleError("Solo Challenge Setup 10", "solo_picks: choose two options")
    pilots = choose_pilots(opts.pilots, n, rng)
    first = rng.below(n)  # Setup 10
    table = Table(variant=opts.variant, epic_rounds=opts.epic_rounds,
                  title_intel_in_play=opts.title_intel_in_play and not solo,
                  asteroid_telegate=opts.asteroid_telegate,
                  maximum_production=opts.maximum_production, demand=opts.demand)
    draft = Draft(StandardState(), rng, hooks)
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
    if table.light_speed:
        light_speed(draft)
    elif solo:
        for pick in opts.solo_picks or []:
            solo_pick(draft, 0, pick)
        if not opts.solo_picks:
            start_step(draft, "solo_picks", [0] * SOLO_PICKS)
        else:
            proceed(draft)
    else:
        for seat, funds in enumerate(starting_funds(n, first)):  # 11
            draft.credits(seat, funds, "starting_funds")
        start_step(draft, "choose_dial", draft.state.order)  # 12
    return draft.events


def place_first_contact(draft: Draft) -> None:
    """Setup 3: shuffle the First Contact cards and place one face down in each system
    (which culture lies where is told to nobody until the card is flipped)."""
    cards = decks.cards_of(decks.FIRST_CONTACT) or CULTURES
    where = systems()
    shuffled = draft.rng.shuffled(sorted(cards))
    draft.emit("FirstContactPlaced", NOBODY,
               cards=dict(zip(where, shuffled, strict=False)))


def start_step(draft: Draft, name: str, seats: list[int]) -> None:
    """A setup step that asks ``seats`` in this order (a seat may be asked several times)."""
    draft.emit("SetupStepStarted", step=name)
    for seat in reversed(seats):
        draft.ask(seat, name)
    if not seats:  # nobody to ask (no card left to reveal...): the step is done
        proceed(draft)


def answered(draft: Draft) -> None:
    """One setup question answered; the next step when it was the step's last."""
    draft.answered()
    if not draft.state.asks:
        proceed(draft)


def proceed(draft: Draft) -> None:
    """The steps after the setup step just finished."""
    state = draft.state
    done = state.setup_step
    if done == "solo_picks" or done is None and state.table.solo_challenge:
        solo_techs(draft)
        place_challenges(draft)  # Solo Challenge Setup 1-2
        start_step(draft, "choose_dial", draft.state.order)
    elif done == "choose_dial":
        if state.table.solo_challenge:
            solo_dials(draft)
        begin_play(draft)
    elif done == "reveal":  # Light Speed Game 14
        start_step(draft, "starting_goods", counterclockwise(state))
    elif done == "starting_goods":  # Light Speed Game 15-17
        for _ in range(LIGHT_SPEED_PASSENGERS):
            place_passenger(draft)
        start_step(draft, "starting_space", draft.state.order)
    elif done == "starting_space":
        rounds.start_round(draft, rounds.LIGHT_SPEED_START, first=True)
    else:
        raise AssertionError(f"setup step {done!r} has no successor")


def counterclockwise(state: StandardState) -> list[int]:
    """Light Speed Game 13-14: "beginning with the player to the first player's right and
    proceeding counterclockwise" (clockwise is the turn order)."""
    n = len(state.players)
    return [(state.first_player - 1 - i) % n for i in range(n)]


def light_speed(draft: Draft) -> None:
    """Light Speed Game 10-13: c100 per player each, the first player (already drawn), pilots
    at level 2 and both dials at 3, then each player reveals two First Contact cards."""
    state = draft.state
    n = len(state.players)
    for seat, funds in enumerate(starting_funds(n, state.first_player, True)):
        draft.credits(seat, funds, "starting_funds")
    for p in state.players:
        draft.emit("PilotLevelSet", seat=p.seat, level=2, reason="light_speed")
        draft.emit("DialsSet", seat=p.seat, laser=3, shield=3)
    picks = min(LIGHT_SPEED_CONTACTS * n, len(state.first_contact))
    start_step(draft, "reveal", (counterclockwise(state) * LIGHT_SPEED_CONTACTS)[:picks])


def place_passenger(draft: Draft) -> None:
    """Setup 14 (Light Speed Game 16): a passenger token drawn and placed, as the round
    track's passenger icon does (the passengers' owner's hook, ``Hooks.icons``)."""
    hook = draft.hooks.icons.get("passenger")
    if hook is not None:
        hook(draft)


def begin_play(draft: Draft) -> None:
    """Setup 13-15: the round marker on 1, the first passenger, the ships on Galactic Base;
    the first round begins."""
    _run(draft, 13)
    place_passenger(draft)  # 14
    _run(draft, 14)
    for p in draft.state.players:  # 15
        draft.emit("ShipPlaced", seat=p.seat, space=galactic_base())
    rounds.start_round(draft, 1, first=True)


def grant_tech(draft: Draft, seat: int, tech: str, reason: str) -> None:
    """A racial technology given, not bought (Solo Challenge Setup 10): the technologies'
    owner places it (``Hooks.tech_grant``); without one, its first token (``"hard_burn:1"``)
    is noted in the player's techs."""
    if draft.hooks.tech_grant:
        for fn in draft.hooks.tech_grant:
            fn(draft, seat, tech)
    else:
        draft.emit("TechGranted", seat=seat, tech=f"{tech}:1", reason=reason)


def solo_pick(draft: Draft, seat: int, pick: str) -> None:
    """Solo Challenge Setup 10: one option chosen; its credits at once (its technology once
    both are chosen, its dial bonus after step 12)."""
    draft.emit("SoloPicked", seat=seat, pick=pick)
    draft.credits(seat, SOLO_CREDITS.get(pick, 0), "solo_pick")


def solo_techs(draft: Draft) -> None:
    """Solo Challenge Setup 10: the chosen technologies; "if this option is chosen twice,
    the player replaces the Less Fancy Spoiler with the Fancy Spoiler"."""
    picks = draft.state.table.solo_picks
    techs = [SOLO_TECH[p] for p in picks if p in SOLO_TECH]
    if techs.count("less_fancy_spoiler") == 2:
        techs = [t for t in techs if t != "less_fancy_spoiler"] + ["fancy_spoiler"]
    for tech in techs:
        grant_tech(draft, 0, tech, "solo_pick")


def solo_dials(draft: Draft) -> None:
    p = draft.state.player(0)
    laser, shield = p.laser, p.shield
    for pick in draft.state.table.solo_picks:
        dl, ds = SOLO_DIALS.get(pick, (0, 0))
        laser, shield = laser + dl, shield + ds
    if (laser, shield) != (p.laser, p.shield):
        draft.emit("DialsSet", seat=0, laser=laser, shield=shield)


# -- the setup questions: prompts, offers, rules


def dial_offers(state: StandardState, seat: int) -> Iterator[Command]:
    """Setup 12: laser or shield at "2"."""
    yield c.ChooseDial(dial="laser")
    yield c.ChooseDial(dial="shield")


def choose_dial(draft: Draft, seat: int, cmd: c.ChooseDial) -> None:
    """Setup 12: each player chooses his laser or his shield dial, sets that dial to 2 and
    the other to 1."""
    laser, shield = (2, 1) if cmd.dial == "laser" else (1, 2)
    draft.emit("DialsSet", seat=seat, laser=laser, shield=shield)
    answered(draft)


def solo_pick_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for pick in SOLO_MAX:
        if state.table.solo_picks.count(pick) < SOLO_MAX[pick]:
            yield c.SoloPick(pick=pick)


def choose_solo_pick(draft: Draft, seat: int, cmd: c.SoloPick) -> None:
    check_solo_picks([*draft.state.table.solo_picks, cmd.pick])
    solo_pick(draft, seat, cmd.pick)
    answered(draft)


def reveal_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for system in sorted(state.first_contact):
        yield c.RevealFirstContact(system=system)


def reveal_first_contact(draft: Draft, seat: int, cmd: c.RevealFirstContact) -> None:
    """Light Speed Game 13: the chosen card revealed into the player's play area."""
    reveal(draft, seat, cmd.system)
    answered(draft)


def end_step_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield c.EndStep()


def end_step(draft: Draft, seat: int, cmd: c.EndStep) -> None:
    answered(draft)


def starting_spaces(state: StandardState, seat: int) -> list[str]:
    """Light Speed Game 17: Galactic Base, or a surface city or spaceport in the system of a
    culture whose First Contact card the player holds."""
    out = [galactic_base()]
    for system in state.player(seat).contacts:
        out += landings_in(system)
    return out


def start_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for space in starting_spaces(state, seat):
        yield c.ChooseStart(space=space)


def choose_start(draft: Draft, seat: int, cmd: c.ChooseStart) -> None:
    allowed = starting_spaces(draft.state, seat)
    if cmd.space not in allowed:
        raise RuleError("Light Speed Game 17", f"{cmd.space} is not Galactic Base nor a "
                        "surface city or spaceport of a system whose First Contact card "
                        "you hold")
    draft.emit("ShipPlaced", seat=seat, space=cmd.space)
    answered(draft)


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    c.ChooseDial: choose_dial,
    c.SoloPick: choose_solo_pick,
    c.RevealFirstContact: reveal_first_contact,
    c.EndStep: end_step,
    c.ChooseStart: choose_start,
}
