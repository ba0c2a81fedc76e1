"""Request and response bodies of the HTTP API (every body is a pydantic model)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from engine.kernel import Event
from engine.kernel.registry import games

from .levels import DEFAULT_LEVEL, Level, level_kind

ID = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")

# Every integer a client sends is bounded: event seqs are 32-bit INTEGERs
# in the database; chat ids are BIGINTs, bounded by the largest integer a browser holds exactly.
SEQ_MAX = 2**31 - 1
ID_MAX = 2**53 - 1
Seq = Annotated[int, Field(ge=0, le=SEQ_MAX)]
ChatId = Annotated[int, Field(ge=0, le=ID_MAX)]

# Text a client stores holds no control character: a NUL breaks
# PostgreSQL, a newline in a name breaks an e-mail header. Chat may keep tabs and newlines.
# The check runs first (a clear message); the pattern tells the OpenAPI schema the same.
CONTROL_IN_LINE = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
CONTROL_IN_TEXT = r"\x00-\x08\x0b-\x1f\x7f-\x9f"
# Nor an invisible or text-direction character: the bidi embeddings, overrides and isolates
# (U+202A-202E, U+2066-2069) and marks (U+200E-200F, U+061C) turn what a name or a chat line
# shows around ("Trojan Source"); zero-width ones (U+200B-200D, U+2060-2064, U+FEFF, U+180E)
# make two names that look alike. Chat keeps the zero-width joiner and non-joiner
# (U+200C-200D): emoji sequences (the astronaut, a family) and Persian or Indic writing need
# them, and they move nothing.
INVISIBLE_IN_LINE = r"\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
INVISIBLE_IN_TEXT = r"\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
INVISIBLE = ("invisible and text-direction characters (U+200B-U+200F, U+202A-U+202E, "
             "U+2066-U+2069, U+FEFF, ...)")
NOT_IN_LINE = CONTROL_IN_LINE + INVISIBLE_IN_LINE
NOT_IN_TEXT = CONTROL_IN_TEXT + INVISIBLE_IN_TEXT


def _refuse(chars: str, what: str) -> BeforeValidator:
    pattern = re.compile(f"[{chars}]")

    def check(value: Any) -> Any:
        if isinstance(value, str) and pattern.search(value):
            raise ValueError(f"{what} are not allowed here")
        return value

    return BeforeValidator(check)


def control_text_in(value: Any) -> bool:
    """Whether any string within ``value`` (nested lists and dicts, keys too) holds a control
    character other than tab and newline (an imported log's payloads)."""
    pattern = re.compile(f"[{NOT_IN_TEXT}]")
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if pattern.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


# one line of text (names): no control character, no line break, nothing invisible
Line = Annotated[str, Field(pattern=f"^[^{NOT_IN_LINE}]*$"),
                 _refuse(INVISIBLE_IN_LINE, INVISIBLE),
                 _refuse(CONTROL_IN_LINE, "control characters and line breaks")]
# free text (chat): no control character but tab and newline, nothing invisible but the
# joiners
Text = Annotated[str, Field(pattern=f"^[^{NOT_IN_TEXT}]*$"),
                 _refuse(INVISIBLE_IN_TEXT, INVISIBLE),
                 _refuse(CONTROL_IN_TEXT, "control characters")]
# a webhook URL and an e-mail address: one line, no space
WEBHOOK = f"^https?://[^\\s{NOT_IN_LINE}]+$"
EMAIL = f"^[^@\\s{NOT_IN_LINE}]+@[^@\\s{NOT_IN_LINE}]+\\.[^@\\s{NOT_IN_LINE}]+$"
Webhook = Annotated[str, Field(max_length=500, pattern=WEBHOOK),
                    _refuse(INVISIBLE_IN_LINE, INVISIBLE),
                    _refuse(CONTROL_IN_LINE, "control characters and line breaks")]
Email = Annotated[str, Field(max_length=254, pattern=EMAIL),
                  _refuse(INVISIBLE_IN_LINE, INVISIBLE),
                  _refuse(CONTROL_IN_LINE, "control characters and line breaks")]


class ErrorBody(BaseModel):
    code: str
    message: str = ""
    rule: str | None = None
    seq: int | None = None
    errors: list[dict[str, Any]] | None = None


class ErrorOut(BaseModel):
    detail: ErrorBody


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut}
    for code in (400, 401, 403, 404, 409, 413, 422, 429)
}


