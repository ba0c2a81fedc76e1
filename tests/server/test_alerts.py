"""Your-turn alerts (``docs/operations.md``, "Alerts"): when a seat is told. Quiet hours in
the seat's time zone, and at most one alert per wait (a wait: from the game coming to the seat
to its leaving it), with a fake clock (``store.now``) driving both the game's appends and the
sweep."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server import store
from server.alerts import Alert, QuietHours, due, webhook_body, webhook_format
from server.app import create_app

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, service_of, view

NOON = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)  # 07:00 in New York, 13:00 in Paris


# --- quiet hours and "due" (pure) -----------------------------------------------------------


def test_quiet_hours_hold_in_the_seats_time_zone() -> None:
    paris = QuietHours(12 * 60, 14 * 60, "Europe/Paris")  # 12:00-14:00 Paris = 11-13 UTC
    assert paris.holds(NOON)
    assert not QuietHours(12 * 60, 14 * 60, "UTC").holds(NOON - timedelta(minutes=1))
    assert not paris.holds(NOON + timedelta(hours=1))  # 14:00 in Paris: over
    assert paris.ends_after(NOON) == NOON + timedelta(hours=1)
    assert paris.ends_after(NOON + timedelta(hours=2)) == NOON + timedelta(hours=2)


def test_quiet_hours_across_midnight() -> None:
    night = QuietHours(22 * 60, 7 * 60 + 30, "America/New_York")
    ny_2330 = datetime(2026, 11, 27, 4, 30, tzinfo=UTC)  # 23:30 EST
    assert night.holds(ny_2330)
    assert night.holds(ny_2330 + timedelta(hours=7, minutes=59))  # 07:29 EST
    assert not night.holds(ny_2330 + timedelta(hours=8, minutes=1))  # 07:31
    assert night.ends_after(ny_2330) == datetime(2026, 11, 27, 12, 30, tzinfo=UTC)
    assert not QuietHours(600, 600, "UTC").holds(NOON)  # start == end: no quiet time


def test_quiet_hours_follow_daylight_saving_time() -> None:
    """Paris leaves summer time on 2026-10-25: 08:00 local is 06:00 UTC before, 07:00 after."""
    morning = QuietHours(0, 8 * 60, "Europe/Paris")
    assert not morning.holds(datetime(2026, 10, 24, 6, 30, tzinfo=UTC))
    assert morning.holds(datetime(2026, 10, 26, 6, 30, tzinfo=UTC))


def test_an_alert_is_due_after_the_delay_and_outside_quiet_hours() -> None:
    began = NOON - timedelta(seconds=100)
    assert not due(NOON, began, 300, None)
    assert due(NOON, began, 60, None)
    assert not due(NOON, began, 60, QuietHours(11 * 60, 13 * 60, "UTC"))
    assert due(NOON, began, 60, QuietHours(13 * 60, 11 * 60, "UTC"))


# --- the webhook formats (pure) -------------------------------------------------------------


ALERT = Alert("t1", "Venus <night> & *co*", 1, "Ann @everyone", 42,
              "https://games.example.org/t/t1")


def test_the_webhook_format_is_told_by_the_host_unless_chosen() -> None:
    assert webhook_format("https://discord.com/api/webhooks/1/x", None) == "discord"
    assert webhook_format("https://hooks.slack.com/services/T/B/x", None) == "slack"
    assert webhook_format("https://example.org/hook", None) == "json"
    assert webhook_format("https://example.org/hook", "slack") == "slack"


def test_discord_gets_content_and_pings_nobody() -> None:
    body = webhook_body(ALERT, "discord")
    assert body["allowed_mentions"] == {"parse": []}
    assert "[open your seat](https://games.example.org/t/t1)" in body["content"]
    assert r"\*co\*" in body["content"]  # the name's markdown is shown, not applied


def test_slack_gets_mrkdwn_text_with_the_name_escaped() -> None:
    body = webhook_body(ALERT, "slack")
    assert body == {"text": "Your turn at *Venus &lt;night&gt; &amp; *co** (Ann @everyone): "
                            "<https://games.example.org/t/t1|open your seat>"}


def test_the_plain_json_is_unchanged() -> None:
    assert webhook_body(ALERT, "json") == {
        "event": "your_turn", "table": "t1", "table_name": "Venus <night> & *co*", "seat": 1,
        "seq": 42, "link": "https://games.example.org/t/t1"}


# --- the sweep, with a fake clock -----------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.t = NOON

    def __call__(self) -> datetime:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += timedelta(seconds=seconds)


class Table:
    """A started two-seat Venus table on an in-process server whose sweep the test runs."""

    def __init__(self, c: TestClient, clock: FakeClock) -> None:
        self.c = c
        self.clock = clock
        self.service = service_of(c)
        self.alerts: list[tuple[int, list[int]]] = []

        def record(table_id: str, seq: int, seats: list[int], test: bool = False) -> Any:
            self.alerts.append((seq, seats))
            return asyncio.sleep(0)

        self.service.notifier = record
        self.doc = open_table(c, seats=2)
        self.tid = self.doc["table_id"]

    def sweep_after(self, seconds: float) -> list[int]:
        """Advance the clock, sweep; the seats alerted by this sweep."""
        self.clock.advance(seconds)
        before = len(self.alerts)
        assert self.c.portal is not None  # inside the client's with-block
        self.c.portal.call(self.service.sweep)
        return [s for _, seats in self.alerts[before:] for s in seats]

    def act(self, rng: random.Random) -> int:
        """The acting seat plays one legal command; answer the seat acting next."""
        seat = acting_seat(self.c, self.doc)
        token = self.doc["seats"][seat]["token"]
        v = view(self.c, self.doc, token)
        legal = [a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock")]
        r = self.c.post(f"/api/tables/{self.tid}/commands", headers=h(token),
                        json={"seq": v["seq"], "client_id": uuid.uuid4().hex,
                              "command": rng.choice(legal or v["legal"])})
        assert r.status_code == 200, r.text
        return acting_seat(self.c, self.doc)

    def pass_turn(self, rng: random.Random) -> int:
        """Play until the game waits on another seat; answer that seat."""
        first = acting_seat(self.c, self.doc)
        for _ in range(300):
            if self.act(rng) != first:
                return acting_seat(self.c, self.doc)
        raise AssertionError("the turn never passed")

    def set_alerts(self, seat: int, **values: Any) -> dict[str, Any]:
        r = self.c.put(f"/api/tables/{self.tid}/seats/{seat}/alerts",
                       headers=h(self.doc["seats"][seat]["token"]), json=values)
        assert r.status_code == 200, r.text
        return dict(r.json())


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(store, "now", fake)
    return fake


@pytest.fixture
def table(db_url: str, tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    # the background sweep never runs (an hour apart): the test sweeps
    app = create_app(settings_for(db_url, tmp_path, notify_after=60,
                                  scheduler_interval=3600))
    with TestClient(app) as c:
        yield Table(c, clock)


def test_one_alert_per_wait(table: Table) -> None:
    rng = random.Random(3)
    first = acting_seat(table.c, table.doc)
    assert table.sweep_after(30) == []  # not waited long enough
    assert table.sweep_after(31) == [first]
    assert table.sweep_after(600) == []  # the same wait: told once
    # the seat plays part of its turn and leaves: still the same wait
    assert table.act(rng) == first
    assert table.sweep_after(600) == []
    # the turn passes: the other seat's wait begins now
    other = table.pass_turn(rng)
    assert other != first
    assert table.sweep_after(59) == []
    assert table.sweep_after(2) == [other]
    assert table.sweep_after(600) == []
    # the game comes back to the first seat: a new wait, a new alert
    while acting_seat(table.c, table.doc) != first:
        table.pass_turn(rng)
    assert table.sweep_after(61) == [first]
    assert table.sweep_after(61) == []


def test_a_wait_due_in_quiet_hours_is_alerted_when_they_end(table: Table) -> None:
    first = acting_seat(table.c, table.doc)
    settings = table.set_alerts(first, quiet_start="06:00", quiet_end="09:00",
                                time_zone="America/New_York")
    assert (settings["quiet_start"], settings["quiet_end"]) == ("06:00", "09:00")
    assert table.sweep_after(61) == []  # 07:01 in New York: quiet
    assert table.sweep_after(3600) == []  # 08:01
    assert table.sweep_after(3600) == [first]  # 09:01: the quiet hours are over
    assert table.sweep_after(600) == []


def test_a_wait_that_ends_in_quiet_hours_is_never_alerted(table: Table) -> None:
    rng = random.Random(5)
    first = acting_seat(table.c, table.doc)
    table.set_alerts(first, quiet_start="12:00", quiet_end="14:00", time_zone="UTC")
    assert table.sweep_after(120) == []
    other = table.pass_turn(rng)  # the first seat played in its quiet hours (from elsewhere)
    assert table.sweep_after(3 * 3600) == [other]  # only the seat the game waits on now


def test_alert_settings_are_checked_and_private(table: Table) -> None:
    seat0, seat1 = (s["token"] for s in table.doc["seats"])
    url = f"/api/tables/{table.tid}/seats/0/alerts"
    bad = [({"quiet_start": "22:00"}, "both a start and an end"),
           ({"quiet_start": "25:00", "quiet_end": "07:00"}, "quiet_start"),
           ({"time_zone": "Mars/Olympus"}, "unknown time zone"),
           ({"webhook_format": "teams"}, "webhook_format"),
           ({"email": "not-an-address"}, "email")]
    for body, words in bad:
        r = table.c.put(url, headers=h(seat0), json=body)
        assert r.status_code == 422 and words in r.json()["detail"]["message"], r.text
    assert table.c.get(url, headers=h(seat1)).status_code == 403  # another seat
    spectator = table.doc["spectator"]["token"]
    assert table.c.get(url, headers=h(spectator)).status_code == 403
    mine = table.c.get(url, headers=h(seat0)).json()
    assert mine["push_devices"] == 0 and len(mine["push_key"]) == 87
    lobby = table.c.get(f"/api/tables/{table.tid}", headers=h(spectator)).text
    table.set_alerts(0, webhook="https://hooks.example.org/me", email="me@example.org")
    lobby = table.c.get(f"/api/tables/{table.tid}", headers=h(spectator)).text
    assert "hooks.example.org" not in lobby and "me@example.org" not in lobby


REACTION_WINDOWS = {"avoid_calamity", "quarantine", "zap", "you_are_lost"}


def _play_to_a_reaction_window(c: TestClient, rng: random.Random) -> dict[str, Any] | None:
    """A new Star Traders table played at random until a reaction window waits on a seat;
    its prompt (None if the game ended first)."""
    r = c.post("/api/tables", json={"name": "Traders", "ruleset": "star-traders",
                                    "seats": 3, "options": {}})
    table = r.json()
    tid = table["table_id"]
    for i, link in enumerate(table["seats"]):
        c.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}, headers=h(link["token"]))
    c.post(f"/api/tables/{tid}/start", headers=h(table["host"]["token"]))
    for _ in range(2000):  # random play opens a window within a few dozen commands
        pending: dict[str, Any] | None = view(c, table, table["spectator"]["token"])["pending"]
        if pending is None or pending["prompt"] in REACTION_WINDOWS:
            return pending
        seat = pending["seats"][0]
        token = table["seats"][seat]["token"]
        v = view(c, table, token)
        r = c.post(f"/api/tables/{tid}/commands", headers=h(token),
                   json={"seq": v["seq"], "client_id": uuid.uuid4().hex,
                         "command": rng.choice(v["legal"])})
        assert r.status_code == 200, r.text
    return None


def test_a_star_traders_reaction_window_is_a_wait_of_its_own(
        db_url: str, tmp_path: Path, clock: FakeClock) -> None:
    """Timing Details (docs/star-traders.md, "Reaction windows"): a window that waits on a seat
    is a prompt of the game to that seat, so it gets its "your turn" alert like a turn."""
    app = create_app(settings_for(db_url, tmp_path, notify_after=60, scheduler_interval=3600))
    with TestClient(app) as c:
        service = service_of(c)
        alerted: list[int] = []

        def record(table_id: str, seq: int, seats: list[int], test: bool = False) -> Any:
            alerted.extend(seats)
            return asyncio.sleep(0)

        service.notifier = record
        rng = random.Random(11)
        pending = None
        for _ in range(10):  # a game may end before any window opens: then another table
            pending = _play_to_a_reaction_window(c, rng)
            if pending is not None:
                break
        assert pending is not None, "no reaction window opened in ten games"
        clock.advance(61)
        assert c.portal is not None  # inside the client's with-block
        c.portal.call(service.sweep)
        assert sorted(alerted) == sorted(pending["seats"])
