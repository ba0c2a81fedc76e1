// Clocks (docs/architecture.md, "Clocks"): the time the waited seats have left for their move
// (the table's time per move: then a bot plays it) or to answer (a reaction window: then
// silence passes), shown to everyone who sees the table -- the players' list, the line under
// the prompt, the lobby, "My games" -- and ticking live. The server sends the deadline on its
// own clock (``clock.deadline``) and, with each lobby and "My games" answer, its ``now``: this
// browser's clock is corrected by the difference (its skew), so every tab ticks alike.
//
// A clock element carries ``data-deadline`` (ms, the server's clock) and ``data-words`` (its
// words, "{}" standing for the time left); one timer redraws them all every second.
import { el } from "./dom.js";

let skew = 0; // the server's clock minus this browser's (ms)
let ticker = null;
const listeners = new Set(); // called on every tick (the player's warning)

/** Take the server's time from an answer's ``now`` (ISO), as the answer arrives. */
export function learnServerTime(now) {
  const t = Date.parse(now ?? "");
  if (Number.isFinite(t)) skew = t - Date.now();
}

/** The server's clock now (ms since the epoch). */
export function serverNow() { return Date.now() + skew; }

/** Milliseconds left before a deadline (ms, the server's clock) of a clock ``seconds`` long:
 * never more than its length (the skew learnt late, by an answer's way here, would show a
 * fresh ten minutes as 10:01), 0 once it has run out. */
function leftBefore(deadline, seconds) {
  const length = seconds > 0 ? 1000 * seconds : Infinity;
  return Math.max(0, Math.min(length, deadline - serverNow()));
}

/** Milliseconds left before ``clock`` runs out (0 once it has). */
export function leftOf(clock) { return leftBefore(Date.parse(clock.deadline), clock.seconds); }

/** A time left in digits: "0:42", "12:05", "3:04:05"; "2 d 4 h" past two days. */
export function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n) => String(n).padStart(2, "0");
  if (d >= 2) return `${d} d ${h % 24} h`;
  if (h) return `${h}:${two(m)}:${two(s % 60)}`;
  return `${m}:${two(s % 60)}`;
}

