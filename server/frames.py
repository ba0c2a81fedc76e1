"""What the sockets of a game are sent after an event: each message built once.

A command moves a game by a few events; every socket watching it then gets those events
(redacted for its viewer) and, when it asked for it, the view of its link (its legal
commands, prompt and reachable destinations when it may act). Built naively that is four
views, four redactions and four serializations per command, each through pydantic models:
the largest share of the server's CPU under load (``docs/performance.md``). Here:

- a ``Frames`` belongs to one committed ``seq`` of one game (``frames_of``) and keeps the
  messages made for it, already serialized (``orjson``, once);
- an ``events`` message is made once per audience: sockets whose viewer is admitted to the
  same events (every seat, when the events are public) share one string;
- a view is made once per link kind (seat N, spectator, host) and seq, and only when a
  connected socket asked for it (``"view": true`` in its hello) or a ``GET /view`` wants it;
  the acting seat's legal commands and extras (the costly reachable destinations) are made
  once per seq, whatever asks;
- the engine's output is trusted: no pydantic model is built or validated on this path
  (``ViewOut`` stays the documented shape of the same JSON);
- a socket that asked for it (hello ``view_delta``) and holds the view of an earlier push is
  sent its view without the shared parts (the ruleset's ``public_parts``) that did not change
  since, named in ``"same"``: the client keeps them from the view it has. They are the larger
  part of a view (markets, boxes of the board, the table's options: ~2.8 of ~5.3 KB of a
  seat's view in the first game measured) and seldom change; each part's JSON has a
  digest (``Parts``), so whichever process made a view, the same content has the same one;
- the links that see a seq alike (not acting, nothing of their own: the ruleset's
  ``seat_view`` hands back the public view itself) share one serialization of their view
  message: all but its ``seq`` and ``viewer`` written once (``Frames.alike``), each link's
  message those two fields and that tail.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from engine.kernel import SPECTATOR, Event, fastmodel

from .schemas import ClockOut, CountdownOut

# games whose frames are kept (the most recently moved): every socket of a game is sent its
# messages within moments of the commit, so a few dozen suffice under any load, and an idle
# game (or socket) keeps none (memory per idle websocket, docs/performance.md)
KEEP = 32
_recent: OrderedDict[int, Any] = OrderedDict()

# the events of a command or a few: kept to share; a longer catch-up is one socket's own
SHARED_EVENTS = 16
OPTIONS = orjson.OPT_NON_STR_KEYS  # as json.dumps: an int key is written as a string

# the shared parts of a view (``_written``) as (key, digest of its JSON): what a socket that
# was sent that view holds, and what a seq's views are made of
Parts = tuple[tuple[str, bytes], ...]
# a view message's key in a seq's ``Frames``: (viewer, role) for the whole message, or
# (viewer, role, the parts the socket holds) for one that leaves out those still the same
ViewKey = tuple[int, str] | tuple[int, str, Parts]


def _fallback(value: Any) -> Any:
    """What orjson cannot write by itself (sets, pydantic models left in a view)."""
    if isinstance(value, set | frozenset):
        return sorted(value)
    dump = getattr(value, "model_dump", None)
    if dump is not None:
        return dump(mode="json")
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def dumps(msg: Any) -> str:
    """A message's JSON text (compact; what ``json.dumps`` with the fallbacks would write)."""
    return dumpb(msg).decode()


def dumpb(msg: Any) -> bytes:
    """``dumps`` as bytes. orjson writes str keys only, unless told ``OPT_NON_STR_KEYS``,
    which makes it 2-3x slower on every dict; most messages have only str keys, so that
    option is used only for those that do (the same text either way)."""
    try:
        return orjson.dumps(msg, default=_fallback)
    except TypeError:  # an int key (orjson.JSONEncodeError is a TypeError), or a real error
        return orjson.dumps(msg, default=_fallback, option=OPTIONS)


