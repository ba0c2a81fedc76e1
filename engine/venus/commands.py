"""The commands of the ``venus`` ruleset: small and intention-shaped (``docs/architecture.md``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field, TypeAdapter, ValidationError

from engine.kernel import BadCommand, Command


class ChooseRace(Command):
    """4.2: in turn from the highest roller, each player picks a merchant species."""

    type: Literal["ChooseRace"] = "ChooseRace"
    race: str


class SetDrives(Command):
    """8.23: before rolling, say which Drives are off this turn (the rest are on)."""

    type: Literal["SetDrives"] = "SetDrives"
    off: list[str] = Field(default_factory=list)


class UseGateLock(Command):
    """8.47: before rolling, turn every Tele Gate off for this turn."""

    type: Literal["UseGateLock"] = "UseGateLock"
    on: bool = True


class DeclareHeading(Command):
    """5.3/5.31: name the first dot before rolling (6.42, 6.52, 8.43 for circles/gates)."""

    type: Literal["DeclareHeading"] = "DeclareHeading"
    dot: str


class RollDice(Command):
    """5.2: roll the ship's dice; ``auto_pilot`` rolls one less and counts a 4 (8.42)."""

    type: Literal["RollDice"] = "RollDice"
    auto_pilot: bool = False


class Reroll(Command):
    """8.44 Mulligan Gear: reroll one die right after the roll."""

    type: Literal["Reroll"] = "Reroll"
    die: int  # index into the dice


class ChoosePilotNumber(Command):
    """6.41: pick one of the numbers rolled (again at will with Switch Switch, 8.46)."""

    type: Literal["ChoosePilotNumber"] = "ChoosePilotNumber"
    number: int


class MoveTo(Command):
    """Move to the next dot (drives skip colored dots on the way, 8.2)."""

    type: Literal["MoveTo"] = "MoveTo"
    dot: str
    pilot: int | None = None  # the Pilot Number this move needs, when not chosen yet


class MoveAlong(Command):
    """Convenience: a whole path of dots, executed step by step; stops at a decision."""

    type: Literal["MoveAlong"] = "MoveAlong"
    path: list[str]
    pilot: int | None = None
    land: bool = True  # land at the last dot if it allows landing


class PayPenalty(Command):
    """6.3: pay the penalty (less Shields, 8.3) and keep moving."""

    type: Literal["PayPenalty"] = "PayPenalty"


class StopHere(Command):
    """6.3: stop on the penalty and pay nothing; movement ends."""

    type: Literal["StopHere"] = "StopHere"


class Land(Command):
    """6.2: land on this Spaceport, City or Asteroid; remaining MP are lost."""

    type: Literal["Land"] = "Land"


class StayPut(Command):
    """Spend the turn without moving (4.4, 9.42; on a Penalty you must pay, 6.3)."""

    type: Literal["StayPut"] = "StayPut"


class PickUpRelic(Command):
    """6.11, 11.2: take the Relic of the "?" box you landed on."""

    type: Literal["PickUpRelic"] = "PickUpRelic"


class Buy(Command):
    """9.2: buy an item the Culture here sells: ``goods:<culture>``, ``factory_goods:<c>``,
    ``equipment:<key>``, ``ship:<key>`` (3.4: the old ship is traded in), ``relic:<key>``
    (9.322), ``deed:factory:<culture>`` (``site``: the City or Spaceport to build on, default
    here, 12.3), ``deed:spaceport:<orbit>`` (12.2) or ``fort`` (``site``: a City, Spaceport
    or Asteroid of this System, default here, 15.12)."""

    type: Literal["Buy"] = "Buy"
    item: str
    site: str | None = None


class Sell(Command):
    """9.31: sell one Goods marker (``goods:<culture>`` or ``factory_goods:<culture>``)."""

    type: Literal["Sell"] = "Sell"
    goods: str


class Barter(Command):
    """9.32: trade in ``equipment:<key>``, ``relic:<key>`` or ``iou:<culture>`` for credit."""

    type: Literal["Barter"] = "Barter"
    item: str


class PickUpFare(Command):
    """11.2, 10.3: pick up a Fare waiting at this Culture (``fare:<origin>:<destination>``)."""

    type: Literal["PickUpFare"] = "PickUpFare"
    fare: str


class DeliverFare(Command):
    """10.3: drop a Fare off at its destination and collect its fee."""

    type: Literal["DeliverFare"] = "DeliverFare"
    fare: str


class Jettison(Command):
    """11.3: throw away Goods, Equipment or a Fare (not acquired this turn)."""

    type: Literal["Jettison"] = "Jettison"
    item: str


class OfferTrade(Command):
    """11.4: offer a merchant on your dot an exchange of money, Goods, Relics, Fares,
    Equipment or IOUs (never ships or Deeds); he accepts or refuses."""

    type: Literal["OfferTrade"] = "OfferTrade"
    to: int
    give: list[str] = Field(default_factory=list)
    get: list[str] = Field(default_factory=list)
    give_money: int = Field(default=0, ge=0)
    get_money: int = Field(default=0, ge=0)


class AnswerOffer(Command):
    """11.4: the merchant offered a trade accepts or refuses it."""

    type: Literal["AnswerOffer"] = "AnswerOffer"
    accept: bool


class WithdrawOffer(Command):
    """11.4: the offerer takes back an offer not yet answered."""

    type: Literal["WithdrawOffer"] = "WithdrawOffer"