def first_game() -> str:
    """The game a new table plays when its request names none: the first installed game in
    the registry's order (``engine.kernel.registry.games``)."""
    return next(iter(games()), "")


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


BotKind = Annotated[str, Field(min_length=1, max_length=16, pattern=r"^[a-z-]+$")]


class BotSeat(_In):
    """A seat a bot plays, and which bot: a level or a kind (``GET /api/games`` lists a
    game's levels and bots)."""

    seat: int = Field(ge=0, le=7)
    kind: BotKind | None = Field(None, description="e.g. random, trader; default: the "
                                                    "ruleset's first")
    level: Level | None = Field(None, description="easy, normal or hard: the kind that "
                                                  "plays it is the game's (its levels in "
                                                  "GET /api/games); not with kind")

    @model_validator(mode="after")
    def _one_pick(self) -> BotSeat:
        if self.kind is not None and self.level is not None:
            raise ValueError("a bot seat takes a kind or a level, not both")
        return self


class CreateTable(_In):
    """A new table: the ruleset and its options; seats to fill; which of them bots play."""

    name: Line = Field("Game night", min_length=1, max_length=80)
    ruleset: str = Field(default_factory=first_game, min_length=1, max_length=40,
                         description="a game's id (GET /api/games); default: the first "
                                     "installed game")
    options: dict[str, Any] = Field(default_factory=dict,
                                    description="the game's table options (its "
                                                "options_schema in GET /api/games)")
    seats: int = Field(2, ge=1, le=8)
    bots: list[Annotated[int, Field(ge=0, le=7)] | BotSeat] = Field(
        default_factory=list, max_length=8,
        description="seat numbers, or {seat, kind} to pick the bot")
    turn_timer: int | None = Field(None, ge=1, le=14 * 86400,
                                   description="seconds a seat may wait before a bot plays "
                                               "its turn (at least the server's minimum, "
                                               "STARPORT_MIN_TURN_TIMER, 30 by default)")
    spectator_chat: bool = Field(False, description="spectators may chat (off by default)")
    timeout_level: Level = Field(DEFAULT_LEVEL, description="the level a bot plays a "
                                                            "timed-out turn at")
    hints: bool = Field(False, description="a seat may ask what a strong player would do "
                                           "(POST /api/tables/{id}/hint; off by default)")

    def bot_seats(self) -> dict[int, str | None]:
        """Each bot seat and the bot the host picked for it (None: the ruleset's first); a
        level is the kind that plays it in this game (``levels.level_kind``)."""
        out: dict[int, str | None] = {}
        for b in self.bots:
            if isinstance(b, BotSeat):
                out[b.seat] = b.kind
                if b.level is not None and self.ruleset in games():
                    out[b.seat] = level_kind(games()[self.ruleset], b.level)
            else:
                out.setdefault(b, None)
        return out


class Link(BaseModel):
    role: Literal["host", "seat", "spectator"]
    seat: int | None = None
    token: str
    url: str


class TableCreated(BaseModel):
    table_id: str
    host: Link
    seats: list[Link]
    spectator: Link


class SeatOut(BaseModel):
    seat: int
    name: str | None
    choice: str | None
    bot: bool
    joined: bool
    online: bool
    bot_kind: str | None = Field(None, description="the bot that plays it (when ``bot``)")
    autoplay: bool = Field(False, description="its turn timed out: a bot plays this turn")
    player: bool = Field(False, description="a person joined this seat (a bot may stand in "
                                            "for them: their moves are marked as the bot's)")


