"""Async play through real server processes: the turn timer, "your turn" webhooks and
e-mails, and bots (the ``trader``) in seats.

The receivers (an HTTP server for webhooks, an SMTP server for e-mail) listen on loopback in
the test process; the server is told about them with environment variables.
"""

from __future__ import annotations

import json
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from engine.kernel.definition import GameDefinition
from server.app import create_app
from server.notify import _public_host

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, view
from .wsclient import Viewer

FAST = {"STARPORT_SCHEDULER_INTERVAL": "0.2", "STARPORT_MIN_TURN_TIMER": "1"}


def wait_for(check: Callable[[], Any], timeout: float = 20.0, step: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(step)
    raise AssertionError(f"not within {timeout} s")


def new_table(c: httpx.Client, seats: int = 2, **extra: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json={"name": "Async table", "seats": seats,
                                    "options": {"edition": "avalon-hill"}, **extra})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    for i, link in enumerate(table["seats"]):
        r = c.post(f"/api/tables/{table['table_id']}/join", json={"name": f"P{i}"},
                   headers=h(link["token"]))
        assert r.status_code == 200, r.text
    return table


def start(c: httpx.Client, table: dict[str, Any]) -> None:
    r = c.post(f"/api/tables/{table['table_id']}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text


def secrets_of(table: dict[str, Any]) -> list[str]:
    return [table["host"]["token"], table["spectator"]["token"],
            *(s["token"] for s in table["seats"])]


# --- 1. the turn timer --------------------------------------------------------------------


def test_a_timed_out_turn_is_played_by_a_bot_and_pushed(db_url: str, spawn: Any) -> None:
    server = spawn(db_url, env=FAST)
    with httpx.Client(base_url=server.base) as c:
        r = c.post("/api/tables", json={"seats": 2, "turn_timer": 0})
        assert r.status_code == 422
        timed = new_table(c, turn_timer=1)
        untimed = new_table(c)  # the timer is off by default
        assert c.get(f"/api/tables/{untimed['table_id']}",
                     headers=h(untimed["host"]["token"])).json()["turn_timer"] is None
        tid = timed["table_id"]
        viewers = [Viewer(server.ws_base, tid, t["token"]) for t in timed["seats"]]
        viewers.append(Viewer(server.ws_base, tid, timed["spectator"]["token"]))
        start(c, timed)
        start(c, untimed)
        first = acting_seat(c, timed)
        begun = view(c, timed, timed["spectator"]["token"])["seq"]
        still = view(c, untimed, untimed["spectator"]["token"])["seq"]

        # nobody acts: after a second the bot plays the waiting seat's turn to its end
        def turn_passed() -> bool:
            return acting_seat(c, timed) != first

        wait_for(turn_passed)
        head = view(c, timed, timed["spectator"]["token"])["seq"]
        assert head > begun
        for v in viewers:  # every client got the bot's events, in order, once
            v.until(head)
            v.assert_unbroken()
        turns = [e for e in viewers[-1].events if e["type"] == "TurnStarted"]
        assert turns[-1]["data"]["seat"] != first
        # the next seat's turn times out in its turn too, and the untimed game never moved
        wait_for(lambda: acting_seat(c, timed) == first)
        assert view(c, untimed, untimed["spectator"]["token"])["seq"] == still
        for v in viewers:
            v.close()


def test_a_player_who_acts_in_time_keeps_the_turn(db_url: str, spawn: Any) -> None:
    server = spawn(db_url, env=FAST)
    with httpx.Client(base_url=server.base) as c:
        table = new_table(c, turn_timer=3)
        start(c, table)
        seat = acting_seat(c, table)
        token = table["seats"][seat]["token"]
        for i in range(4):  # act every second: the 3 s timer never runs out
            v = view(c, table, token)
            if seat not in v["pending"]["seats"]:
                break
            cmd = next(a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock"))
            r = c.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                       json={"seq": v["seq"], "client_id": f"c{i}", "command": cmd})
            assert r.status_code == 200, r.text
            log = c.get(f"/api/tables/{table['table_id']}/log",
                        headers=h(table["spectator"]["token"])).json()
            assert all(e["type"] != "TurnStarted" or e["data"]["seat"] == seat
                       for e in log["events"]), "a bot took the turn of a player acting in time"
            time.sleep(1.0)


# --- 2. "your turn" by webhook and e-mail -------------------------------------------------


class Hooks(ThreadingHTTPServer):
    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        super().__init__(("127.0.0.1", 0), HookHandler)


class HookHandler(BaseHTTPRequestHandler):
    server: Hooks

    def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.posts.append({"path": self.path, "body": body.decode(),
                                  "type": self.headers.get("Content-Type", "")})
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


class Mailbox(socketserver.ThreadingTCPServer):
    """Just enough SMTP (RFC 5321) to take a message: EHLO/HELO, MAIL, RCPT, DATA, QUIT."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        super().__init__(("127.0.0.1", 0), SmtpHandler)


class SmtpHandler(socketserver.StreamRequestHandler):
    server: Mailbox

    def reply(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self.reply("220 test ESMTP")
        sender, rcpt = "", []
        while raw := self.rfile.readline():
            line = raw.decode().rstrip("\r\n")
            verb = line[:4].upper()
            if verb == "EHLO":
                self.reply("250-test")
                self.reply("250 8BITMIME")
            elif verb in ("HELO", "RSET", "NOOP"):
                self.reply("250 ok")
            elif verb == "MAIL":
                sender = line.split(":", 1)[1].strip()
                self.reply("250 ok")
            elif verb == "RCPT":
                rcpt.append(line.split(":", 1)[1].strip())
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 go on")
                data = []
                while (part := self.rfile.readline()) not in (b".\r\n", b""):
                    data.append(part)
                self.server.messages.append({"from": sender, "to": rcpt,
                                             "data": b"".join(data).decode()})
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 not here")


@pytest.fixture
def receivers() -> Iterator[tuple[Hooks, Mailbox]]:
    hooks, mail = Hooks(), Mailbox()
    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in (hooks, mail)]
    for t in threads:
        t.start()
    yield hooks, mail
    for s in (hooks, mail):
        s.shutdown()
        s.server_close()


def test_a_waiting_seat_gets_its_webhook_and_e_mail(db_url: str, spawn: Any,
                                                    receivers: tuple[Hooks, Mailbox]) -> None:
    hooks, mail = receivers
    server = spawn(db_url, env={
        **FAST, "STARPORT_NOTIFY_AFTER": "1", "STARPORT_WEBHOOK_ALLOW_PRIVATE": "1",
        "STARPORT_SMTP_HOST": "127.0.0.1", "STARPORT_SMTP_PORT": str(mail.server_address[1]),
        "STARPORT_SMTP_STARTTLS": "0", "STARPORT_SMTP_FROM": "starport@example.org",
        "STARPORT_PUBLIC_URL": "http://games.example.org"})
    with httpx.Client(base_url=server.base) as c:
        table = new_table(c, seats=3)
        tid = table["table_id"]
        for seat, link in enumerate(table["seats"]):
            r = c.post(f"/api/tables/{tid}/seats/{seat}/notify", headers=h(link["token"]),
                       json={"webhook": f"http://127.0.0.1:{hooks.server_address[1]}/s{seat}",
                             "email": f"p{seat}@example.org"})
            assert r.status_code == 200, r.text
        start(c, table)
        seat = acting_seat(c, table)
        seq = view(c, table, table["spectator"]["token"])["seq"]
        wait_for(lambda: hooks.posts and mail.messages)
        time.sleep(1.0)  # later sweeps send nothing more for the same wait
        assert len(hooks.posts) == 1 and len(mail.messages) == 1
        post = hooks.posts[0]
        assert post["path"] == f"/s{seat}" and post["type"].startswith("application/json")
        assert json.loads(post["body"]) == {
            "event": "your_turn", "table": tid, "table_name": "Async table", "seat": seat,
            "seq": seq, "link": f"http://games.example.org/t/{tid}"}
        message = mail.messages[0]
        assert message["to"] == [f"<p{seat}@example.org>"]
        assert message["from"] == "<starport@example.org>"
        assert "Subject: Your turn at Async table" in message["data"]
        assert f"http://games.example.org/t/{tid}" in message["data"]
        assert f"P{seat}" in message["data"]
        for text in (post["body"], message["data"]):  # no link token, no seed
            for secret in secrets_of(table):
                assert secret not in text
            assert "seed" not in text.lower()


def test_an_online_seat_is_not_notified_and_private_hooks_are_refused(
        db_url: str, spawn: Any, receivers: tuple[Hooks, Mailbox]) -> None:
    hooks, _ = receivers
    url = f"http://127.0.0.1:{hooks.server_address[1]}/x"
    assert not _public_host(url) and not _public_host("http://localhost/x")
    server = spawn(db_url, env={**FAST, "STARPORT_NOTIFY_AFTER": "1"})  # private: refused
    with httpx.Client(base_url=server.base) as c:
        table = new_table(c)
        for seat, link in enumerate(table["seats"]):
            c.post(f"/api/tables/{table['table_id']}/seats/{seat}/notify",
                   headers=h(link["token"]), json={"webhook": url})
        start(c, table)
        time.sleep(2.0)
        assert hooks.posts == []
    server.stop()  # (it would sweep the next table too: same database)
    allowed = spawn(db_url, env={**FAST, "STARPORT_NOTIFY_AFTER": "1",
                                 "STARPORT_WEBHOOK_ALLOW_PRIVATE": "1"})
    with httpx.Client(base_url=allowed.base) as c:
        table = new_table(c)
        tid = table["table_id"]
        for seat, link in enumerate(table["seats"]):
            c.post(f"/api/tables/{tid}/seats/{seat}/notify", headers=h(link["token"]),
                   json={"webhook": url})
        watching = [Viewer(allowed.ws_base, tid, s["token"]) for s in table["seats"]]
        start(c, table)
        time.sleep(2.0)
        assert hooks.posts == []  # the waiting seat has the game open: no webhook
        for v in watching:
            v.close()
        wait_for(lambda: hooks.posts)  # it left without playing: now the webhook goes out


# --- 3. bots in seats ---------------------------------------------------------------------


def test_a_table_of_bots_plays_on_by_itself_with_the_trader(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=3, bots=[0, 1, 2])
        spectator = table["spectator"]["token"]
        watcher = Viewer(server.ws_base, table["table_id"], spectator)

        def played_and_traded() -> bool:
            """Every seat took turns, and a bot bought something (a trader may spend its
            first turns exploring: 7.3; the game's seed is random), or 40 turns went by."""
            events = c.get(f"/api/tables/{table['table_id']}/log",
                           headers=h(spectator)).json()["events"]
            turns = sum(e["type"] == "TurnStarted" for e in events)
            return turns >= 40 or (turns >= 7 and any(e["type"] == "Bought" for e in events))

        wait_for(played_and_traded, timeout=90)
        watcher.until(view(c, table, spectator)["seq"])
        watcher.assert_unbroken()
        seats = {e["data"]["seat"] for e in watcher.events if e["type"] == "TurnStarted"}
        assert seats == {0, 1, 2}
        # the trader trades: by now some bot has bought Goods
        assert any(e["type"] == "Bought" for e in watcher.events), sorted(
            {e["type"] for e in watcher.events})
        watcher.close()


class Broken:
    name = "broken"

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def choose(self, view: Any, legal: Any, **kwargs: Any) -> Any:
        if self.mode == "raises":
            raise RuntimeError("a bug in the bot")
        from engine.venus.commands import parse_command

        return parse_command({"type": "EndTurn"})  # rarely legal at a turn's start


@pytest.mark.parametrize("mode", ["raises", "refused"])
def test_a_failing_seat_bot_falls_back_to_the_random_bot(
        mode: str, db_url: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def make_bot(definition: GameDefinition, name: str, seed: Any) -> Broken:
        made.append(name)
        return Broken(mode)

    monkeypatch.setattr(GameDefinition, "make_bot", make_bot)  # the seat's game makes its bots
    with TestClient(create_app(settings_for(db_url, tmp_path))) as c:
        table = open_table(c, seats=2, bots=[0, 1])
        wait_for(lambda: view(c, table, table["spectator"]["token"])["seq"] > 40)
    assert made == ["trader"]
