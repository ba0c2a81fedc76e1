// While you were away (docs/architecture.md, "Who played a command"): a command's first event
// says whose it is (``actor``) and who chose it (``by``: "player", "bot" or "clock"; an event
// of an older log says nothing: its player's). Here: each event's command told from the log,
// the log's lines of a bot's commands marked as the bot's ("Bob's bot declares..."), and the
// stretch of the log since a seat last played itself ("Since your last turn"), what a bot or
// a clock played for it among them included.

/** Who chose the command an event belongs to: ``{seat, by}`` (``by`` "player" for an event
 * before any command, or of a log that does not say). */
export function originOf(ev, before = null) {
  if (typeof ev.actor === "number") return { seat: ev.actor, by: ev.by || "player" };
  return before || { seat: null, by: "player" };
}

/** The origin of the command ``all``'s event ``seq`` belongs to (the last command opened at
 * or before it). */
export function originAt(all, seq) {
  for (let i = all.length - 1; i >= 0; i -= 1) {
    const ev = all[i];
    if (ev.seq <= seq && typeof ev.actor === "number") return originOf(ev);
  }
  return { seat: null, by: "player" };
}

/** ``entries`` cut where the one who chose the commands changes: [{origin, events}]. */
export function byOrigin(entries, first) {
  const runs = [];
  let origin = first;
  let run = null;
  for (const ev of entries) {
    origin = originOf(ev, origin);
    const key = origin.by === "player" ? "player" : `${origin.by}:${origin.seat}`;
    if (!run || run.key !== key) { run = { key, origin, events: [] }; runs.push(run); }
    run.events.push(ev);
  }
  return runs;
}

/** Whether a bot's moves for ``seat`` are worth marking: a person's seat (a bot's own seat,
 * named and listed as a bot, needs no mark). */
export function personAt(lobby, seat) {
  const s = lobby?.seats?.[seat];
  return !!s && (s.player || !s.bot);
}

/** A log line of a command a bot or a clock chose for ``name``'s seat, marked as such (its
 * ``by`` and ``seat`` say whose). */
export function markLine(line, origin, name) {
  if (line.kind === "turn") return line; // "Bob's turn" is nobody's move
  const mark = { by: origin.by, seat: origin.seat };
  if (origin.by === "clock") return { ...line, ...mark, text: `${line.text.replace(/\.$/, "")} (time ran out).` };
  const text = line.text.startsWith(`${name} `) ? `${name}'s bot ${line.text.slice(name.length + 1)}`
    : `${line.text.replace(/\.$/, "")} (${name}'s bot).`;
  return { ...line, ...mark, text };
}

/**
 * The log in words (``describe(events)``: the game's lines with the platform's take-backs),
 * each bot's or clock's command for a person's seat marked; ``all``: the log so far (whose
 * command the first entry belongs to), ``lobby``: the table (whose seats are persons').
 */
export function describeMarked(describe, entries, { all, lobby, who }) {
  if (!entries.length) return [];
  const out = [];
  for (const run of byOrigin(entries, originAt(all, entries[0].seq - 1))) {
    const lines = describe(run.events);
    const { seat, by } = run.origin;
    if (by === "player" || seat === null || !personAt(lobby, seat)) out.push(...lines);
    else out.push(...lines.map((l) => markLine(l, run.origin, who(seat))));
  }
  return out;
}

/**
 * Since ``seat`` last played itself: ``{start, stop, played}``, the stretch of ``events``
 * from after the last command its player chose to the end (from the first command when it
 * never played itself but a bot or a clock did for it), and whether in it another seat
 * played or a bot or a clock played for this one; null when the log does not say who chose
 * its commands (an older server) or the seat has not played yet.
 */
export function sinceMyMove(events, seat) {
  let mine = -1;
  let told = false;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const ev = events[i];
    if (typeof ev.actor !== "number") continue;
    told = true;
    if (ev.actor === seat && (ev.by || "player") === "player") { mine = i; break; }
  }
  if (!told) return null;
  if (mine < 0) { // never played itself: what a bot or a clock played for it, from the start
    if (!events.some((ev) => ev.actor === seat && ev.by && ev.by !== "player")) return null;
    const start = events.findIndex((ev) => typeof ev.actor === "number");
    return { start, stop: events.length, played: true };
  }
  let start = mine + 1;
  while (start < events.length && typeof events[start].actor !== "number") start += 1;
  const played = events.slice(start).some((ev) => typeof ev.actor === "number"
    && (ev.actor !== seat || (ev.by || "player") !== "player"));
  return { start, stop: events.length, played };
}

/** The events of ``stretch`` a bot (or a clock) chose for ``seat``. */
export function playedFor(stretch, seat, first = null) {
  return byOrigin(stretch, first || { seat: null, by: "player" })
    .filter((run) => run.origin.seat === seat && run.origin.by !== "player")
    .flatMap((run) => run.events);
}

/** The events of ``events`` that belong to commands of ``seat`` (its player's, or a bot's or
 * a clock's for it): a command another seat played is not played for this one, even when it
 * moves this seat's ship (the exit of a navigation space is the left neighbour's to choose).
 * Events before the first that names its command, or of a log that names none, are kept. */
export function ofSeat(events, seat) {
  let whose = null;
  return events.filter((ev) => {
    if (typeof ev.actor === "number") whose = ev.actor;
    return whose === null || whose === seat;
  });
}

/** Whether any of ``events`` opens a command a bot chose for ``seat``. */
export function botOpened(events, seat) {
  return events.some((ev) => ev.actor === seat && ev.by === "bot");
}

/** ``sinceMyMove`` for a log that does not say who chose its commands: from the end of the
 * seat's last turn (its ``TurnEnded``) to the start of its next (``stop``); ``played``:
 * another seat's turn started meanwhile. Null before the seat's first turn ended. */
export function sinceMyTurn(events, seat) {
  let end = -1;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].type === "TurnEnded" && events[i].data?.seat === seat) { end = i; break; }
  }
  if (end < 0) return null;
  let stop = events.length;
  for (let i = end + 1; i < events.length; i += 1) {
    if (events[i].type === "TurnStarted" && events[i].data?.seat === seat) { stop = i; break; }
  }
  const played = events.slice(end + 1, stop).some((e) => e.type === "TurnStarted" && e.data?.seat !== seat);
  return { start: end + 1, stop, played };
}