class Lobby(BaseModel):
    table_id: str
    name: str
    ruleset: str
    options: dict[str, Any]
    status: Literal["lobby", "playing", "over", "abandoned", "replay"]
    turn_timer: int | None
    seats: list[SeatOut]
    choices: list[str]
    seq: int | None
    version: int
    spectator_chat: bool = False
    bots: list[str] = Field(default_factory=list, description="the bots a seat may get")
    levels: list[LevelOut] = Field(default_factory=list,
                                   description="the levels a bot seat may get")
    timeout_level: Level = Field(DEFAULT_LEVEL, description="the level a bot plays a "
                                                            "timed-out turn at")
    hints: bool = Field(False, description="hints are on: a seat may ask what a strong "
                                           "player would do")
    clock: ClockOut | None = Field(None, description="the clock running now, if any")
    now: datetime | None = Field(None, description="the server's time when this was written "
                                                   "(a browser corrects its clock's skew)")


class SessionIn(_In):
    token: str = Field(min_length=1, max_length=200)


class Me(BaseModel):
    table_id: str
    role: Literal["host", "seat", "spectator"]
    seat: int | None


class JoinIn(_In):
    name: Line = Field(min_length=1, max_length=40)
    choice: Line | None = Field(None, max_length=40, description="race/color from the lobby")


class BotIn(_In):
    bot: bool = True
    kind: BotKind | None = Field(None, description="which bot (default: the ruleset's first)")
    level: Level | None = Field(None, description="easy, normal or hard (not with kind)")

    @model_validator(mode="after")
    def _one_pick(self) -> BotIn:
        if self.kind is not None and self.level is not None:
            raise ValueError("a bot seat takes a kind or a level, not both")
        return self


class NotifyIn(_In):
    webhook: Webhook | None = None
    email: Email | None = None


class CommandIn(_In):
    seq: Seq = Field(description="the last event seq the client had when it decided")
    client_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$",
                           description="unique per command: a resent id is applied once")
    command: dict[str, Any] = Field(examples=[{"type": "RollDice"}])


class CommandOut(BaseModel):
    first_seq: int
    seq: int
    events: list[dict[str, Any]]
    duplicate: bool = False


class PendingOut(BaseModel):
    seats: list[int]
    prompt: str
    detail: dict[str, Any] | None = None


class ClockOut(BaseModel):
    """The clock of the prompt pending now (docs/architecture.md, "Clocks"): the waited seats
    whose time runs, when it runs out on the server's clock, and what happens then."""

    seats: list[int] = Field(description="the seats it runs for (the waited seats no bot "
                                         "plays)")
    kind: Literal["move", "window"] = Field(description="the table's time per move, or a "
                                                        "reaction window's countdown")
    seconds: int = Field(description="its whole length")
    deadline: datetime = Field(description="when it runs out (UTC)")
    then: Literal["bot", "pass"] = Field(description="then a bot plays the move, or silence "
                                                     "answers (a pass)")


class CountdownOut(BaseModel):
    """A live countdown on the prompt pending now (a game's reaction window,
    ``GameDefinition.countdown``): when it runs out, the silent seats' commands are played
    (``GameDefinition.timeout_commands``)."""

    opened: int  # the seq of the event that opened the prompt
    seconds: int
    closes_at: datetime


class ViewOut(BaseModel):
    seq: int
    viewer: int
    role: str
    status: str
    view: dict[str, Any]
    pending: PendingOut | None
    legal: list[dict[str, Any]]
    extras: dict[str, Any]
    countdown: CountdownOut | None = None
    clock: ClockOut | None = None


class LogOut(BaseModel):
    seq: int
    full: bool
    events: list[dict[str, Any]]


class HistoryOut(BaseModel):
    """Points of a game's history (public): ``{seq, round, seat, scores}`` per turn start."""

    seq: int
    points: list[dict[str, Any]]


class Frame(BaseModel):
    seq: int = Field(description="the view is the game after this event")
    view: dict[str, Any]


class ReplayOut(BaseModel):
    seq: int = Field(description="the game's head (the last event)")
    status: str
    frames: list[Frame]


class ExportDoc(_In):
    """A finished game, every secret shown; importing it makes a replay table."""

    format: Literal["starport-game"] = "starport-game"
    version: Literal[1] = 1
    ruleset: str = Field(min_length=1, max_length=40)
    name: Line = Field("Imported game", min_length=1, max_length=80)
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[Annotated[Line, Field(max_length=40)]] = Field(max_length=8)
    status: str = "over"
    events: list[Event] = Field(max_length=200_000)


class ChatIn(_In):
    text: Text = Field(min_length=1, max_length=500)