@dataclass(slots=True, eq=False)
class Frames:
    """The messages of one game at one committed ``seq``."""

    seq: int
    status: str  # a host ending the game changes the views at the same seq
    deadline: Any  # so do the clocks (``Entry.clock_key``: a countdown armed from the log...)
    events: dict[tuple[int, int, tuple[bool, ...]], str] = field(default_factory=dict)
    # the same messages encoded, without their closing brace: a push's first bytes
    heads: dict[tuple[int, int, tuple[bool, ...]], bytes] = field(default_factory=dict)
    views: dict[tuple[int, str], str] = field(default_factory=dict)  # "view" messages
    # the same messages encoded (orjson's own bytes: a push writes them as they are), by
    # ``ViewKey``: whole, or for sockets holding earlier views (hello ``view_delta``)
    encoded: dict[Any, bytes] = field(default_factory=dict)
    acting: dict[int, tuple[list[dict[str, Any]], dict[str, Any]]] = field(
        default_factory=dict)
    public: dict[str, Any] | None = None  # the ruleset's public view (``SharedViews``)
    common: tuple[Any, bool, Any, Any, Any] | None = None  # what every view shows (_common)
    # the same with its parts that no seat's view changes written once (``_written``)
    written: dict[str, Any] | None = None
    parts: Parts | None = None  # those parts' digests (``_written``), once known
    # the parts a socket holding ``Parts`` is not sent again, and ``written`` without them:
    # made once for all the sockets of a game (they usually hold the same)
    same: dict[Parts, tuple[str, ...]] = field(default_factory=dict)
    trimmed: dict[tuple[str, ...], dict[str, Any]] = field(default_factory=dict)
    # the view message of the links that see this seq alike (``_encoded``), by role and the
    # parts left out: its bytes after ``"viewer":N,`` (``"role":...}``), written once
    alike: dict[tuple[str, tuple[str, ...]], bytes] = field(default_factory=dict)


def frames_of(entry: Any) -> Frames:
    """The frames of ``entry``'s committed seq (a new set once the game moved on or its
    status changed)."""
    frames: Frames | None = entry.frames
    if (frames is None or frames.seq != entry.committed or frames.status != entry.status
            or frames.deadline != entry.clock_key()):
        frames = Frames(entry.committed, entry.status, entry.clock_key())
        entry.frames = frames
        _recent[id(entry)] = entry
        _recent.move_to_end(id(entry))
        while len(_recent) > KEEP:
            _, old = _recent.popitem(last=False)
            old.frames = None
    return frames


def forget(entry: Any) -> None:
    """Drop ``entry``'s frames (a game let go: ``entries.GameCache.evict``), so the
    recently moved games' frames (``_recent``) no longer keep it in memory."""
    if _recent.get(id(entry)) is entry:
        del _recent[id(entry)]
    entry.frames = None


def events_message(frames: Frames, events: list[Event], viewer: int) -> str:
    """``{"type": "events", "events": [...]}`` redacted for ``viewer``; one string for all
    the viewers the same events admit."""
    if len(events) > SHARED_EVENTS:  # a catch-up (a reconnect, a resync): this socket's own
        return _events_text(events, viewer)
    key = _audience_key(events, viewer)
    text = frames.events.get(key)
    if text is None:
        text = frames.events[key] = _events_text(events, viewer)
    return text


def events_head(frames: Frames, events: list[Event], viewer: int) -> bytes:
    """``events_message`` encoded, without its closing brace (a push writes the link's view
    and an ack after it, then the brace): made once per audience too."""
    if len(events) > SHARED_EVENTS:
        return _events_text(events, viewer)[:-1].encode()
    key = _audience_key(events, viewer)
    head = frames.heads.get(key)
    if head is None:
        text = frames.events.get(key)
        if text is None:
            text = frames.events[key] = _events_text(events, viewer)
        head = frames.heads[key] = text[:-1].encode()
    return head


def public(events: list[Event]) -> bool:
    """Every one of ``events`` admits every viewer: their message is the same for all."""
    return all(ev.audience.kind == "public" for ev in events)


def _audience_key(events: list[Event], viewer: int) -> tuple[int, int, tuple[bool, ...]]:
    return events[0].seq, events[-1].seq, tuple(ev.audience.admits(viewer) for ev in events)


def _events_text(events: list[Event], viewer: int) -> str:
    return dumps({"type": "events", "events": [ev.redacted_for(viewer) for ev in events]})


