"""A game's pushes written at once (``docs/performance.md``, The levers): the frame
``server/wsproto.py``
writes straight to the transport, and the hub's direct pushes (``Hub._game_moved``) that do
without waking each socket's sender task. On the wire the messages are the same as the
sender's (``test_ws_commands.py`` plays whole games over a real server with them); here,
what each piece promises."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from server import wsproto
from server.hub import Hub, Subscriber

# --- the frame ------------------------------------------------------------------------------


class Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing


async def _app(scope: Any, receive: Any, send: Any) -> None:
    """Never called: the protocol is driven by hand."""


@pytest.fixture
def opened() -> Iterator[tuple[wsproto.Protocol, Transport]]:
    """Our protocol after its handshake, writing to a recording transport."""
    config = Config(_app, ws_per_message_deflate=False)
    config.load()
    loop = asyncio.new_event_loop()
    proto = wsproto.Protocol(config, ServerState(), {}, _loop=loop)
    transport = Transport()
    proto.transport = transport  # type: ignore[assignment]  # a recording fake
    proto.handshake_complete = True
    proto.conn.state = State.OPEN
    yield proto, transport
    loop.close()


def test_send_now_writes_one_frame_on_an_open_connection(
        opened: tuple[wsproto.Protocol, Transport]) -> None:
    proto, transport = opened
    assert proto.send_now(b'{"type":"events"}')
    assert transport.written == [Frame(Opcode.TEXT, b'{"type":"events"}').serialize(mask=False)]


@pytest.mark.parametrize("state", ["paused", "close_sent", "disconnected", "handshaking",
                                   "closing_conn", "closing_transport"])
def test_send_now_leaves_every_other_case_to_the_normal_way(
        state: str, opened: tuple[wsproto.Protocol, Transport]) -> None:
    """Back-pressure (the transport paused: uvicorn's ``writable`` cleared), a close sent or
    received, a lost connection, the handshake not done: nothing written, False, so the
    caller's ASGI send waits or fails exactly as it did before."""
    proto, transport = opened
    if state == "paused":
        proto.pause_writing()
    elif state == "close_sent":
        proto.close_sent = True
    elif state == "disconnected":
        proto.disconnected = True
    elif state == "handshaking":
        proto.handshake_complete = False
    elif state == "closing_conn":
        proto.conn.state = State.CLOSING
    else:
        transport.closing = True
    assert not proto.send_now(b"{}")
    assert transport.written == []
    if state == "paused":  # once the buffer drains, frames go at once again
        proto.resume_writing()
        assert proto.send_now(b"{}")


@pytest.mark.parametrize("n", [0, 1, 124, 125, 126, 65535, 65536, 70000])
def test_send_frames_writes_the_frame_of_the_joined_parts(
        n: int, opened: tuple[wsproto.Protocol, Transport]) -> None:
    """One frame whose payload is the parts joined (bytes and views of bytes), in one write,
    at every length class of the header; declined like ``send_now``."""
    proto, transport = opened
    payload = bytes(range(256)) * (n // 256) + b"y" * (n % 256)
    cut = n // 3
    assert proto.send_frames([[payload[:cut], memoryview(payload)[cut:n - 1],
                               payload[n - 1:]]])
    assert transport.written == [Frame(Opcode.TEXT, payload).serialize(mask=False)]
    proto.pause_writing()
    assert not proto.send_frames([[payload]])
    assert len(transport.written) == 1


@pytest.mark.parametrize("n", [0, 125, 126, 70000])
def test_send_frames_writes_several_frames_in_the_same_write(
        n: int, opened: tuple[wsproto.Protocol, Transport]) -> None:
    """The frame of the parts, then a frame of the next one's, one write (a seat's events
    and its ``your_turn``); declined whole like ``send_now``."""
    proto, transport = opened
    payload, turn = b"e" * n, b'{"type":"your_turn","seq":7,"prompt":""}'
    assert proto.send_frames([[payload[:n // 2], memoryview(payload)[n // 2:]], [turn]])
    assert transport.written == [Frame(Opcode.TEXT, payload).serialize(mask=False)
                                 + Frame(Opcode.TEXT, turn).serialize(mask=False)]
    proto.pause_writing()
    assert not proto.send_frames([[payload], [turn]])
    assert len(transport.written) == 1


@dataclass
class Socket:
    """A Starlette websocket's part ``send_text`` uses."""

    scope: dict[str, Any]
    sent: list[str] = field(default_factory=list)

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def test_send_text_goes_the_asgi_way_without_our_protocol_or_when_it_declines() -> None:
    plain = Socket({"extensions": {"websocket.http.response": {}}})
    asyncio.run(wsproto.send_text(plain, "a"))  # type: ignore[arg-type]
    assert plain.sent == ["a"]

    fast: list[bytes] = []

    def write(payload: bytes) -> bool:
        fast.append(payload)
        return True

    ours = Socket({"extensions": {wsproto.FAST: write}})
    asyncio.run(wsproto.send_text(ours, "b"))  # type: ignore[arg-type]
    assert (fast, ours.sent) == ([b"b"], [])

    declined = Socket({"extensions": {wsproto.FAST: lambda b: False}})
    asyncio.run(wsproto.send_text(declined, "c"))  # type: ignore[arg-type]
    assert declined.sent == ["c"]


# --- the hub's direct pushes ----------------------------------------------------------------


def _sub(viewer: int, direct: bool = True) -> Subscriber:
    sub = Subscriber("t1", viewer, "spectator", sent=0)  # no presence pokes
    if direct:
        sub.direct = lambda frames: True  # a socket that can be written at once
    return sub


def _hub(pushed: list[int], declines: tuple[int, ...] = ()) -> Hub:
    """A hub whose game pushes record the sockets handed to them and decline ``declines``."""
    hub = Hub()

    def pusher(table_id: str, subs: list[Subscriber]) -> list[Subscriber]:
        pushed.extend(s.viewer for s in subs)
        return [s for s in subs if s.viewer in declines]

    hub.pusher = pusher
    return hub


async def _parked(subs: list[Subscriber]) -> list[asyncio.Task[set[str]]]:
    """Each socket's sender waiting for a poke, as ``ws._send_loop`` does between pushes."""
    tasks = [asyncio.ensure_future(s.woken()) for s in subs]
    await asyncio.sleep(0)
    return tasks


def test_a_moved_game_is_pushed_to_its_idle_sockets_on_the_next_turn_without_waking_them(
        ) -> None:
    async def run() -> None:
        pushed = list[int]()
        hub = _hub(pushed)
        subs = [_sub(seat) for seat in range(4)]
        for s in subs:
            hub.add(s)
        tasks = await _parked(subs)
        hub.hint("g", "t1", 5)
        # not yet: the command that moved the game leaves its ack first (ws._command)
        assert pushed == [] and all(s.queued for s in subs)
        hub.hint("g", "t1", 5)  # a second hint before the push: still one push each
        await asyncio.sleep(0)
        assert sorted(pushed) == [0, 1, 2, 3]
        assert not any(s.queued for s in subs)
        assert not any(t.done() for t in tasks)  # no sender was woken
        for t in tasks:
            t.cancel()

    asyncio.run(run())


def test_a_socket_the_push_cannot_serve_wakes_its_sender() -> None:
    """Declined (a turn to announce, events not in memory, a full buffer), busy sending,
    poked for something else meanwhile, or without a direct way: the sender does it."""

    async def run() -> None:
        pushed = list[int]()
        hub = _hub(pushed, declines=(0,))
        declines = _sub(0)
        busy = _sub(1)  # its sender is not waiting (sending something else)
        chatted = _sub(2)
        plain = _sub(3, direct=False)
        for s in (declines, busy, chatted, plain):
            hub.add(s)
        tasks = await _parked([declines, chatted, plain])
        hub.hint("g", "t1", 5)
        assert plain.kinds == {"g"} and busy.kinds == {"g"}  # at once
        chatted.poke("c")  # between the hint and the push
        for _ in range(3):
            await asyncio.sleep(0)
        assert pushed == [0]  # tried, declined; the chatted one was not tried
        # what each sender sees: its wake-up now, or what waits for its next one
        seen = [(t.result() if t.done() else set()) | s.kinds
                for t, s in zip(tasks, (declines, chatted, plain), strict=True)]
        assert seen == [{"g"}, {"c", "g"}, {"g"}]
        assert all(t.done() for t in tasks)

    asyncio.run(run())


# --- a seat's turn, pushed at once ----------------------------------------------------------


def _turn_case(db_url: str, tmp_path: Any, accept: int) -> tuple[list[Any], bool, Any, Any]:
    """A seat's socket that has not been told of its turn, the game moved by a command:
    ``pushes.push_game`` with a socket that takes ``accept`` writes. The frames written
    (parsed; a write may hold two), the answer, the subscriber afterwards and the frames
    the sender then writes."""
    import orjson

    from server import pushes, ws

    from .test_group_commit import next_command, run, started_game

    out: list[Any] = []

    async def body(service: Any) -> None:
        table_id = await started_game(service)
        seat, seq, command = await next_command(service, table_id)
        await service.submit(table_id, seat, seq, "c1", command)
        entry = await service.entry(table_id)
        waited = entry.pending_seats()[0]
        sub = Subscriber(table_id, waited, "seat", sent=seq, want_view=True,
                         inline_view=True)
        written: list[bytes] = []

        writes = 0

        def fast(frames: list[list[bytes | memoryview]]) -> bool:
            nonlocal writes
            if writes >= accept:
                return False
            writes += 1
            written.extend(b"".join(parts) for parts in frames)
            return True

        sub.direct = fast
        answer = not pushes.push_game(service, table_id, [sub])
        sender = Socket({"extensions": {}})
        await ws._send_events(service, sender, sub)  # type: ignore[arg-type]
        out.extend([[orjson.loads(w) for w in written], answer, sub,
                    [orjson.loads(t) for t in sender.sent]])

    run(db_url, tmp_path, body)
    return out[0], out[1], out[2], out[3]


def test_a_seat_whose_turn_begins_gets_its_events_then_your_turn_at_once(
        db_url: str, tmp_path: Any) -> None:
    """The push of a socket whose seat the game now waits for writes what its sender would
    (``_send_events``): the events with the view, then ``your_turn``; nothing is left to the
    sender."""
    frames, answer, sub, later = _turn_case(db_url, tmp_path, accept=1)  # one write
    assert answer is True
    assert [f["type"] for f in frames] == ["events", "your_turn"]
    assert "view" in frames[0] and frames[1]["seq"] == frames[0]["events"][-1]["seq"]
    assert sub.was_pending and sub.sent == frames[1]["seq"]
    assert later == []


def test_events_and_your_turn_the_socket_cannot_take_at_once_are_left_to_the_sender(
        db_url: str, tmp_path: Any) -> None:
    """Both frames go in one write or neither does: the sender then writes both, in order."""
    frames, answer, sub, later = _turn_case(db_url, tmp_path, accept=0)
    assert answer is False and frames == []
    assert [f["type"] for f in later] == ["events", "your_turn"]
    assert later[1]["seq"] == later[0]["events"][-1]["seq"] == sub.sent
    assert sub.was_pending


# --- a game's push, once for all its sockets --------------------------------------------------


def _record(written: list[bytes], frames: list[list[bytes | memoryview]]) -> bool:
    """A socket's ``direct`` that writes at once: each frame's payload."""
    written.extend(b"".join(parts) for parts in frames)
    return True


def _twins(db_url: str, tmp_path: Any, commands: int
           ) -> tuple[list[list[bytes]], list[list[bytes]], dict[str, int]]:
    """A game played ``commands`` commands, watched by both seats, a second tab of seat 0
    and a spectator, each with a twin: the sockets pushed by ``pushes.push_game`` after each
    commit (the acting seat's ack left as ``ws._command`` leaves it), their twins served by
    their sender (``ws._send_events``, ``_lone_ack``). The frames of each, in order, and how
    often the push asked the game for what it gives."""
    from engine.kernel import SPECTATOR
    from server import frames, pushes, ws

    from .test_group_commit import next_command, run, started_game

    pushed: list[list[bytes]] = []
    served: list[list[bytes]] = []
    asked = {"pending": 0, "events": 0, "texts": 0}

    async def body(service: Any) -> None:
        table_id = await started_game(service)
        entry = await service.entry(table_id)
        # the last two take views without the parts they hold (hello view_delta)
        links = [(0, "seat", False), (1, "seat", False), (0, "seat", False),
                 (SPECTATOR, "spectator", False), (1, "seat", True),
                 (SPECTATOR, "spectator", True)]
        subs, twins, sockets = [], [], []
        for viewer, role, delta in links:
            written: list[bytes] = []
            pushed.append(written)
            sub = Subscriber(table_id, viewer, role, sent=entry.seq, want_view=True,
                             inline_view=True, inline_ack=True, view_delta=delta)
            sub.direct = functools.partial(_record, written)
            subs.append(sub)
            twins.append(Subscriber(table_id, viewer, role, sent=entry.seq, want_view=True,
                                    inline_view=True, inline_ack=True, view_delta=delta))
            sockets.append(Socket({"extensions": {}}))
        for n in range(commands):
            if entry.pending() is None:
                break
            seat, seq, command = await next_command(service, table_id)
            out = await service.submit(table_id, seat, seq, f"c{n}", command)
            ack = {"client_id": f"c{n}", "first_seq": out.first_seq, "seq": out.seq,
                   "duplicate": out.duplicate}
            subs[seat].ack, twins[seat].ack = dict(ack), dict(ack)
            pushes.push_game(service, table_id, subs)
            for twin, socket in zip(twins, sockets, strict=True):
                await ws._send_events(service, socket, twin)  # type: ignore[arg-type]
                await ws._lone_ack(socket, twin)  # type: ignore[arg-type]
        for socket in sockets:
            served.append([t.encode() for t in socket.sent])
        # one more command, counted: what one push of the four sockets asks the game
        seat, seq, command = await next_command(service, table_id)
        await service.submit(table_id, seat, seq, "last", command)
        for viewer, role, _ in links:  # the views (made once per link kind: frames.py) first
            frames.view_message(entry, viewer, role)
        real = (frames.pending_of, service.events_in_memory, frames._events_text)

        def counted(key: str, fn: Any) -> Any:
            def call(*args: Any) -> Any:
                asked[key] += 1
                return fn(*args)
            return call

        frames.pending_of = counted("pending", real[0])
        service.events_in_memory = counted("events", real[1])
        frames._events_text = counted("texts", real[2])
        try:
            assert not pushes.push_game(service, table_id, subs)
        finally:
            frames.pending_of, frames._events_text = real[0], real[2]
        for written in pushed:
            written.pop()  # the counted push's frame

    run(db_url, tmp_path, body)
    return pushed, served, asked


def test_a_game_push_writes_what_each_socket_s_sender_writes_byte_for_byte(
        db_url: str, tmp_path: Any) -> None:
    """Seats, a second tab, a spectator (private events redacted), a seat and a spectator
    taking views without the parts they hold (``view_delta``): the frames a game's push
    writes are the sender's, in its order, the ack in its command's frame, your_turn after."""
    pushed, served, _ = _twins(db_url, tmp_path, commands=40)
    assert pushed == served
    assert not any(b'"same":[' in f for f in pushed[1] + pushed[3])
    assert all(sum(b'"same":[' in f for f in pushed[i]) > 20 for i in (4, 5))
    acks = [f for f in pushed[0] + pushed[1] if b'"ack":' in f]
    assert len(acks) == len(pushed[3])  # every command's ack, in its events' frame
    assert not any(b'"ack":' in f for f in pushed[3])  # the spectator's frames carry none
    assert any(f.startswith(b'{"type":"your_turn"') for f in pushed[0] + pushed[1])


def test_a_game_push_asks_the_game_once_for_all_its_sockets(db_url: str, tmp_path: Any
                                                               ) -> None:
    """Who the game waits for, its new events and (public ones) their message: once per
    game and push, not once per socket."""
    _, _, asked = _twins(db_url, tmp_path, commands=1)
    assert asked["pending"] == 1 and asked["events"] == 1
    assert asked["texts"] <= 2  # one per audience: the seats' and, if private, the others'
