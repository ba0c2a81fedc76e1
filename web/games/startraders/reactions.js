// Reaction windows: when a window waits for me, a prompt with the cards I may play there
// (Avoid Calamity!, You Are Lost!, Quarantine!, Zap!/Superzap!, a re-roll by turning in a
// card) and a pass; the seat's standing choice (always ask / only when I hold a playable
// card / never); a countdown when the table has a turn timer.
import { clockElement } from "../../platform/clocks.js";
import { el } from "../../platform/dom.js";
import { cmdButton } from "./turn.js";
import { policyWords, windowName } from "./words.js";

const WINDOW_TYPES = ["AvoidCalamity", "PlayYouAreLost", "Quarantine", "Zap", "Reroll", "PassReaction"];
const WINDOWS = ["avoid_calamity", "quarantine", "zap", "you_are_lost", "petition"];

/** The world a Quarantine played in this window falls on: the one named, else (Timing
 * Details) the destination in the Zap/Reroll interval, the jumper's world in the others. */
function quarantineWorld(c, view) {
  if (c.world !== null && c.world !== undefined) return c.world;
  const t = view.turn;
  if (!t) return null;
  if (view.pending?.prompt === "zap") return t.roll?.to ?? t.declared?.to ?? null;
  return view.players?.[t.seat]?.world ?? null;
}

function playLabel(c, names, view, me) {
  switch (c.type) {
    case "PassReaction": return "Pass";
    case "AvoidCalamity": return view.window?.victim === me ? `Avoid it: ${names.card(c.card)}` : `Cancel it: ${names.card(c.card)}`;
    case "PlayYouAreLost": return `Play ${names.card(c.card)} on the jumper`;
    case "Quarantine": {
      const w = quarantineWorld(c, view);
      return `Quarantine ${w !== null ? names.world(w) : "the jumper's world"}: ${names.card(c.card)}`;
    }
    case "Zap": return `${names.card(c.card)} ${c.delta > 0 ? "+" : ""}${c.delta} on the roll`;
    case "Reroll": return `Re-roll, turning in ${names.card(c.card)}`;
    default: return c.type;
  }
}

/** Whether a reaction window asks this seat now: every seat of the window is waited for
 * (``pending.seats``) whatever it holds; whether its own setting prompts it is told in its
 * own view only (``window.asked``). */
export function windowFor(view, me, still = false) {
  const p = view.pending;
  return !!p && WINDOWS.includes(p.prompt) && (!!view.window?.asked || still) && p.seats.includes(me);
}

/** The reaction prompt (empty when no window waits for me). ``ctx.deadline``: when the
 * table's timer answers for this seat, as a platform clock ({deadline, seconds}), or null. */
export function renderReaction(container, ctx) {
  const { view, legal, names, me, send } = ctx;
  container.replaceChildren();
  container.hidden = !windowFor(view, me, ctx.stillAsked);
  if (container.hidden) return;
  const p = view.pending;
  const d = p.detail || {};
  const w = view.window || {};
  const box = el("div", { class: "st-reaction", role: "alertdialog", "aria-label": windowName(p.prompt) });
  box.append(el("h4", {}, windowName(p.prompt)));
  const what = [];
  if (p.prompt === "avoid_calamity") {
    const on = d.world !== undefined && d.world !== null ? ` on ${names.world(d.world)}` : "";
    const card = d.card ? names.card(d.card) : "a raid";
    const mine = on && view.players?.[me]?.world === d.world ? ", where your ship is" : "";
    if (d.victim === me && d.by !== me) what.push(`${names.seat(d.by)} plays ${card} on ${on ? `${on.slice(4)}${mine}` : "you"}.`);
    else if (d.by === me) what.push(`You play ${card}${on}: the others may cancel it with Avoid Calamity!.`);
    else what.push(`${names.seat(d.by)} plays ${card}${on}${d.victim !== undefined && d.victim !== d.by ? ` (${d.victim === me ? "your" : `${names.seat(d.victim)}'s`} jump)` : ""}: cancel it, or pass.`);
  }
  if (p.prompt === "petition") what.push(`${w.victim === me ? "You petition" : `${names.seat(w.victim)} petitions`} the Emperor: cards that change the Prestige may be played before the roll.`);
  else if (w.victim !== undefined && p.prompt !== "avoid_calamity") what.push(`${w.victim === me ? "Your" : `${names.seat(w.victim)}'s`} jump${view.turn?.declared ? ` to ${names.world(view.turn.declared.to)}` : ""}.`);
  if (view.turn?.roll && p.prompt === "zap") what.push(`The roll stands at ${view.turn.roll.roll ?? "?"}${view.turn.roll.need ? ` (${view.turn.roll.need}+ needed)` : ""}.`);
  box.append(el("p", {}, what.join(" ")));
  const row = el("div", { class: "buttons" });
  const plays = legal.filter((c) => WINDOW_TYPES.includes(c.type));
  for (const c of plays) row.append(cmdButton(playLabel(c, names, view, me), c, send, { class: c.type === "PassReaction" ? "quiet" : "primary", "data-react": c.type }));
  box.append(row);
  if (plays.length <= 1) box.append(el("p", { class: "muted" }, "You hold no card playable here."));
  if (ctx.deadline) {
    // a platform clock: web/platform/clocks.js ticks every clock element of the page
    const clock = clockElement("p", ctx.deadline, "{} left before the table's timer answers for you", { class: "countdown" });
    clock.setAttribute("aria-live", "off");
    box.append(clock);
  }
  container.append(box);
}

/** The seat's standing choice for reaction windows (SetReactionPolicy, told to no one else). */
export function renderPolicy(container, ctx) {
  const { view, names, me, send } = ctx;
  container.replaceChildren();
  const mine = view.players?.[me];
  if (!mine || mine.policy === undefined) return;
  const label = el("label", { for: "st-policy" }, "Reaction windows: ");
  const select = el("select", { id: "st-policy", name: "policy" });
  for (const policy of ["ask", "playable", "reroll", "never"]) {
    const opt = el("option", { value: policy }, policyWords(policy));
    if (policy === mine.policy) opt.selected = true;
    select.append(opt);
  }
  select.addEventListener("change", () => send({ type: "SetReactionPolicy", policy: select.value }));
  container.append(label, select);
  void names;
}

/** For everyone: the reaction window open now (its kind, whose jump or Calamity, the roll
 * as it stands, who is asked), as the intervals open and close. */
export function windowStatus(view, names, me) {
  const w = view.window;
  if (!w) return null;
  const asked = (view.pending?.seats || []).map((s) => (s === me ? "you" : names.seat(s))).join(", ");
  const parts = [`${windowName(w.kind)} is open`];
  if (w.kind === "avoid_calamity") parts.push(`${names.card(w.card)} on ${w.victim === me ? "you" : names.seat(w.victim)}`);
  else if (w.kind === "petition") parts.push(`before ${w.victim === me ? "your" : `${names.seat(w.victim)}'s`} petition roll`);
  else parts.push(`${w.victim === me ? "your" : `${names.seat(w.victim)}'s`} jump`);
  if (w.kind === "zap" && view.turn?.roll) parts.push(`the roll stands at ${view.turn.roll.roll ?? "?"}${view.turn.roll.need ? ` (${view.turn.roll.need}+ needed)` : ""}`);
  if (asked) parts.push(`asking ${asked}`);
  const p = el("p", { class: "st-window", "data-window": w.kind, role: "status" }, `${parts.join(" · ")}.`);
  return p;
}
