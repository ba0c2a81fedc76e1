"""The commands of Star Traders: small and intention-shaped, named after the book's words."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from engine.kernel import BadCommand, Command
from engine.kernel.parsing import first_error

from .state import Bundle


class PlaceStation(Command):
    """Setting Up 6: the Insider places one of her three extra stations."""

    type: Literal["PlaceStation"] = "PlaceStation"
    world: int


class Jump(Command):
    """Movement: a regular or station jump along the jumpline to ``to``. Without ``kind`` the
    jump is stated by its destination (Timing Details 1: "it is permissible to simply state
    the destination"): a station jump when the station there is one's own, else regular
    (docs/rulings.md)."""

    type: Literal["Jump"] = "Jump"
    to: int
    kind: Literal["regular", "station"] | None = None


class RandomJump(Command):
    type: Literal["RandomJump"] = "RandomJump"


class SpecialJump(Command):
    """New Personalities: the Seer's Psychic Jump or Awesome Andi's Awesome Jump."""

    type: Literal["SpecialJump"] = "SpecialJump"
    kind: Literal["psychic", "awesome"]


class ChooseJump(Command):
    """Where a Psychic or Awesome Jump goes (``None``: the Seer stays)."""

    type: Literal["ChooseJump"] = "ChooseJump"
    world: int | None


class Reroll(Command):
    """Trader's Luck, Re-Rolls: in the Zap/Reroll interval of his jump the jumping player
    turns in any card to roll again."""

    type: Literal["Reroll"] = "Reroll"
    card: str


class Zap(Command):
    """Zap! (``delta`` +1 or -1) or Superzap! (+2 or -2) on the roll of the Zap/Reroll
    interval (docs/rulings.md)."""

    type: Literal["Zap"] = "Zap"
    card: str
    delta: int


class AnswerPermission(Command):
    """Station Jumps: the station's owner grants or refuses its use."""

    type: Literal["AnswerPermission"] = "AnswerPermission"
    grant: bool


class WithdrawPermission(Command):
    """Timing Details 2: the owner who gave permission withdraws it before the Quarantine
    interval of the station jump ends (the jump is then aborted)."""

    type: Literal["WithdrawPermission"] = "WithdrawPermission"


class EndMovement(Command):
    type: Literal["EndMovement"] = "EndMovement"


class PickUp(Command):
    """Picking Up a Cargo from the Current Contract in ``slot`` (0-based; slot 0 is #1)."""

    type: Literal["PickUp"] = "PickUp"
    slot: int


class PickUpMission(Command):
    type: Literal["PickUpMission"] = "PickUpMission"


class DeliverCompleted(Command):
    """Dropping Off: deliver to a Completed Contract you hold the right to deliver."""

    type: Literal["DeliverCompleted"] = "DeliverCompleted"
    contract: int


class Abandon(Command):
    type: Literal["Abandon"] = "Abandon"
    cargo: str


class BuildStation(Command):
    type: Literal["BuildStation"] = "BuildStation"


class BuyEngine(Command):
    type: Literal["BuyEngine"] = "BuyEngine"


class Petition(Command):
    """Petitioning (Petition Table), or in the advanced game for an Imperial Station."""

    type: Literal["Petition"] = "Petition"


class DestroyEngine(Command):
    """New Personalities, Pirate Pete: as his Action, attempt to destroy an engine of the
    Trader ``target`` on his world (3 Prestige, a roll of 5 or more)."""

    type: Literal["DestroyEngine"] = "DestroyEngine"
    target: int


class Bid(Command):
    """A sealed bid (0: no bid): for the station up for auction (Imperial Station Petition
    Table, -1), or for the Personality flipped up (Optional Rules, "Selecting
    Personalities")."""

    type: Literal["Bid"] = "Bid"
    stellors: int = Field(ge=0)


class RerollFirstDie(Command):
    """New Personalities, Verdant Velma: re-roll the first die of a random jump or of You
    Are Lost when it matches the first number of the world she departed from (or keep it)."""

    type: Literal["RerollFirstDie"] = "RerollFirstDie"
    reroll: bool


class SkipAction(Command):
    type: Literal["SkipAction"] = "SkipAction"


class PayPetition(Command):
    type: Literal["PayPetition"] = "PayPetition"
    pay: bool


class ChooseKlugePayoff(Command):
    """Special payoff, Kluge (11): an engine in lieu of Stellors and Prestige."""

    type: Literal["ChooseKlugePayoff"] = "ChooseKlugePayoff"
    engine: bool


class LookAtCards(Command):
    """Special payoff, Telzey (23): look at one player's Trader's Luck cards."""

    type: Literal["LookAtCards"] = "LookAtCards"
    seat: int


class Draw(Command):
    type: Literal["Draw"] = "Draw"


class Exchange(Command):
    """Trader's Luck: holding two cards, discard one in order to draw another; Lucky Lou
    "can discard down to one or two cards in order to draw more cards" (``cards``: the
    further cards he discards with ``card``)."""

    type: Literal["Exchange"] = "Exchange"
    card: str
    cards: list[str] = []


class Discard(Command):
    """Trader's Luck: a hand over its limit after a trade is discarded down at once, one
    card at a time, by its holder."""

    type: Literal["Discard"] = "Discard"
    card: str


class EndTurn(Command):
    type: Literal["EndTurn"] = "EndTurn"


class SetReactionPolicy(Command):
    """How the server answers reaction windows for this seat (told to nobody else): always
    ask me, pass unless I hold a card playable there, the same but re-roll my own failed
    jump attempt at once with my least useful card (``reroll``), or never ask (pass)."""

    type: Literal["SetReactionPolicy"] = "SetReactionPolicy"
    policy: Literal["ask", "playable", "reroll", "never"]


class PlayCard(Command):
    """Play a Trader's Luck card at any time (docs/rulings.md lists which and their effect):
    Imperial Favor on any player; the Calamities Imperial Disfavor, Gotcha, Lose a Cargo
    (``cargo``) and Lose a Station (``world``) on another player (``target``); Quarantine on
    a ``world`` where a ship is (``target``: the player himself)."""

    type: Literal["PlayCard"] = "PlayCard"
    card: str
    target: int
    cargo: str | None = None
    world: int | None = None
    as_kind: str | None = None  # Pirate Pete: the card his Piracy is played as


class AvoidCalamity(Command):
    """Avoid Calamity!, played immediately by the Calamity's victim."""

    type: Literal["AvoidCalamity"] = "AvoidCalamity"
    card: str


class PlayYouAreLost(Command):
    """You Are Lost!, played in the You Are Lost interval of another's (or one's own) jump."""

    type: Literal["PlayYouAreLost"] = "PlayYouAreLost"
    card: str


class Quarantine(Command):
    """Quarantine!, played in a jump's interval: on the jumping player's world (Quarantine
    and You Are Lost intervals), or in the Zap/Reroll interval on the destination or the
    starting world (``world``; the destination when not named)."""

    type: Literal["Quarantine"] = "Quarantine"
    card: str
    world: int | None = None


class PassReaction(Command):
    type: Literal["PassReaction"] = "PassReaction"


class OfferDeal(Command):
    """Trades and Deals: offer ``to`` a trade at any time; it waits for the answer."""

    type: Literal["OfferDeal"] = "OfferDeal"
    to: int
    give: Bundle = Bundle()
    get: Bundle = Bundle()


class AnswerDeal(Command):
    type: Literal["AnswerDeal"] = "AnswerDeal"
    offer: int
    accept: bool


class WithdrawDeal(Command):
    type: Literal["WithdrawDeal"] = "WithdrawDeal"
    offer: int


class DropOut(Command):
    """Dropping Out: leave the game, at any time."""

    type: Literal["DropOut"] = "DropOut"


AnyCommand = Annotated[
    PlaceStation | Jump | RandomJump | SpecialJump | ChooseJump | Reroll | Zap
    | AnswerPermission | WithdrawPermission | EndMovement
    | PickUp | PickUpMission | DeliverCompleted | Abandon | BuildStation | BuyEngine | Petition
    | SkipAction | DestroyEngine | Bid | RerollFirstDie | PayPetition | ChooseKlugePayoff
    | LookAtCards | Draw | Exchange | Discard | EndTurn
    | SetReactionPolicy | PlayCard | AvoidCalamity | PlayYouAreLost | Quarantine | PassReaction
    | OfferDeal | AnswerDeal
    | WithdrawDeal | DropOut,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyCommand)


def parse_command(data: dict[str, Any] | str) -> Command:
    """A command from JSON; a BadCommand names what was wrong."""
    try:
        raw = json.loads(data) if isinstance(data, str) else data
        cmd: Command = _ADAPTER.validate_python(raw)
    except ValidationError as exc:
        raise BadCommand(f"not a Star Traders command: {first_error(exc)}") from None
    except ValueError as exc:
        raise BadCommand(f"not a Star Traders command: {exc}") from None
    return cmd
