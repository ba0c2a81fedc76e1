// The turn's controls: before the roll (drives, Gate Lock, roll, Auto Pilot, stay put), the
// dice, after the roll (Pilot Number, Mulligan reroll, land), pay or stop, and end of turn.
import { itemName } from "./names.js";
import { commandWords, fireWords } from "./words.js";
import { INTERRUPTS } from "./combat.js";
import { el } from "../../platform/dom.js";
import { askFirst } from "../../platform/confirm.js";
import { diceFaces } from "../../platform/dice.js";

export { diceFaces };

const HANDLED = new Set(["SetDrives", "UseGateLock", "DeclareHeading", "RollDice", "Reroll",
  "ChoosePilotNumber", "MoveTo", "MoveAlong", "PayPenalty", "StopHere", "Land", "StayPut", "EndTurn",
  "Blast", "HoldFire", "FireBack", "PackHolds", "ChooseHit", "DrawRastur", "PlaceRastur", // combat.js has those
  "TakeBack"]); // the platform's button (platform/takeback.js)

/** A button named by its words (what a voice-control user says); ``label`` is what it does in
 * more words: its description (``title``, a tooltip too), never a second name. */
function btn(text, onClick, { cls = "", label = null, pressed = null, disabled = false, id = null } = {}) {
  const b = el("button", { type: "button", class: cls, title: label, id });
  b.textContent = text;
  if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
  b.disabled = disabled;
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Fill ``root`` with the controls for the answer. ``send(cmd)`` plays a command;
 * ``plan`` is the destination being flown to, if any (for the prompt's words).
 */
export function renderControls(root, answer, names, send, plan = null, { skip = [] } = {}) {
  root.replaceChildren();
  const { view, legal } = answer;
  const turn = view.turn;
  if (!turn || view.stage !== "playing") return;
  const me = view.players[turn.seat];
  const has = (type, pred = (_c) => true) => legal.find((c) => c.type === type && pred(c));

  if (turn.dice.length) {
    const box = el("div", { class: "dice-box" });
    box.appendChild(diceFaces(turn.dice, { pilot: turn.pilot, autoPilot: turn.auto_pilot }));
    const mp = el("div", { class: "mp" });
    mp.innerHTML = "";
    mp.append(el("strong", {}, String(turn.mp)), " MP left");
    if (turn.pilot) mp.append(el("span", { class: "pilot-tag" }, `Pilot ${turn.pilot}`));
    box.appendChild(mp);
    root.appendChild(box);
  }

  if (INTERRUPTS.includes(view.pending?.prompt)) return; // combat.js asks it

  const group = (title) => {
    const g = el("div", { class: "ctl-group", role: "group", "aria-label": title });
    g.appendChild(el("h3", {}, title));
    root.appendChild(g);
    return g;
  };

  if (turn.phase === "declare") {
    const drives = legal.filter((c) => c.type === "SetDrives");
    const gate = has("UseGateLock");
    if (drives.length || gate) {
      const g = group("Before the roll");
      const row = el("div", { class: "row" });
      for (const cmd of drives) {
        const flipped = [...new Set([...cmd.off, ...turn.drives_off])].find((k) => cmd.off.includes(k) !== turn.drives_off.includes(k));
        const on = !turn.drives_off.includes(flipped);
        row.appendChild(btn(`${itemName(flipped)}: ${on ? "on" : "off"}`, () => send(cmd), {
          cls: `toggle${on ? " on" : ""}`, pressed: on,
          label: `${itemName(flipped)} is ${on ? "on" : "off"}; press to turn it ${on ? "off" : "on"} (8.23)`,
        }));
      }
      if (gate) {
        row.appendChild(btn(`Gate Lock: ${turn.gate_lock ? "on" : "off"}`, () => send(gate), {
          cls: `toggle${turn.gate_lock ? " on" : ""}`, pressed: turn.gate_lock,
          label: `Gate Lock is ${turn.gate_lock ? "on: Tele Gates are off this turn" : "off"}; press to turn it ${turn.gate_lock ? "off" : "on"} (8.47)`,
        }));
      }
      g.appendChild(row);
    }
    const g = group("Roll");
    const row = el("div", { class: "row" });
    const roll = has("RollDice", (c) => !c.auto_pilot);
    const notYet = "declare your first dot first (5.31)";
    const rollBtn = btn("Roll dice", () => send({ type: "RollDice", auto_pilot: false }), {
      cls: "primary", disabled: !roll, id: "roll", label: roll ? null : `Not yet: ${notYet}`,
    });
    row.appendChild(rollBtn);
    const auto = has("RollDice", (c) => c.auto_pilot);
    if (auto || me.relics.includes("auto_pilot")) {
      const b = btn("Roll with Auto Pilot", () => send(auto), {
        disabled: !auto, label: `Roll one die less; the Auto Pilot counts as a 4 (8.42)${auto ? "" : `. Not yet: ${notYet}`}`,
      });
      row.appendChild(b);
    }
    const stay = has("StayPut");
    if (stay) {
      const b = btn("Stay put", () => send(stay), { label: "Spend the turn without moving", id: "stay-put" });
      b.dataset.cmd = JSON.stringify(stay);
      row.appendChild(b);
    }
    g.appendChild(row);
    if (!roll) g.appendChild(el("p", { class: "hint" }, "Declare your first dot (a highlighted dot on the map or in the list) to roll (5.31)."));
  }

  if (turn.phase === "move") {
    const pilots = legal.filter((c) => c.type === "ChoosePilotNumber");
    const hereKind = names.dots.get(me.dot)?.kind;
    const onGate = view.qboxes?.[me.dot]?.kind === "telegate";
    const needed = hereKind === "circle" || onGate || legal.some((c) => c.type === "MoveTo" && c.pilot !== null)
      || (turn.pilot !== null && me.relics.includes("switch_switch"));
    if (pilots.length && needed) {
      const g = group("Pilot Number");
      g.appendChild(el("p", { class: "hint" }, turn.pilot
        ? "Switch Switch: you may change your Pilot Number."
        : "At a Navigation Circle or Tele Gate, the Pilot Number (one of your dice) chooses the way out (6.41)."));
      const row = el("div", { class: "row" });
      for (const c of pilots) {
        row.appendChild(btn(String(c.number), () => send(c), { cls: "pilot-btn", label: `Choose Pilot Number ${c.number}` }));
      }
      g.appendChild(row);
    }
    const rerolls = legal.filter((c) => c.type === "Reroll");
    if (rerolls.length) {
      const g = group("Mulligan Gear");
      const row = el("div", { class: "row" });
      for (const c of rerolls) {
        row.appendChild(btn(`Reroll the ${turn.dice[c.die]}`, () => send(c), { label: `Reroll die ${c.die + 1}, showing ${turn.dice[c.die]} (8.44)` }));
      }
      g.appendChild(row);
    }
    const land = has("Land");
    if (land) {
      const g = group("Land or go on");
      g.appendChild(el("p", { class: "hint" }, `You may land at ${names.dotLabel(me.dot)} (your remaining MP are lost, 6.2), or go on: pick a highlighted dot.`));
      const what = landingWords(names.dots.get(me.dot)?.kind, view.qboxes?.[me.dot]);
      if (what) g.appendChild(el("p", { class: "hint landing-words" }, what));
      g.classList.add("urgent");
      g.appendChild(btn("Land here", () => send(land), { cls: "primary", id: "land-here", label: `Land at ${names.dotLabel(me.dot)}` }));
    }
  }

  if (turn.phase === "pay_or_stop") {
    const g = group("Pay or stop");
    g.classList.add("urgent");
    const pay = has("PayPenalty");
    const due = view.pending?.detail?.amount ?? turn.due;
    g.appendChild(el("p", {}, `${names.dotLabel(me.dot)} costs you ${due}. Pay it and keep moving${plan ? ` towards ${names.dotLabel(plan.dot)}` : ""}, or stop here and pay nothing (6.3).`));
    const row = el("div", { class: "row" });
    const cannot = `you have ${me.cash}, the penalty is ${due}: you must stop (6.3)`;
    const payBtn = btn(`Pay ${due} and go on`, () => send({ type: "PayPenalty" }), {
      cls: "primary", disabled: !pay, id: "pay", label: pay ? `Pay the ${due} penalty and keep moving` : `You cannot pay: ${cannot}`,
    });
    row.appendChild(payBtn);
    row.appendChild(btn("Stop here", () => send({ type: "StopHere" }), { id: "stop", label: "Stop on the penalty; movement ends" }));
    g.appendChild(row);
    if (!pay) g.appendChild(el("p", { class: "hint" }, `You cannot pay: ${cannot}.`));
  }

  if (turn.phase === "trade") {
    const g = group("Your turn goes on");
    const others = legal.filter((c) => !HANDLED.has(c.type) && !skip.includes(c.type));
    if (others.length) {
      const row = el("div", { class: "row wrap" });
      for (const c of others) {
        const b = btn(commandWords(c, names), () => send(c));
        b.dataset.cmd = JSON.stringify(c);
        row.appendChild(b);
      }
      g.appendChild(row);
    } else if (!skip.length) {
      g.appendChild(el("p", { class: "hint" }, "Nothing more to do here."));
    }
    const end = has("EndTurn");
    if (end) {
      const b = btn("End turn", () => send(end), { cls: "primary", id: "end-turn" });
      const credit = answer.extras?.market?.credit || 0;
      if (credit > 0) {
        askFirst(b, `You still have ${credit.toLocaleString("en")} in trade-in credit: it is lost when your turn ends (9.32). Spend it first, or end the turn anyway.`,
          `End turn, lose ${credit.toLocaleString("en")} credit`, () => send(end));
      }
      g.appendChild(b);
    }
    else if (legal.some((c) => c.type === "Jettison")) g.appendChild(el("p", { class: "hint" }, "Your ship carries more than its holds: jettison the excess to end your turn (3.43)."));
  }
}

/** What landing on a dot does, for the dots where that is not plain (an Asteroid: 6.2, 6.11,
 * 11.1-11.4); null for Cities and Spaceports (their market says it). */
export function landingWords(kind, qbox = null) {
  const relic = qbox?.kind === "relic";
  if (kind !== "asteroid" && !(kind === "qbox" && (relic || qbox?.kind === "empty"))) return null;
  return `An Asteroid: landing ends your move here (6.2). Nobody lives here, so there is no market; ${relic ? "you pick up the Relic lying here for free (6.11), and you" : "you"} may jettison cargo (11.3) or trade with a merchant on this dot (11.4). Then your turn ends.`;
}

/** One sentence: what the rules ask of the player now. */
export function promptWords(answer, names, plan = null) {
  const { view, legal } = answer;
  if (view.stage === "over") {
    if (view.winner !== null && view.winner !== undefined) return `The game is over: ${view.players[view.winner].name} wins.`;
    return view.win_reason === "rastur" || view.rastur_pool === 0 ? "The game is over: the Rastur win (16.5)." : "The game is over.";
  }
  const turn = view.turn;
  if (!turn) return "";
  const who = view.players[turn.seat].name;
  const p = view.pending;
  const name = (s) => view.players[s]?.name ?? `Seat ${s + 1}`;
  if (p?.prompt === "defend") return `${name(p.seats[0])}: ${name(p.detail?.attacker ?? turn.seat)} blasts you (firepower ${p.detail?.firepower ?? "?"}, ${fireWords(p.detail?.fire)}). Fire back?`;
  if (p?.prompt === "pack") return `${name(p.seats[0])}: ${name(p.detail?.hitter)} won the fight — choose which of your markers share a Hold before the hit.`;
  if (p?.prompt === "hit") return `${name(p.seats[0])}: you win the fight — choose the hit on ${name(p.detail?.victim)}'s ship.`;
  if (p?.prompt === "place_rastur") return `${name(p.seats[0])}: place the Rastur of strength ${p.detail?.strength ?? view.rastur_hand} — click a highlighted site.`;
  if (p?.prompt === "draw_rastur") return `${name(p.seats[0])}: a 1 on the dice — draw a Rastur, or reroll with the Mulligan Gear?`;
  if (p?.detail?.blast?.length) return `${who}: an attack is open here — blast or hold fire${turn.phase === "move" ? " (or move on)" : ""}.`;
  switch (turn.phase) {
    case "declare":
      return turn.heading
        ? `${who}: first dot declared (${names.dotName(turn.heading)}). Roll the dice.`
        : `${who}: declare your first dot, then roll.`;
    case "move": {
      if (legal.some((c) => c.type === "Land")) return `${who}: land here, or go on.`;
      if (plan && !legal.some((c) => c.type === "MoveTo" && c.pilot === null) && legal.some((c) => c.type === "ChoosePilotNumber"))
        return `${who}: choose your Pilot Number to go on towards ${names.dotName(plan.dot)}.`;
      return `${who}: ${turn.mp} MP. Pick a destination (highlighted), or move dot by dot.`;
    }
    case "pay_or_stop":
      return `${who}: penalty of ${view.pending?.detail?.amount ?? turn.due} — pay and go on, or stop here?`;
    case "trade":
      return `${who}: movement over at ${names.dotName(view.players[turn.seat].dot)}. End your turn when done.`;
    default:
      return "";
  }
}
