"""A scenario's document and the opening events that set up its position (the ruleset's
``setup`` with a ``scenario`` option); ``scenario.start`` starts a game from one.

The format is documented in ``docs/scenarios.md``. A game started from a scenario is a
sandbox game (``sandbox`` in its state and view): only there may dice be predetermined.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from engine.kernel import NOBODY, BadCommand, Event, Randomness, RuleError, event

from .board import DotColor, DotKind, load_board
from .components import load_components
from .deeds import orbit_deeds
from .encounters import stays_on_hazard_free
from .pieces import (
    RELIC_KEYS,
    bonus_markers,
    culture_keys,
    factory_goods_markers,
    goods_id,
    goods_markers,
    marker_mix,
    merchant_keys,
)
from .rastur import opening_pools
from .setup import check_options, market_opened


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScenarioPlayer(_Doc):
    name: str
    race: str | None = None
    cash: StrictInt = 0  # a number, never "100" nor true read as one (docs/scenarios.md)
    ship: Literal["scout", "clipper", "transport", "freighter"] = "scout"
    dot: str = "galactic-base"
    equipment: list[str] = Field(default_factory=list)
    relics: list[str] = Field(default_factory=list)
    goods: list[str] = Field(default_factory=list)  # "goods:graw", "factory_goods:graw"
    fares: list[str] = Field(default_factory=list)  # "fare:graw:qossuth"
    ious: list[str] = Field(default_factory=list)  # culture keys
    damaged: list[str] = Field(default_factory=list)  # damaged equipment keys (15.431)


class ScenarioMarker(_Doc):
    kind: Literal["telegate", "open_port", "penalty", "relic", "empty"]
    number: int | None = None
    color: DotColor | None = None
    amount: int | None = None
    relic: str | None = None
    face_up: bool = False


class ScenarioFactory(_Doc):
    dot: str  # the City or Spaceport it stands on (12.3)
    owner: int


class Scenario(_Doc):
    """A position: players, their ships and cargo, pawns, cultures, markers, dice."""

    name: str = "scenario"
    description: str = ""
    edition: Literal["avalon-hill", "classic-2012"] = "avalon-hill"
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[ScenarioPlayer]
    active: int = 0  # the seat whose turn starts
    round: int = 1
    cultures: dict[str, str] = Field(default_factory=dict)  # system -> culture (the rest random)
    discovered: list[str] = Field(default_factory=list)  # systems already discovered
    observed: dict[int, dict[str, str]] = Field(default_factory=dict)  # seat -> system -> culture
    qboxes: dict[str, ScenarioMarker] = Field(default_factory=dict)
    other_qboxes: Literal["random", "empty"] = "random"
    spaceports: dict[str, int] = Field(default_factory=dict)  # Orbit dot -> owner seat
    factories: dict[str, ScenarioFactory] = Field(default_factory=dict)  # culture -> site
    market: dict[str, list[str]] = Field(default_factory=dict)  # culture -> markers there
    cup: list[str] | None = None  # the bonus cup (default: every Bonus marker not elsewhere)
    suns: dict[str, list[str]] = Field(default_factory=dict)  # system -> bartered Relics
    dice: list[int] = Field(default_factory=list)  # predetermined dice, used first
    draws: list[str] = Field(default_factory=list)  # predetermined cup draws, used first
    bank: int | None = None
    forts: dict[str, int] = Field(default_factory=dict)  # dot -> owner seat (15.1)
    rastur: dict[str, int] = Field(default_factory=dict)  # dot -> Rastur strength (16.3)
    rastur_pool: list[int] | None = None  # the Active pool (default: the Mix Chart's, 16.1)
    rastur_reserve: list[int] | None = None  # solitaire Reserve (default: the rest, 17.11)
    transit: int | None = None  # solitaire Transit Box (17.21)


def parse_scenario(data: str | dict[str, Any]) -> Scenario:
    try:
        if isinstance(data, str):
            return Scenario.model_validate_json(data)
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise BadCommand(f"invalid scenario: {exc.errors()[0]['msg']}") from None


def scenario_events(sc: Scenario, rng: Randomness) -> list[Event]:
    """The opening events of a sandbox game set up as ``sc`` says."""
    board = load_board(sc.edition)
    _check(sc, board.dots)
    options = {"edition": sc.edition, "game_length": 2000, **sc.options}
    options.setdefault("rastur", bool(options.get("solitaire")))  # as setup.check_options
    options.setdefault("combat", bool(options["rastur"]))
    names = [p.name for p in sc.players]
    out = [event("GameCreated", edition=sc.edition, options=options, players=names,
                 bank=sc.bank, sandbox=True)]
    systems = sorted(s.id for s in board.systems.values() if s.has_culture)
    free_systems = [s for s in systems if s not in sc.cultures]
    free_cultures = rng.shuffled([k for k in culture_keys() if k not in sc.cultures.values()])
    iou_at = {**sc.cultures, **dict(zip(free_systems, free_cultures, strict=True))}
    out.append(event("IOUsPlaced", NOBODY, iou_at=iou_at))
    boxes: dict[str, dict[str, Any]] = {}
    face_up: dict[str, dict[str, Any]] = {}
    for dot, m in sc.qboxes.items():
        entry = m.model_dump(exclude_none=True, exclude={"face_up"}, mode="json")
        if m.kind == "empty":
            face_up[dot] = {}
            continue
        boxes[dot] = entry
        if m.face_up:
            face_up[dot] = entry
    rest = sorted(d for d, info in board.dots.items() if info.kind is DotKind.QBOX and d not in
                  sc.qboxes)
    mix = rng.shuffled(list(marker_mix(sc.edition)))
    if sc.other_qboxes == "random":
        boxes.update(zip(rest, mix, strict=False))
    else:
        face_up.update({d: {} for d in rest})
    out.append(event("MarkersPlaced", NOBODY, boxes=boxes, unused=[]))
    out.append(_market(sc))
    out.append(event("ScenarioPosition", position=_position(sc, iou_at), face_up=face_up))
    if options.get("rastur") or options.get("solitaire") or sc.rastur:
        out.append(_rastur(sc, options))
    out.append(event("TurnStarted", seat=sc.active, round=sc.round,
                     start_penalty=_on_penalty(sc, board.dots)))
    return out


def _rastur(sc: Scenario, options: dict[str, Any]) -> Event:
    """16.1: the pools; by default the Mix Chart's, less the Rastur already on the map."""
    pools = opening_pools(int(options.get("game_length", 2000)), bool(options.get("solitaire")))
    active = pools["active"]
    for strength in sc.rastur.values():
        if strength in active:
            active.remove(strength)
    return event(
        "RasturPooled",
        active=list(sc.rastur_pool) if sc.rastur_pool is not None else active,
        reserve=list(sc.rastur_reserve) if sc.rastur_reserve is not None else pools["reserve"],
        map=dict(sc.rastur),
        transit=sc.transit,
    )