/** A length in words: "45 s", "1 min", "1 min 30 s", "2 h", "1 day". */
export function lengthWords(seconds) {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  if (s < 86400) return `${Math.floor(s / 3600)} h${s % 3600 >= 60 ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
  const d = Math.round(s / 86400);
  return `${d} day${d === 1 ? "" : "s"}`;
}

/** The table's time per move in words, for the lobby and the players' heading (null: none). */
export function timePerMoveWords(turnTimer) {
  return turnTimer ? `Time per move: ${lengthWords(turnTimer)}, then a bot plays the move` : null;
}

/** When its player is warned, in ms before the end: a fifth of the time, at least the last
 * 30 s (half of a shorter time), as the server's alert (server/clocks.py ``warn_left``). */
export function warnAt(seconds) { return 1000 * Math.max(0.2 * seconds, Math.min(30, seconds / 2)); }

/** Whether ``clock`` is in its last stretch (the warning's). */
export function isLow(clock) { return leftOf(clock) <= warnAt(clock.seconds); }

/** Redraw every clock element now (and each second after). */
function tick() {
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-deadline]"))) {
    const left = leftBefore(Number(node.dataset.deadline), Number(node.dataset.seconds));
    const text = clockText(left);
    const words = (node.dataset.words || "{}").replace("{}", text);
    if (node.textContent !== words) node.textContent = words;
    node.classList.toggle("low", left <= Number(node.dataset.warn || 0));
    node.classList.toggle("out", left <= 0);
  }
  for (const fn of listeners) fn();
}

function startTicking() {
  if (ticker) return;
  ticker = setInterval(tick, 1000);
}

/** Call ``fn`` on every tick of the clocks (the player's warning); answer how to stop. */
export function onTick(fn) {
  listeners.add(fn);
  startTicking();
  return () => listeners.delete(fn);
}

/** A ticking element: ``words`` with "{}" for the time left of ``clock``. */
export function clockElement(tag, clock, words, attrs = {}) {
  const node = el(tag, { ...attrs, "data-deadline": String(Date.parse(clock.deadline)), "data-seconds": String(clock.seconds), "data-words": words, "data-warn": String(warnAt(clock.seconds)) });
  node.textContent = words.replace("{}", clockText(leftOf(clock)));
  node.classList.toggle("low", isLow(clock));
  startTicking();
  return node;
}

/** What happens when ``clock`` runs out, for a seat that is not mine: "a bot plays in {}". */
function thenWords(clock) {
  return clock.then === "pass" ? "the window closes in {} (silence passes)" : "a bot plays in {}";
}

/**
 * A seat's clock in the players' list (null when none runs for it): "◷ 0:42" ticking, its
 * title saying what happens then; "a bot is playing" when its time ran out.
 */
export function seatClock(clock, seat, lobby) {
  const info = lobby?.seats?.[seat];
  if (!clock || !clock.seats.includes(seat) || info?.bot) return null;
  if (info?.autoplay) return el("span", { class: "seat-clock out", title: "Its time per move ran out: a bot plays this move" }, "◷ a bot is playing");
  const title = clock.then === "pass" ? "Time left to answer; then silence answers (a pass)" : "Time left for this move; then a bot plays it";
  return clockElement("span", clock, "◷ {}", { class: "seat-clock", title, "aria-label": `${title.split(";")[0]}` });
}

/**
 * The line under the prompt (``box``, emptied and hidden when there is nothing to say): whom
 * the game waits for, who of them is offline, and their clock ("Waiting for Bob (offline) —
 * a bot plays in 0:42"); my own clock when it is my move ("Your time: 0:42 left, then a bot
 * plays this move for you"). ``who(seat)`` names a seat; ``me``: my seat or null.
 */
export function renderWaiting(box, { answer, lobby, me, who }) {
  box.replaceChildren();
  const clock = answer?.clock ?? null;
  const waited = (answer?.pending?.seats || []).filter((s) => !lobby.seats[s]?.bot);
  const mine = me !== null && waited.includes(me) && !lobby.seats[me]?.autoplay;
  const others = waited.filter((s) => s !== me);
  const timed = (s) => !!clock && clock.seats.includes(s);
  let said = false;
  if (mine && timed(me)) {
    const then = clock.then === "pass" ? "then you pass" : "then a bot plays this move for you";
    box.append(clockElement("span", clock, `Your time: {} left, ${then}`, { class: "clock-words mine", role: "timer" }));
    said = true;
  } else if (others.length && !mine) {
    const auto = others.filter((s) => lobby.seats[s]?.autoplay);
    const names = others.map((s) => `${who(s)}${lobby.seats[s]?.autoplay ? " (a bot is playing)" : lobby.seats[s]?.online === false ? " (offline)" : ""}`);
    const offline = others.some((s) => lobby.seats[s]?.online === false);
    const running = others.some((s) => timed(s) && !lobby.seats[s]?.autoplay);
    if (offline || running || auto.length) {
      box.append(`Waiting for ${names.join(", ")}`);
      if (running) box.append(" — ", clockElement("span", clock, thenWords(clock), { class: "clock-words", role: "timer" }));
      said = true;
    }
  }
  box.hidden = !said;
}

/** The line's element after the prompt (made on first use). */
export function waitingBox(prompt) {
  let box = /** @type {HTMLElement | null} */ (document.getElementById("waiting"));
  if (!box) {
    box = el("p", { id: "waiting", class: "waiting", hidden: true });
    prompt.after(box);
  }
  return box;
}

/** "My games": a game's clock (null when none runs): mine, or the seats waited for. */
export function myGameClock(game) {
  const clock = game.clock;
  if (!clock || game.status !== "playing") return null;
  const mine = game.role === "seat" && clock.seats.includes(game.seat);
  const words = mine ? (clock.then === "pass" ? "{} left to answer" : "{} left, then a bot plays")
    : thenWords(clock);
  return clockElement("span", clock, `◷ ${words}`, { class: "mygame-clock", role: "timer" });
}

/**
 * The player's warning before the time runs out (on the page: a notice, and a browser
 * notification when the tab is hidden), once per deadline: ``state()`` answers the clock
 * now and whether it runs for me; ``say(text)`` shows the notice, ``clear()`` takes it away.
 */
export function watchMyClock(state, { say, clear, notify }) {
  let warned = null;
  const look = () => {
    const { clock, mine } = state();
    if (!clock || !mine) {
      if (warned) { warned = null; clear(); }
      return;
    }
    if (warned === clock.deadline || !isLow(clock)) return;
    warned = clock.deadline;
    const then = clock.then === "pass" ? "then you pass" : "then a bot plays this move for you";
    const text = `Time is running out: ${clockText(leftOf(clock))} left for your move, ${then}.`;
    say(text);
    if (document.hidden) notify(text);
  };
  look();
  return onTick(look);
}