def pending_of(entry: Any) -> Any:
    """The game's ``Pending`` (who it waits for; ``Game.pending`` asks it once per seq)."""
    return entry.pending()


def _view(entry: Any, frames: Frames | None, viewer: int, typed: bool = False,
          same: tuple[str, ...] = ()) -> tuple[dict[str, Any], bool]:
    """The ruleset's view for ``viewer``; its public part made once per seq when the ruleset
    can share it (``engine.kernel.ruleset.SharedViews``). ``typed``: for a ``view``
    message, only serialized: the parts no seat's view changes already written
    (``_written``), and the ruleset's dict as it is; without the parts named in ``same``.
    With it: whether it is the public view itself (``viewer`` sees nothing of its own)."""
    ruleset = entry.hosted.ruleset
    state = entry.game.state
    if frames is None or getattr(ruleset, "public_view", None) is None:
        return dict(ruleset.view(state, viewer)), False
    if not typed:
        return dict(ruleset.seat_view(state, _public(entry, frames), viewer)), False
    written = _shared(entry, frames)
    if same:
        trimmed = frames.trimmed.get(same)
        if trimmed is None:
            trimmed = frames.trimmed[same] = dict(written)  # a copy in C, then a few deletes
            for key in same:
                del trimmed[key]
        written = trimmed
    seen = ruleset.seat_view(state, written, viewer)
    return seen, seen is written


def _public(entry: Any, frames: Frames) -> dict[str, Any]:
    """The ruleset's public view of the seq (``Frames.public``), made once."""
    public = frames.public
    if public is None:
        game = entry.game
        kept = game.views_kept
        if kept is None:
            kept = game.views_kept = {}
        # pending: once per seq
        public = frames.public = entry.hosted.ruleset.public_view(
            game.state, entry.pending(), kept)
    return public


def _shared(entry: Any, frames: Frames) -> dict[str, Any]:
    """The public view with its shared parts written (``Frames.written``, ``Frames.parts``),
    made once."""
    written = frames.written
    if written is None:
        written, frames.parts = _written(
            _public(entry, frames), getattr(entry.hosted.ruleset, "public_parts", ()),
            entry.game.views_kept)
        frames.written = written
    return written


def _written(public: dict[str, Any], parts: tuple[str, ...],
             kept: dict[str, Any] | None) -> tuple[dict[str, Any], Parts]:
    """``public`` with its values under ``parts`` (the ruleset's ``public_parts``: the keys
    its ``seat_view`` neither reads nor changes) as their JSON (``orjson.Fragment``), so the
    seats' messages of a seq copy those bytes instead of each writing the same dicts again;
    and the digests of those parts (``Parts``). A part the ruleset kept from the game's last
    view (``kept``: the very same object, read only) keeps its JSON and digest too, written
    once for as many seqs as it stays."""
    if not parts:
        return public, ()
    known: dict[str, tuple[Any, Any, bytes]] | None = None
    if kept is not None:
        known = kept.get("json")
        if known is None:
            known = kept["json"] = {}
    out = dict(public)
    digests: list[tuple[str, bytes]] = []
    for key in parts:
        value = public.get(key)
        if not value:  # None, or an empty dict or list: nothing to save
            continue
        was = known.get(key) if known is not None else None
        if was is None or was[0] is not value:
            # a copy of orjson's bytes: its own keep the whole buffer it wrote into (16 KB
            # for a 1 KB part), for as long as the part stays
            data = bytes(memoryview(dumpb(value)))
            was = (value, orjson.Fragment(data), hashlib.blake2b(data, digest_size=8).digest())
            if known is not None:
                known[key] = was
        out[key] = was[1]
        digests.append((key, was[2]))
    return out, tuple(digests)


# the JSON form of each legal command object met lately, by the object's id (the object is
# kept with it, so its id cannot be taken by another): a ruleset that gives one shared object
# per distinct command (one ruleset's ``commands.made``) has each written once, not per seq.
# Read only (the views only serialize them); commands are frozen models.
_DUMPED: dict[int, tuple[Any, Any]] = {}
DUMPED_BOUND = 2048