def _check(sc: Scenario, dots: dict[str, Any]) -> None:
    for p in sc.players:
        if p.dot not in dots:
            raise BadCommand(f"invalid scenario: player {p.name}: no dot {p.dot!r}")
        if p.race is not None and p.race not in merchant_keys(sc.edition):
            raise BadCommand(f"invalid scenario: unknown merchant {p.race!r}")
        bad = [r for r in p.relics if r not in RELIC_KEYS]
        if bad:
            raise BadCommand(f"invalid scenario: unknown relic {bad[0]!r}")
    for system in [*sc.cultures, *sc.discovered]:
        if system not in {d.system for d in dots.values()}:
            raise BadCommand(f"invalid scenario: no system {system!r}")
    for dot in [*sc.qboxes, *sc.spaceports, *(f.dot for f in sc.factories.values()),
                *sc.forts, *sc.rastur]:
        if dot not in dots:
            raise BadCommand(f"invalid scenario: no dot {dot!r}")
    for seat in [*sc.spaceports.values(), *(f.owner for f in sc.factories.values()),
                 *sc.forts.values()]:
        if not 0 <= seat < len(sc.players):
            raise BadCommand(f"invalid scenario: no seat {seat}")
    known = {*bonus_markers(sc.edition), *factory_goods_markers(),
             *(m for ms in goods_markers(sc.edition).values() for m in ms)}
    cultures = set(culture_keys()) | {"base"}
    markers = [m for p in sc.players for m in [*p.goods, *p.fares]]
    markers += [m for ms in sc.market.values() for m in ms] + list(sc.cup or []) + sc.draws
    for m in markers:
        if m not in known:
            raise BadCommand(f"invalid scenario: unknown marker {m!r}")
    for culture in [*sc.market, *sc.factories, *(i for p in sc.players for i in p.ious)]:
        if culture not in cultures:
            raise BadCommand(f"invalid scenario: unknown culture {culture!r}")
    if not 0 <= sc.active < len(sc.players):
        raise BadCommand("invalid scenario: active must be a seat")
    _check_pieces(sc)


