"""Your-turn alerts: when a waiting seat is told, and what the message says on each channel.

A *wait* begins when the game comes to a seat (its turn, or a prompt such as a reaction
window) and ends when the game stops waiting on it. Each wait gets at most one
alert, sent on every channel the seat chose (Web Push, webhook, e-mail) at once
(``docs/rulings.md``, "Your-turn alerts"). An alert goes out when the seat has waited
``notify_after`` seconds with no tab of it open, and not during the seat's quiet hours: an
alert due in quiet hours goes out when they end, if the game still waits.

Everything here is pure (no clock, no I/O): the sweep passes ``now``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

WebhookFormat = Literal["json", "discord", "slack"]
FORMATS: tuple[WebhookFormat, ...] = ("json", "discord", "slack")


@dataclass(frozen=True)
class QuietHours:
    """From ``start`` to ``end`` (minutes after midnight, in ``zone``) no alert goes out.
    ``start > end`` spans midnight (22:00-07:00); ``start == end`` is no quiet time."""

    start: int
    end: int
    zone: str = "UTC"

    def tz(self) -> ZoneInfo:
        return time_zone(self.zone) or ZoneInfo("UTC")

    def holds(self, now: datetime) -> bool:
        local = now.astimezone(self.tz())
        minute = local.hour * 60 + local.minute
        if self.start == self.end:
            return False
        if self.start < self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end

    def ends_after(self, now: datetime) -> datetime:
        """The first moment at or after ``now`` outside the quiet hours (``now`` itself when
        they do not hold). Computed in the zone's local time, so a DST change is followed."""
        if not self.holds(now):
            return now
        local = now.astimezone(self.tz())
        end = local.replace(hour=self.end // 60, minute=self.end % 60, second=0, microsecond=0)
        if end <= local:
            end += timedelta(days=1)
        return end.astimezone(UTC)


def time_zone(name: str | None) -> ZoneInfo | None:
    """The IANA zone of that name, or None when unknown."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def quiet_hours(row: Any) -> QuietHours | None:
    """A seat row's quiet hours, if it set some."""
    if row.quiet_start is None or row.quiet_end is None:
        return None
    return QuietHours(row.quiet_start, row.quiet_end, row.time_zone or "UTC")


def due(now: datetime, wait_since: datetime, notify_after: float,
        quiet: QuietHours | None) -> bool:
    """Whether a wait that began at ``wait_since`` (and has not had its alert) is alerted now:
    it has lasted ``notify_after`` seconds and the seat's quiet hours do not hold."""
    if (now - wait_since).total_seconds() < notify_after:
        return False
    return quiet is None or not quiet.holds(now)


def minutes(text: str) -> int:
    """``"HH:MM"`` as minutes after midnight."""
    hours, _, mins = text.partition(":")
    return int(hours) * 60 + int(mins)


def clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


# --- the message ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Alert:
    """One "your turn" for a seat. ``link`` opens the table (the seat's browser holds its
    session; no token is ever sent to a webhook, an inbox or a push service)."""

    table_id: str
    table_name: str
    seat: int
    player: str
    seq: int
    link: str
    test: bool = False
    # the one "time is running out" alert of a move (docs/architecture.md, "Clocks"): the
    # seconds left before a bot plays it; None for a "your turn"
    left: int | None = None

    @property
    def title(self) -> str:
        if self.test:
            return "Starport: a test alert"
        if self.left is not None:
            return f"Time is running out at {self.table_name}"
        return f"Your turn at {self.table_name}"

    @property
    def text(self) -> str:
        if self.test:
            return (f"{self.player}, this is a test: alerts for your seat at "
                    f"“{self.table_name}” reach you here.")
        if self.left is not None:
            return (f"{self.player}, your move at table “{self.table_name}” has "
                    f"{duration(self.left)} left: then a bot plays it for you. "
                    f"Open your seat to play: {self.link}")
        return (f"{self.player}, the game at table “{self.table_name}” is waiting for you. "
                f"Open your seat to play: {self.link}")

    @property
    def mail(self) -> str:
        """The e-mail's body: the words, and how to stop them."""
        return (f"{self.text}\n\nYou get one e-mail each time the game waits for you. To stop "
                "them, or to set quiet hours, open your seat and change “Alerts when you're "
                "away” in its panel.\n")

    def json(self) -> dict[str, Any]:
        """The plain JSON webhook body (as it always was, plus ``test`` when it is one)."""
        event = "test" if self.test else "your_turn" if self.left is None else "running_out"
        body: dict[str, Any] = {"event": event,
                                "table": self.table_id, "table_name": self.table_name,
                                "seat": self.seat, "seq": self.seq, "link": self.link}
        if self.left is not None and not self.test:
            body["seconds_left"] = self.left
        return body

    def push(self) -> dict[str, Any]:
        """What the service worker gets (encrypted to the browser): a notification's words
        and the page to open."""
        return {"title": self.title, "body": self.text.split(" Open your seat")[0],
                "link": self.link, "table": self.table_id, "seat": self.seat,
                "test": self.test}


def duration(seconds: int) -> str:
    """``seconds`` in words: "45 seconds", "12 minutes", "3 hours", "2 days"."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size or (unit == "minute" and seconds >= size):
            count = round(seconds / size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def webhook_format(url: str, chosen: str | None) -> WebhookFormat:
    """The seat's chosen format, else the one its URL's host speaks (Discord's and Slack's
    incoming webhooks), else plain JSON."""
    if chosen in FORMATS:
        return chosen
    host = (urlsplit(url).hostname or "").lower()
    if host in ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"):
        return "discord"
    if host == "hooks.slack.com":
        return "slack"
    return "json"


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _discord_escape(text: str) -> str:
    out = text
    for ch in "\\*_~`|[]()":
        out = out.replace(ch, "\\" + ch)
    return out


def _head(alert: Alert) -> str:
    """A chat message's first words."""
    if alert.test:
        return "Test: alerts reach this channel for"
    if alert.left is not None:
        return f"Time is running out ({duration(alert.left)} left, then a bot plays) at"
    return "Your turn at"


def webhook_body(alert: Alert, fmt: WebhookFormat) -> dict[str, Any]:
    """The body of the webhook's POST in ``fmt``: Discord's ``content`` (markdown, nobody
    pinged whatever the table's name says), Slack's ``text`` (mrkdwn, ``<url|label>``), or
    the plain JSON."""
    if fmt == "discord":
        name = _discord_escape(alert.table_name)
        head = _head(alert)
        return {"username": "Starport",
                "content": f"{head} **{name}** ({_discord_escape(alert.player)}): "
                           f"[open your seat]({alert.link})",
                "allowed_mentions": {"parse": []}}
    if fmt == "slack":
        name = _slack_escape(alert.table_name)
        head = _head(alert)
        return {"text": f"{head} *{name}* ({_slack_escape(alert.player)}): "
                        f"<{alert.link}|open your seat>"}
    return alert.json()
