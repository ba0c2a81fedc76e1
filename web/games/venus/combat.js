// Combat (15) and the Rastur (16-17) in the turn panel: the attack panel when an attack is open
// (target, weapons to fire, Blast or Hold fire), the defender's fire-back, the winner's hit, and
// the loser's packing of his Holds before a hit (15.431 with 3.431), the Rastur prompts (keep the 1 and draw; place the Rastur: the sites are also on the map,
// moves.js). Every button is a command the rules offer now (``legal``), or one the rules accept
// by construction (a subset of the weapons the ship may fire, at least one for a Blast).
import { fireWords, itemWords, targetWords } from "./words.js";
import { itemName } from "./names.js";
import { el } from "../../platform/dom.js";

export const INTERRUPTS = ["defend", "pack", "hit", "place_rastur", "draw_rastur"];
const POWER = { "equipment:laser": 20, "equipment:nova_ball": 20, "relic:laser": 20 };

/** A button named by its words; ``label`` describes it (``title``), never a second name. */
function btn(text, cmd, send, { cls = "", id = null, label = null } = {}) {
  const b = el("button", { type: "button", class: cls, id, title: label });
  b.textContent = text;
  if (typeof cmd !== "function") b.dataset.cmd = JSON.stringify(cmd);
  b.addEventListener("click", () => send(typeof cmd === "function" ? cmd() : cmd));
  return b;
}

const weaponName = (w) => (w === "relic:laser" ? "Relic Laser" : itemName(w.split(":")[1]));

/** The widest volley among ``cmds`` (each weapon marker once): what the ship may fire. */
function arsenal(cmds) {
  let best = [];
  for (const c of cmds) if ((c.fire || []).length > best.length) best = c.fire;
  return best;
}

/** Checkboxes, one per weapon marker; returns {box, chosen()}. */
function weaponPicker(weapons, idPrefix, { checked = true, onChange = () => {} } = {}) {
  const box = el("fieldset", { class: "weapons" });
  box.appendChild(el("legend", {}, "Weapons to fire"));
  const inputs = weapons.map((w, i) => {
    const label = el("label", { class: "check" });
    const input = el("input", { type: "checkbox", id: `${idPrefix}-${i}`, value: w, "data-weapon": w });
    input.checked = checked;
    input.addEventListener("change", onChange);
    label.append(input, ` ${weaponName(w)} (20)${w === "equipment:nova_ball" ? " — spent when fired" : ""}`);
    box.appendChild(label);
    return input;
  });
  return { box, chosen: () => inputs.filter((i) => i.checked).map((i) => i.value) };
}

/**
 * Fill ``root`` with the combat and Rastur controls for this answer (nothing when none apply).
 * ``who(seat)`` names a seat. Returns true when the rules wait for an answer here.
 */
