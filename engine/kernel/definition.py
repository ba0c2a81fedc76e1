"""A game as one object: everything the platform needs to host, show, simulate and explain a
game (``docs/architecture.md``, "The game definition").

Each game package exports one ``GameDefinition`` (``engine/<game>/__init__.py: GAME``) and
names it in the ``starport.games`` entry-point group; ``engine.kernel.registry`` finds them.
The platform (server, CLI, generic bots, web platform, tests of the platform) reads these
objects and names no game. Everything here that is not the ruleset is optional: a game that
leaves a field out gets the neutral default (no lobby choices, no extras, no board route...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .dice import Randomness
from .ruleset import Ruleset

# a bot of the game from a seed (an ``engine.bots.Bot``, which sits above the kernel)
BotFactory = Callable[[str | int], Any]


def _no_choices(options: dict[str, Any]) -> list[str]:
    return []


def _no_extras(state: Any, seat: int) -> dict[str, Any]:
    return {}


def _no_look(state: Any, seat: int) -> AbstractContextManager[Any]:
    return nullcontext()


def _no_point(state: Any, event: Any) -> dict[str, Any] | None:
    return None


def _no_countdown(state: Any) -> tuple[int, int] | None:
    return None


def _no_passes(state: Any) -> list[tuple[int, Any]]:
    return []


def _no_aid(state: Any, seat: int) -> Callable[[], Any] | None:
    return None


def _no_answers(state: Any) -> tuple[int, ...]:
    return ()


def _nothing_hidden(state: Any, seat: int, rng: Randomness) -> Any:
    return state  # a game without secrets: the one world is the position itself


def _no_evaluation(state: Any, seat: int) -> float:
    return 0.5


def _every_command(view: dict[str, Any], legal: Sequence[Any], seat: int) -> Sequence[Any]:
    return legal


class OptionsRefused(ValueError):
    """Table options that do not fit the game's option schema (the message names one)."""


@dataclass(frozen=True)
class Simulation:
    """What ``starport simulate`` needs of a game beyond its bots (``engine.bots.simulate``):
    the table options a simulated game starts from, the words of its summary (the score, the
    seat choice, the ends it tells apart), the command-line options it adds as ``{flag:
    (option name, default, choices or None, help)}`` (e.g. ``--target`` for an option
    ``game_length``), how a final state reads and what a game used."""

    options: Mapping[str, Any] = field(default_factory=dict)
    score_name: str = "scores"
    choice_name: str = "choice"
    flags: Mapping[str, tuple[str, Any, tuple[Any, ...] | None, str]] = field(
        default_factory=dict)
    default_bot: str | None = None  # None: the game's first bot
    # a final (or stalled) state as an ``engine.bots.simulate.Standing``: each seat's label
    # (its choice), the winner, each seat's score; None: the game is not simulated
    standing: Callable[[Any], Any] | None = None
    # what a game used (pieces bought, cards played), counted from its events
    usage: Callable[[Iterable[Any]], Mapping[str, int]] = lambda events: {}
    # the words of the ends the summary counts apart, by ``state.end["reason"]``: an end
    # without a winner is told by them alone, a winner's is added to the win
    endings: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Page:
    """A page of a game's own beside the table page (a tutorial, a sandbox): its title and
    its address under the game's client folder (``tutorial.html``)."""

    title: str
    path: str


@dataclass(frozen=True)
class Sandbox:
    """Positions set up from a scenario and played by one person in every seat
    (``docs/scenarios.md``): the scenario's schema, how a game starts from one (with a seed),
    and what the sandbox shows beside the acting seat's view (e.g. every place a roll
    reaches)."""

    scenario: type[BaseModel]
    start: Callable[[Any, str], Any]  # (scenario, seed) -> engine.kernel.Game
    aid: Callable[[Any], dict[str, Any]] = lambda state: {}


