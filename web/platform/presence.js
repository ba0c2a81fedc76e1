// Who is here: a seat is online while one of its tabs holds the table's websocket. The server
// pushes ``{type: "presence", online: [seats]}`` when a seat's first tab opens or its last
// one closes (a closed tab is offline within a second); the lobby carries the same flags.

/** The lobby with each seat's ``online`` flag set from a ``presence`` message (``self``: my
 * own seat, online while this tab is: the server does not tell a socket of itself). */
export function applyPresence(lobby, online, self = null) {
  const here = new Set(online);
  if (self !== null && self !== undefined) here.add(self);
  return { ...lobby, seats: lobby.seats.map((s) => ({ ...s, online: here.has(s.seat) })) };
}

/** A seat's presence in words and a class: online, offline, or a bot (always there). */
export function presenceOf(seatInfo) {
  if (!seatInfo) return null;
  if (seatInfo.bot) return { text: "bot", cls: "bot", title: "a bot plays this seat" };
  return seatInfo.online
    ? { text: "● online", cls: "online", title: "this player has the table open now" }
    : { text: "○ offline", cls: "offline", title: "no tab of this player is open" };
}

/** A small badge of a seat's presence (a span; empty for an unknown seat). */
export function presenceBadge(seatInfo) {
  const p = presenceOf(seatInfo);
  const span = document.createElement("span");
  if (!p) return span;
  span.className = `presence presence-${p.cls}`;
  span.textContent = p.text;
  span.title = p.title;
  return span;
}