def _dump(command: Any) -> Any:
    """``command.model_dump(mode="json")``, made once per command object (``_DUMPED``) and
    without the method's own argument handling (the same serializer call)."""
    known = _DUMPED.get(id(command))
    if known is not None:
        return known[1]
    dumped = fastmodel.dumped(command, mode="json")
    if len(_DUMPED) >= DUMPED_BOUND:
        _DUMPED.clear()
    _DUMPED[id(command)] = (command, dumped)
    return dumped


def view_body(entry: Any, viewer: int, role: str) -> dict[str, Any]:
    """The ``GET /view`` answer (``schemas.ViewOut``'s shape) for a link of ``role``."""
    return _body(entry, viewer, role, False)[0]


def _body(entry: Any, viewer: int, role: str, typed: bool,
          same: tuple[str, ...] = ()) -> tuple[dict[str, Any], bool]:
    """``view_body``; ``typed``: as the ``view`` message, ``"type": "view"`` first (one
    ``orjson.dumps`` writes the message, no text joined around it), and without the shared
    parts named in ``same`` (``"same"`` lists them, last). With it: whether the link sees
    the seq as every link alike does (``_encoded``): no legal commands, no prompt's detail,
    the public view itself."""
    hosted = entry.hosted
    ruleset = hosted.ruleset
    state = entry.game.state
    seq = entry.seq
    frames = frames_of(entry) if seq == entry.committed else None
    common = frames.common if frames is not None else None
    if common is None:
        common = _common(entry)
        if frames is not None:
            frames.common = common
    p, live, countdown, shown, clock = common
    acting = live and viewer != SPECTATOR and viewer in p.seats
    # a game whose rules let seats act at any time (cards, deals, a reaction setting:
    # ``Pending.anytime``) gives those seats their legal commands too, while another is waited for
    anytime = live and viewer != SPECTATOR and p.admits(viewer)
    legal: list[dict[str, Any]] = []
    extras: dict[str, Any] = {}
    if acting or anytime:
        made = frames.acting.get(viewer) if frames is not None else None
        if made is None:
            with hosted.look(state, viewer):  # what the two ask alike is made once
                made = ([_dump(c) for c in ruleset.legal_actions(state, viewer)],
                        hosted.extras(state, viewer) if acting else {})
            if frames is not None:
                frames.acting[viewer] = made
        legal, extras = made
        if acting:  # the prompt's detail is the acting seats' alone
            shown = {"seats": list(p.seats), "prompt": p.prompt, "detail": p.detail}
    if typed:
        view, public = _view(entry, frames, viewer, True, same)
        message = {
            "type": "view",
            "seq": seq, "viewer": viewer, "role": role, "status": entry.status,
            "view": view, "pending": shown,
            "legal": legal, "extras": extras, "countdown": countdown, "clock": clock,
        }
        if same:
            message["same"] = list(same)
        return message, public and not (acting or anytime)
    return {
        "seq": seq, "viewer": viewer, "role": role, "status": entry.status,
        "view": _view(entry, frames, viewer)[0], "pending": shown,
        "legal": legal, "extras": extras, "countdown": countdown, "clock": clock,
    }, False


def _common(entry: Any) -> tuple[Any, bool, dict[str, Any] | None, dict[str, Any] | None,
                                 dict[str, Any] | None]:
    """What every link's view of a seq shows alike (``Frames.common``): the game's
    ``Pending``, whether it is live (waits for someone, not finished), the countdown, the
    ``pending`` shown to a link that does not act (shared, read only) and the clock."""
    p = pending_of(entry)
    shown = {"seats": list(p.seats), "prompt": p.prompt, "detail": None} if p else None
    return p, p is not None and not entry.finished, _countdown(entry), shown, _clock(entry)


def _clock(entry: Any) -> dict[str, Any] | None:
    """The clock (``Entry.clock``) as ``ClockOut`` writes it."""
    clock = entry.clock()
    return None if clock is None else ClockOut(**clock).model_dump(mode="json")


def _countdown(entry: Any) -> dict[str, Any] | None:
    """The live countdown (``Entry.countdown``) as ``CountdownOut`` writes it (rare: the
    model's own serializer keeps its time format)."""
    countdown = entry.countdown()
    return None if countdown is None else CountdownOut(**countdown).model_dump(mode="json")