@dataclass(frozen=True)
class GameDefinition:
    """One game, as the platform reads it.

    ``id`` is the ruleset id stored with every table (never renamed); ``title`` names the game
    to players. ``ruleset`` is the kernel's five functions (``engine.kernel.ruleset``).
    """

    id: str
    title: str
    ruleset: Ruleset[Any]
    # the number of seats a table of this game may have
    players: tuple[int, int]
    # the bots a host may seat, by kind, in the order offered; the first plays bot seats and
    # timed-out turns unless the host picked another
    bots: Mapping[str, BotFactory]
    # one line for the start page
    summary: str = ""
    # the table options as a schema (names, value shapes); None: any JSON object
    options_schema: type[BaseModel] | None = None
    # the lobby's per-seat choices (a race, a Personality, a pilot) for these options, and the
    # option that takes the seats' choices in seat order
    choices: Callable[[dict[str, Any]], list[str]] = _no_choices
    choice_option: str | None = None
    choice_title: str = "Choice"
    # what the seat that may act sees beside its view (reachable destinations, a market)
    extras: Callable[[Any, int], dict[str, Any]] = _no_extras
    # ``with look(state, seat):`` around that seat's legal commands and extras of one seq
    # (the state held still), so what both ask is made once
    look: Callable[[Any, int], AbstractContextManager[Any]] = _no_look
    # after an event, a point of the game's public history (scores at a turn's start), or None
    history_point: Callable[[Any, Any], dict[str, Any] | None] = _no_point
    # a live countdown on the prompt pending now: (seq of the event that opened it, seconds),
    # and the commands (seat, command) that answer it for the silent seats when it runs out
    countdown: Callable[[Any], tuple[int, int] | None] = _no_countdown
    timeout_commands: Callable[[Any], list[tuple[int, Any]]] = _no_passes
    # seats with something to answer now though the game waits for nobody there (a deal
    # offered to them, in a game whose deals wait on no prompt): a bot in such a seat
    # answers at once rather than on its own turn (``server/entries.py``, ``bot_seats``)
    answering: Callable[[Any], Iterable[int]] = _no_answers
    # the event types of an answer to a prompt that asks several seats at once and that
    # changes nothing another seat asked decides by (a pass in a reaction window): a command
    # decided before only such answers of other seats, its seat still asked, is played as
    # if decided after them (``Game.answered_alongside``); any other event since is a 409
    concurrent_answers: frozenset[str] = frozenset()
    # what a bot of this game may ask beyond the view and the legal commands, for a seat:
    # a lazy query of public facts (e.g. where a roll can take the seat's piece), or None
    bot_aid: Callable[[Any, int], Callable[[], Any] | None] = _no_aid
    # a seat's legal commands as bots read them, or None (the ruleset's ``legal_actions``
    # less ``TakeBack``): the same commands in the same order, made lazily (e.g.
    # ``engine.bots.legal.LazyCommands``) when the full list is costly and bots seldom read
    # all of it
    bot_legal: Callable[[Any, int], Sequence[Any]] | None = None
    # for the search bot (``engine/bots/search.py``, ``docs/bots.md``): a world consistent
    # with what ``seat`` sees, everything it cannot see (cups, decks, face-down markers,
    # other seats' hands) dealt again with ``rng``: a state the caller only reads and clones,
    # whose content depends on the seat's view alone (the real state gives only the shapes);
    # and how good a position is for ``seat``: 1 a win, 0 a loss, between them an estimate
    determinize: Callable[[Any, int, Randomness], Any] = _nothing_hidden
    evaluate: Callable[[Any, int], float] = _no_evaluation
    # and the legal commands it may sample as candidates beside the heuristic's choice, from
    # the seat's view and legal commands: the game's own reckoning may leave out those it
    # finds unhelpful (a deal its heuristic would never offer); default: every one
    search_candidates: Callable[[dict[str, Any], Sequence[Any], int],
                                Sequence[Any]] = _every_command
    # command types a stand-in for an absent player (the server's fallback bot, a timed-out
    # turn) never plays (leaving the table), and those it plays rarely: they change a
    # setting, not the game's progress
    stand_in_never: frozenset[str] = frozenset()
    settings_commands: frozenset[str] = frozenset()
    # the board as an SVG image for these query parameters (``edition``), or None; a
    # ValueError names a parameter that is wrong (``GET /api/games/{id}/board.svg``)
    board_svg: Callable[[Mapping[str, str]], str] | None = None
    # the components' names and facts the browser client reads, for these query parameters
    # (``GET /api/games/{id}/data``); a ValueError names a parameter that is wrong
    client_data: Callable[[Mapping[str, str]], dict[str, Any]] | None = None
    # the rules reference in the project's own words (``engine.help.reference.Reference``)
    rules_help: Callable[[], BaseModel] | None = None
    # every rule the program cites to players (a rule number, a section, a book's heading) in
    # a string its engine or client may put on screen; each must open an entry of
    # ``rules_help`` (``engine.help.citations`` reads them; None: the game cites none)
    rules_cited: Callable[[], Iterable[str]] | None = None
    # the folder of the game's browser client (its ``index.js`` exports the GameModule)
    client: Path | None = None
    # pages of the game's own under its client folder (a tutorial, a sandbox)
    pages: tuple[Page, ...] = ()
    # positions from scenarios, played hot seat (``POST /api/games/{id}/sandbox``), or None
    sandbox: Sandbox | None = None
    simulation: Simulation = Simulation()

    @property
    def default_bot(self) -> str:
        return next(iter(self.bots))

    @property
    def client_name(self) -> str | None:
        """The client folder's name: its address is ``/games/<name>/``."""
        return None if self.client is None else self.client.name

    def make_bot(self, kind: str, seed: str | int) -> Any:
        """A bot of this game by kind; a ValueError names the known ones."""
        try:
            factory = self.bots[kind]
        except KeyError:
            raise ValueError(f"unknown bot {kind!r} for {self.id}; known: "
                             f"{', '.join(self.bots)}") from None
        return factory(seed)

    def check_options(self, options: dict[str, Any]) -> None:
        """Refuse options outside the game's schema (unknown names, wrong shapes, nesting)."""
        if self.options_schema is None:
            return
        try:
            self.options_schema.model_validate(options)
        except ValidationError as exc:
            first = exc.errors(include_input=False)[0]
            where = ".".join(str(p) for p in ("options", *first["loc"]))
            raise OptionsRefused(f"{where}: {first['msg']}") from None


def scores_at(kinds: tuple[str, ...], score: Callable[[Any, Any], int]
              ) -> Callable[[Any, Any], dict[str, Any] | None]:
    """A ``history_point`` at each event of ``kinds`` (a turn starting, the game ending):
    the round, the seat named by the event and each player's ``score(state, player)``."""

    def point(state: Any, event: Any) -> dict[str, Any] | None:
        if event.type not in kinds:
            return None
        return {"round": state.round, "seat": event.data.get("seat"),
                "scores": [score(state, p) for p in state.players]}

    return point