export function renderCombat(root, answer, names, send, who) {
  root.replaceChildren();
  const { view, legal } = answer;
  const pending = answer.pending || view.pending;
  const prompt = pending?.prompt;
  const detail = pending?.detail || {};
  const group = (title, urgent = true) => {
    const g = el("div", { class: `ctl-group combat${urgent ? " urgent" : ""}`, role: "group", "aria-label": title });
    g.appendChild(el("h3", {}, title));
    root.appendChild(g);
    return g;
  };

  const blasts = legal.filter((c) => c.type === "Blast");
  if (blasts.length) {
    const hold = legal.find((c) => c.type === "HoldFire");
    const waits = !legal.some((c) => ["MoveTo", "EndTurn", "Land"].includes(c.type));
    const g = group("Attack (15.4)", waits || !!hold);
    const here = view.players[view.turn.seat].dot;
    g.appendChild(el("p", { class: "hint" }, `An attack is open at ${names.dotLabel(here)}. Choose a target and the weapons to fire${hold ? ", or hold fire (moving on also declines)" : ""}.`));
    const targets = [...new Set(blasts.map((c) => c.target))];
    const fs = el("fieldset", { class: "targets" });
    fs.appendChild(el("legend", {}, "Target"));
    const strengthOf = (t) => (t === "rastur" ? view.rastur?.[here] : t === "fort" ? 60 : t === "marker" ? view.qboxes?.[here]?.amount : null);
    const radios = targets.map((t, i) => {
      const label = el("label", { class: "radio" });
      const input = el("input", { type: "radio", name: "blast-target", value: t, id: `target-${i}` });
      input.checked = i === 0;
      const d = { owner: view.forts?.[here], strength: strengthOf(t) };
      const s = strengthOf(t);
      label.append(input, ` ${targetWords(t, d, who)}${s && t !== "rastur" ? ` (strength ${s})` : ""}`);
      fs.appendChild(label);
      return input;
    });
    g.appendChild(fs);
    const power = el("p", { class: "hint firepower", "aria-live": "polite" });
    const picker = weaponPicker(arsenal(blasts), "fire", { onChange: () => update() });
    g.appendChild(picker.box);
    g.appendChild(power);
    const row = el("div", { class: "row" });
    const blast = btn("Blast", () => ({ type: "Blast", target: radios.find((r) => r.checked)?.value, fire: picker.chosen() }), send,
      { cls: "primary danger", id: "blast", label: "Blast the chosen target with the chosen weapons (15.4)" });
    row.appendChild(blast);
    if (hold) row.appendChild(btn("Hold fire", hold, send, { id: "hold-fire", label: "Make no attack here (15.41)" }));
    g.appendChild(row);
    const update = () => {
      const fire = picker.chosen();
      power.textContent = fire.length ? `Firepower ${fire.reduce((n, w) => n + (POWER[w] || 20), 0)}.` : "Fire at least one weapon to blast (15.4).";
      blast.disabled = !fire.length;
      blast.dataset.off = fire.length ? "" : "1";
    };
    update();
  }

  if (prompt === "defend") {
    const backs = legal.filter((c) => c.type === "FireBack");
    const g = group("You are blasted (15.43)");
    if (!backs.length) {
      g.appendChild(el("p", {}, `${who(detail.attacker)} blasts ${who(detail.defender)}: waiting for the answer.`));
      return true;
    }
    g.appendChild(el("p", {}, `${who(detail.attacker)} blasts your ship at ${names.dotLabel(detail.dot)}, firing ${fireWords(detail.fire)} (firepower ${detail.firepower}). Fire back? If you fire and are stronger, you score the hit.`));
    const weapons = arsenal(backs);
    const picker = weapons.length ? weaponPicker(weapons, "back") : null;
    if (picker) g.appendChild(picker.box);
    const row = el("div", { class: "row" });
    if (picker) row.appendChild(btn("Fire back", () => ({ type: "FireBack", fire: picker.chosen() }), send, { cls: "primary", id: "fire-back", label: "Fire back with the chosen weapons" }));
    row.appendChild(btn(picker ? "Don't fire back" : "Roll the defense (no weapons)", { type: "FireBack", fire: [] }, send, { id: "no-fire-back" }));
    g.appendChild(row);
    return true;
  }

  if (prompt === "pack") {
    const packs = legal.filter((c) => c.type === "PackHolds");
    const g = group("Pack your Holds (15.431)");
    if (!packs.length) {
      g.appendChild(el("p", {}, `${who(detail.victim)} packs his Holds before ${who(detail.hitter)} chooses the hit.`));
      return true;
    }
    g.appendChild(el("p", {}, `${who(detail.hitter)} won and will hit your ship: a damaged Hold damages every Equipment in it and loses its Fares. Choose which markers share a Hold (3.431: two Equipment or Fares to a Hold; each Goods has its own).`));
    const list = el("div", { class: "row wrap pack-list" });
    const first = (view.players[detail.victim]?.goods || []).length + 1; // Goods fill the first Holds
    for (const c of packs) list.appendChild(btn(packWords(c.holds, names, first), c, send));
    g.appendChild(list);
    return true;
  }

  if (prompt === "hit") {
    const hits = legal.filter((c) => c.type === "ChooseHit");
    const g = group("Choose the hit (15.431)");
    if (!hits.length) {
      g.appendChild(el("p", {}, `${who(detail.hitter)} chooses the hit on ${who(detail.victim)}'s ship.`));
      return true;
    }
    const victim = view.players[detail.victim];
    g.appendChild(el("p", {}, `You win: destroy one marker on ${victim.name}'s Hull, or damage one Hold (its Goods may be claimed).`));
    const list = el("div", { class: "row wrap hit-list" });
    for (const c of hits) list.appendChild(btn(hitWords(c, victim, names, detail.packing), c, send, { cls: c.claim ? "primary" : "" }));
    g.appendChild(list);
    return true;
  }

  if (prompt === "place_rastur") {
    const g = group(`Place the Rastur (strength ${detail.strength ?? view.rastur_hand})`);
    const mine = legal.some((c) => c.type === "PlaceRastur");
    g.appendChild(el("p", {}, mine ? "Click a highlighted site on the map (red rings), or pick one in the list of Rastur sites (16.23)."
      : `${who(pending.seats[0])} places a Rastur.`));
    return true;
  }

  if (prompt === "draw_rastur") {
    const g = group("A 1 on the dice: the Rastur (16.21)");
    const draw = legal.find((c) => c.type === "DrawRastur");
    if (!draw) { g.appendChild(el("p", {}, `${who(pending.seats[0])} decides about the Rastur.`)); return true; }
    g.appendChild(el("p", {}, "Keep the 1 and draw a Rastur, or reroll a die with the Mulligan Gear."));
    const row = el("div", { class: "row wrap" });
    row.appendChild(btn("Keep the 1: draw a Rastur", draw, send, { cls: "primary", id: "draw-rastur" }));
    for (const c of legal.filter((x) => x.type === "Reroll")) row.appendChild(btn(`Reroll the ${view.turn.dice[c.die]}`, c, send));
    g.appendChild(row);
    return true;
  }
  return false;
}

/** A packed marker: ``damaged:<key>`` is a damaged piece of Equipment. */
const tokenWords = (t, names) => (t.startsWith("damaged:") ? `${itemName(t.slice(8))} (damaged)` : itemWords(t, names));

/** A packing (the non-Goods Holds, numbered from ``first``) in words:
 * "Hold 2: Yellow Drive + Fare ...; Hold 3: Shield". */
export function packWords(holds, names, first = 1) {
  return holds.map((h, i) => `Hold ${first + i}: ${h.map((t) => tokenWords(t, names)).join(" + ")}`).join("; ");
}

/** One ChooseHit in words, with the victim's Hold contents (his packing, if he chose one). */
export function hitWords(c, victim, names, packing = null) {
  if (c.hull) return `Destroy the ${itemWords(c.hull, names)} on the Hull`;
  const goods = victim.goods[c.hold];
  const packed = !goods && packing ? packing[c.hold - victim.goods.length] : null;
  const what = goods ? ` (${itemWords(goods, names)})` : packed?.length ? ` (${packed.map((t) => tokenWords(t, names)).join(" + ")})` : "";
  if (c.claim) return `Damage Hold ${c.hold + 1}${what} and claim the Goods${c.jettison?.length ? `, jettisoning ${c.jettison.map((j) => itemWords(j, names)).join(", ")}` : ""}`;
  return `Damage Hold ${c.hold + 1}${what}`;
}