HEAD = '{"type":"view",'
HEAD_BYTES = HEAD.encode()


def view_json(entry: Any, viewer: int, role: str) -> bytes:
    """The view's JSON (``view_body``): the ``view`` message's, without its type."""
    if entry.seq != entry.committed:  # a command is being written: nothing to share yet
        return dumpb(view_body(entry, viewer, role))
    return b"{" + view_bytes(entry, viewer, role)[len(HEAD):]


def view_message(entry: Any, viewer: int, role: str) -> str:
    """``{"type": "view", ...}``, made once per link kind at a committed seq."""
    if entry.seq != entry.committed:
        return dumps(_body(entry, viewer, role, True)[0])
    frames = frames_of(entry)
    text = frames.views.get((viewer, role))
    if text is None:
        text = frames.views[(viewer, role)] = view_bytes(entry, viewer, role).decode()
    return text


def view_bytes(entry: Any, viewer: int, role: str, held: Parts | None = None) -> bytes:
    """``view_message`` encoded (what a push writes), made once per link kind at a
    committed seq: orjson's bytes as they are, the text decoded only when one is asked.
    ``held``: the parts of the view the socket was last sent (``Frames.parts`` of that
    seq): those still the same are left out (``"same"``)."""
    if entry.seq != entry.committed:
        return dumpb(_body(entry, viewer, role, True)[0])
    frames = frames_of(entry)
    if held:
        return _delta_bytes(entry, frames, viewer, role, held)
    data = frames.encoded.get((viewer, role))
    if data is None:
        data = _encoded(entry, frames, viewer, role)
        frames.encoded[(viewer, role)] = data
        _release(frames, entry)
    return data


def _delta_bytes(entry: Any, frames: Frames, viewer: int, role: str, held: Parts) -> bytes:
    """``view_bytes`` for a socket holding a view made of the parts ``held``."""
    key = (viewer, role, held)
    data = frames.encoded.get(key)
    if data is None:
        same = frames.same.get(held)
        if same is None:
            if getattr(entry.hosted.ruleset, "public_view", None) is not None:
                _shared(entry, frames)
            same = frames.same[held] = tuple(k for k, d in frames.parts or () if (k, d) in held)
        data = _encoded(entry, frames, viewer, role, same)
        frames.encoded[key] = data
        _release(frames, entry)
    return data


def _encoded(entry: Any, frames: Frames, viewer: int, role: str,
             same: tuple[str, ...] = ()) -> bytes:
    """The ``view`` message of a committed seq encoded for ``viewer``, without the parts
    named in ``same``. A link that sees the seq alike with others (``_body``) gets the
    message they share, its tail written once (``Frames.alike``); another its own, copied
    out of orjson's bytes, which keep the whole buffer it wrote into (~10x the text), for as
    long as the frames are kept."""
    message, alike = _body(entry, viewer, role, True, same)
    if not alike:
        return bytes(memoryview(dumpb(message)))
    key = (role, same)
    tail = frames.alike.get(key)
    if tail is None:
        del message["type"], message["seq"], message["viewer"]
        tail = frames.alike[key] = dumpb(message)[1:]  # a copy: '"role":...}'
    return b'%s"seq":%d,"viewer":%d,%s' % (HEAD_BYTES, frames.seq, viewer, tail)


def _release(frames: Frames, entry: Any) -> None:
    """Once every seat's view of this seq is written, free what they were made of (the
    public view, the acting seat's legal commands and extras: a few hundred dicts and
    lists) now, while they are fresh in the CPU's caches and before a young collection
    moves them to an older generation, rather than when the frames are dropped ``KEEP``
    games later (2% of the loop's CPU under load, ``docs/performance.md``). A view asked
    later (a spectator's, a ``GET /view``) makes them again."""
    if frames.public is None and not frames.acting:
        return
    seats = len(getattr(entry.game.state, "players", ()))
    if not seats or len(frames.encoded) < seats:
        return
    if len({key[0] for key in frames.encoded if key[1] == "seat"}) >= seats:
        frames.public = frames.written = None
        frames.acting.clear()
        frames.trimmed.clear()

