// Take-backs (a house rule of the platform, docs/rulings.md "Take-backs"): the "Take back"
// button of the turn panel, shown when the engine lists ``TakeBack`` among the seat's legal
// commands (the engine alone decides how far back a seat may go), and the log's words for a
// ``TookBack`` event. Game-agnostic: a game's own log describes what was taken back.
import { el } from "./dom.js";

export const TAKE_BACK = Object.freeze({ type: "TakeBack" });

/** Whether the seat may take back now (``legal``: its legal commands). */
export function canTakeBack(legal) {
  return (legal || []).some((c) => c.type === "TakeBack");
}

/** The "Take back" button, or null when nothing may be taken back. Not costly (the action
 * can be made again), so no confirmation step. */
export function takeBackButton(legal, send) {
  if (!canTakeBack(legal)) return null;
  const b = el("button", {
    type: "button", id: "take-back", class: "take-back",
    title: "Take back your last action (until something new is known: a roll, a reveal, a draw, or another player acts)",
  }, "↶ Take back");
  b.addEventListener("click", () => send(TAKE_BACK));
  return b;
}

/**
 * The events a ``TookBack`` event undid: among ``events`` (the log so far, in order), those
 * after its ``to_seq`` still in effect just before it. Take-backs between the two only ever
 * go back to ``to_seq`` or later (the engine's marks), so the walk starts there.
 */
export function undoneBy(events, took) {
  const to = took.data.to_seq;
  let i = events.length - 1;
  while (i >= 0 && events[i].seq > to) i -= 1;
  const kept = [];
  for (let k = i + 1; k < events.length && events[k].seq < took.seq; k += 1) {
    const ev = events[k];
    if (ev.type === "TookBack" && ev.data) {
      while (kept.length && kept[kept.length - 1].seq > ev.data.to_seq) kept.pop();
    } else kept.push(ev);
  }
  return kept;
}

/** ``events`` less what was taken back and the take-backs themselves: what stands. */
export function inEffect(events) {
  const kept = [];
  for (const ev of events) {
    if (ev.type === "TookBack" && ev.data) {
      while (kept.length && kept[kept.length - 1].seq > ev.data.to_seq) kept.pop();
    } else kept.push(ev);
  }
  return kept;
}

/**
 * The log's sentence for ``took``: "Ann takes back the last action (declares the first dot:
 * Sol 3)." ``describe(events)`` is the game's log ([{text}]) for the undone events.
 */
export function tookBackWords(took, undone, who, describe) {
  const name = who(took.data.seat);
  const said = describe(undone).map(({ text }) => {
    const t = text.replace(/\.$/, "");
    return t.startsWith(`${name} `) ? t.slice(name.length + 1) : t;
  });
  return said.length
    ? `↶ ${name} takes back the last action (${said.join("; ")}).`
    : `↶ ${name} takes back the last action.`;
}

/**
 * A game's log in words (``module.describeLog``) with the platform's sentence for each
 * take-back; ``all``: every event known (in order) to find what a take-back undid.
 */
export function describeWithTakeBacks(module, entries, names, who, reader, all) {
  const out = [];
  let run = [];
  const describe = (evs) => module.describeLog(evs, names, who, reader);
  const flush = () => { if (run.length) out.push(...describe(run)); run = []; };
  for (const ev of entries) {
    if (ev.type === "TookBack" && ev.data) {
      flush();
      out.push({ kind: "takeback", text: tookBackWords(ev, undoneBy(all, ev), who, describe) });
    } else run.push(ev);
  }
  flush();
  return out;
}