class ChatOut(BaseModel):
    id: int
    seat: int | None
    name: str
    text: str = Field(description="the plain text as written")
    html: str = Field(description="the same text, HTML-escaped")
    at: str


class ChatLog(BaseModel):
    messages: list[ChatOut]


class RulesetOut(BaseModel):
    """What a create form needs of a ruleset: its options' schema and its bots."""

    id: str
    bots: list[str] = Field(description="bot kinds a seat may get; the first is the default")
    options_schema: dict[str, Any] | None = Field(
        description="JSON Schema of the table options (None: any object)")
    choice_option: str | None = Field(description="the option the lobby's choices fill")


class Rulesets(BaseModel):
    rulesets: list[RulesetOut]


class LevelOut(BaseModel):
    """A bot level as a game plays it (``levels.py``)."""

    level: Level
    label: str = Field(description="its words (Easy, Normal, Hard)")
    kind: str = Field(description="the bot kind that plays it in this game")
    exact: bool = Field(description="the game has a bot of this level (else the level "
                                    "below's plays it)")


class HintIn(_In):
    seq: Seq = Field(description="the game's seq the seat asks at (its view's)")


class HintOut(BaseModel):
    """What a strong player would do (``advice.py``): a legal command of the seat's and the
    bot's one-line reason."""

    seq: int = Field(description="the seq the hint was thought out at")
    command: dict[str, Any]
    reason: str | None = Field(description="one line, the bot's own words (None: it gives "
                                           "none)")
    level: Level = Field(description="the level that answered (the game's strongest)")
    kind: str = Field(description="the bot kind that answered")


class PlayerCount(BaseModel):
    min: int
    max: int


class GamePage(BaseModel):
    """A page of a game's own (a tutorial, a sandbox) and its address."""

    title: str
    url: str


class GameOut(BaseModel):
    """An installed game as the start page, the create form, "My games" and the rules page
    read it (its ``GameDefinition``)."""

    id: str = Field(description="the ruleset id a table stores")
    title: str
    summary: str
    players: PlayerCount = Field(description="the seats a table of this game may have")
    bots: list[str] = Field(description="bot kinds a seat may get, in the order offered")
    default_bot: str = Field(description="the bot that plays a bot seat no kind was picked for")
    levels: list[LevelOut] = Field(description="easy, normal and hard, and the bot kind that "
                                               "plays each in this game")
    choice_option: str | None = Field(description="the option the lobby's choices fill")
    choice_title: str = Field(description="what a seat's lobby choice is called")
    options_schema: dict[str, Any] | None = Field(
        description="JSON Schema of the table options (None: any object)")
    client: str | None = Field(description="the game's client module (its GameModule)")
    pages: list[GamePage]
    rules: str | None = Field(description="the rules page, for a game with a rules reference")
    sandbox: bool = Field(description="whether POST /api/games/{id}/sandbox starts positions")
    board: str | None = Field(description="the board's SVG (query parameters: the game's)")
    data: str | None = Field(description="the components' data for the client")


class GamesOut(BaseModel):
    games: list[GameOut]


# "My games": one request for the status of every table a browser holds a link to
MYGAMES_MAX = 100


class MyGamesIn(_In):
    tokens: list[Annotated[str, Field(max_length=200)]] = Field(max_length=MYGAMES_MAX)


class MyGame(BaseModel):
    """A link's table as its holder may see it; ``known`` is false for an unknown or revoked
    link (nothing else is said of it)."""

    known: bool
    table_id: str | None = None
    name: str | None = None
    ruleset: str | None = None
    status: str | None = None
    role: str | None = None
    seat: int | None = None
    seq: int | None = None
    waiting: list[int] = Field(default_factory=list, description="seats the game waits for")
    waiting_names: list[str] = Field(default_factory=list)
    waiting_since: str | None = None
    waited: float | None = Field(None, description="seconds the game has waited")
    your_turn: bool = False
    players: list[str] = Field(default_factory=list)
    clock: ClockOut | None = Field(None, description="the clock running now, if any")


class MyGames(BaseModel):
    games: list[MyGame] = Field(description="one per token, in the order sent")
    now: datetime | None = Field(None, description="the server's time when this was written")