def _check_pieces(sc: Scenario) -> None:
    """Cultures, seats, equipment, IOUs, dice and options a scenario may name (so that a
    wrong document is refused with its mistake named, never a crash later)."""
    keys = set(culture_keys())
    given = list(sc.cultures.values())
    wrong = [c for c in given if c not in keys]
    if wrong:
        raise BadCommand(f"invalid scenario: unknown culture {wrong[0]!r}")
    if len(set(given)) != len(given):
        raise BadCommand("invalid scenario: a culture is placed in two systems (4.12)")
    for seat, seen in sc.observed.items():
        if not 0 <= seat < len(sc.players):
            raise BadCommand(f"invalid scenario: observed: no seat {seat}")
        if any(c not in keys for c in seen.values()):
            raise BadCommand("invalid scenario: observed: unknown culture")
    for culture in [*sc.factories, *(i for p in sc.players for i in p.ious)]:
        if culture not in keys:
            raise BadCommand(f"invalid scenario: no IOU or Factory of {culture!r}")
    equipment = {e.key for e in load_components().equipment}
    for p in sc.players:
        bad = [e for e in [*p.equipment, *p.damaged] if e not in equipment]
        if bad:
            raise BadCommand(f"invalid scenario: player {p.name}: unknown equipment {bad[0]!r}")
        if p.cash < 0:
            raise BadCommand(f"invalid scenario: player {p.name}: negative cash")
    if any(not 1 <= d <= 6 for d in sc.dice):
        raise BadCommand("invalid scenario: dice must be 1 to 6")
    if sc.bank is not None and sc.bank < 0:
        raise BadCommand("invalid scenario: negative bank")
    try:
        check_options({"edition": sc.edition, **sc.options}, [p.name for p in sc.players])
    except RuleError as exc:
        raise BadCommand(f"invalid scenario: options: {exc.message}") from None


def _market(sc: Scenario) -> Event:
    """The markers' places: what the scenario names, the rest where a new game has them
    (Goods with their cultures, Factory Goods aside or at their Factory, Bonus markers in
    the cup); markers named nowhere when ``cup`` is given are out of play."""
    held = [m for p in sc.players for m in [*p.goods, *p.fares]]
    named = held + [m for ms in sc.market.values() for m in ms] + list(sc.cup or [])
    market: dict[str, list[str]] = {}
    for culture, markers in goods_markers(sc.edition).items():
        if culture in sc.market:
            market[culture] = list(sc.market[culture])
            continue
        left = len(markers) - named.count(goods_id(culture))
        market[culture] = [goods_id(culture)] * max(0, left)
        if culture in sc.factories and goods_id(culture, True) not in named:
            market[culture].append(goods_id(culture, True))
    for culture, markers in sc.market.items():
        market.setdefault(culture, list(markers))
    aside = [
        m for m in factory_goods_markers()
        if m.split(":")[1] not in sc.factories and m not in named
    ]
    if sc.cup is not None:
        cup = list(sc.cup)
    else:
        cup = list(bonus_markers(sc.edition))
        for m in named:
            if m in cup:
                cup.remove(m)
    ev = market_opened(sc.edition, suns={k: list(v) for k, v in sc.suns.items()},
                       draws=list(sc.draws))
    ev.data.update(market=market, cup=cup, aside=aside)
    return ev


def _position(sc: Scenario, iou_at: dict[str, str]) -> dict[str, Any]:
    deeds = orbit_deeds(sc.edition)
    players = [p.model_dump() for p in sc.players]
    for dot, seat in sorted(sc.spaceports.items()):
        if dot in deeds:
            players[seat].setdefault("deeds", []).append(deeds[dot])
    for culture, site in sorted(sc.factories.items()):
        players[site.owner].setdefault("deeds", []).append(f"deed:factory:{culture}")
    return {
        "players": players,
        "factories": {k: v.model_dump() for k, v in sc.factories.items()},
        "discovered": {s: iou_at[s] for s in sc.discovered},
        "observed": {str(k): v for k, v in sc.observed.items()},
        "spaceports": dict(sc.spaceports),
        "forts": dict(sc.forts),
        "dice": list(sc.dice),
    }


def _on_penalty(sc: Scenario, dots: dict[str, Any]) -> bool:
    if stays_on_hazard_free(sc.edition):
        return False  # 2012 "Movement Phase": skipping it on a hazard costs nothing
    here = sc.players[sc.active].dot
    marker = sc.qboxes.get(here)
    if here in sc.rastur or sc.forts.get(here, sc.active) != sc.active:
        return True  # 16.3, 15.13
    return dots[here].kind is DotKind.PENALTY or bool(
        marker and marker.face_up and marker.kind == "penalty"
    )