class Blast(Command):
    """15.4-15.43: fire weapons at one target on the dot just entered (or, after a whole
    turn without moving, on this dot: 15.412). ``target`` is ``fort``, ``rastur``,
    ``marker`` (a face-up "?" Penalty marker) or ``pawn:<seat>``; ``fire`` lists the
    weapons fired (``equipment:laser``, ``equipment:nova_ball``, ``relic:laser``)."""

    type: Literal["Blast"] = "Blast"
    target: str
    fire: list[str] = Field(default_factory=list)


class HoldFire(Command):
    """15.41: make no attack on this dot (moving on or landing also declines)."""

    type: Literal["HoldFire"] = "HoldFire"


class FireBack(Command):
    """15.43: the blasted pawn's owner fires any of his weapons back (or none)."""

    type: Literal["FireBack"] = "FireBack"
    fire: list[str] = Field(default_factory=list)


class PackHolds(Command):
    """15.431 with 3.431: before a hit, the loser says which of his Fares and Equipment share
    a Hold (``holds``: the non-Goods Holds, one or two markers each: ``fare:...``,
    ``equipment:<key>``, ``damaged:<key>``; see ``holds.packings``)."""

    type: Literal["PackHolds"] = "PackHolds"
    holds: list[list[str]] = Field(default_factory=list)


class ChooseHit(Command):
    """15.431: the winner destroys one marker on the loser's Hull (``hull``: an item id) or
    damages one Hold (``hold``: its number, see ``weapons.layout``); Goods in that Hold may be
    claimed (``claim``), jettisoning Goods or Equipment of his own to make room."""

    type: Literal["ChooseHit"] = "ChooseHit"
    hull: str | None = None
    hold: int | None = None
    claim: bool = False
    jettison: list[str] = Field(default_factory=list)


class Swindle(Command):
    """15.53: pay the Bank $50 to try to steal ``goods`` from the pawn of ``target`` here."""

    type: Literal["Swindle"] = "Swindle"
    target: int
    goods: str


class Revolt(Command):
    """15.54: spend $100 in firepower and money to take the Spaceport or Factory of ``deed``
    (``deed:spaceport:<orbit>`` or ``deed:factory:<culture>``) standing on this dot."""

    type: Literal["Revolt"] = "Revolt"
    deed: str
    fire: list[str] = Field(default_factory=list)


class RebuildFort(Command):
    """15.11: return one of your Forts to the Bank and pay to rebuild it in this System."""

    type: Literal["RebuildFort"] = "RebuildFort"
    frm: str
    site: str


class DrawRastur(Command):
    """16.2, 16.21: keep the rolled "1" (instead of a Mulligan reroll) and draw a Rastur."""

    type: Literal["DrawRastur"] = "DrawRastur"


class PlaceRastur(Command):
    """16.23, 17.21: put the Rastur just drawn on a Spaceport or Orbit (or City)."""

    type: Literal["PlaceRastur"] = "PlaceRastur"
    dot: str


class EndTurn(Command):
    """4.4: finish the turn."""

    type: Literal["EndTurn"] = "EndTurn"


VenusCommand = Annotated[
    ChooseRace
    | SetDrives
    | UseGateLock
    | DeclareHeading
    | RollDice
    | Reroll
    | ChoosePilotNumber
    | MoveTo
    | MoveAlong
    | PayPenalty
    | StopHere
    | Land
    | StayPut
    | PickUpRelic
    | Buy
    | Sell
    | Barter
    | PickUpFare
    | DeliverFare
    | Jettison
    | OfferTrade
    | AnswerOffer
    | WithdrawOffer
    | Blast
    | HoldFire
    | FireBack
    | PackHolds
    | ChooseHit
    | Swindle
    | Revolt
    | RebuildFort
    | DrawRastur
    | PlaceRastur
    | EndTurn,
    Field(discriminator="type"),
]

_adapter: TypeAdapter[Command] = TypeAdapter(VenusCommand)


def parse_command(data: dict[str, Any] | str) -> Command:
    """Parse a command from JSON text or a dict; a clear error names what was wrong."""
    try:
        if isinstance(data, str):
            return _adapter.validate_json(data)
        return _adapter.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'command'}: {err['msg']}"
            for err in exc.errors()
        )
        raise BadCommand(f"invalid command: {problems}") from None


# --- the legal commands, one object per value ----------------------------------------------

C = TypeVar("C", bound=Command)
_MADE: dict[tuple[Any, ...], Command] = {}
MADE_BOUND = 8192  # distinct commands kept: dots x Pilot Numbers, items x sites (a few 1,000)


def made(cls: type[C], **fields: Any) -> C:
    """``cls(**fields)``, one shared object per distinct value (commands are frozen): the
    legal commands of a seq are mostly the ones of the seq before or of another game (a
    heading, a step, a buy), and building a pydantic model per command per seq, then writing
    it, was most of what a seq's list cost (``docs/performance.md``, The levers). Field
    values must be hashable: a list field is passed as a tuple (validation makes it a list;
    nobody changes a command's list)."""
    key = (cls, *fields.items())
    cmd = _MADE.get(key)
    if cmd is None:
        if len(_MADE) >= MADE_BOUND:
            _MADE.clear()
        cmd = _MADE[key] = cls(**fields)
    return cmd  # type: ignore[return-value]
