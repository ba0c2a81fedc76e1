// The dashboard sheet ("Dashboard Sheet Anatomy"): the laser and shield dials, the pilot and
// its level, the speed dice rolled this turn and the boxes they may be assigned to
// ("Assigning Dice": navigation, throttle, one box per ship upgrade; as many dice as the
// pilot's level), the movement value and what is left of it, drives, cargo holds. The
// assignments the rules allow now (``AssignDie`` commands of ``legal``) are buttons in their
// box: the die's face, one press.
import { el, cmdButton } from "../../platform/dom.js";
import { dieFace } from "../../platform/dice.js";
import { titleCase } from "./names.js";
import { boxWords } from "./words.js";

/** Commands the dashboard draws itself (the generic command list leaves them out). */
export const DASHBOARD_TYPES = new Set(["AssignDie", "RollSpeed", "RerollDie"]);

/** A dial's figure as a gauge: "Laser 2 / 6". */
function dial(name, value, max, cls) {
  const box = el("div", { class: `vs-dial ${cls}`, role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": value, "aria-label": `${name} ${value}` });
  box.append(el("span", { class: "vs-dial-name" }, name));
  const bar = el("span", { class: "vs-dial-bar" });
  for (let i = 1; i <= max; i += 1) bar.append(el("i", { class: i <= value ? "on" : "" }));
  box.append(bar, el("strong", { class: "vs-dial-value" }, String(value)));
  return box;
}

/**
 * Draw the dashboard of the seat whose turn it is (else mine) in ``root``: its dials and pilot
 * (``view.pilots``), and during its Movement phase (``view.movement``) the speed dice, the
 * movement value and what is left, and the die boxes; ``legal``'s ``RollSpeed``,
 * ``AssignDie`` and ``RerollDie`` become buttons here.
 */
export function renderDashboard(root, view, legal, names, send, me) {
  root.replaceChildren();
  const seat = view.turn?.seat ?? (me !== null && me >= 0 ? me : null);
  const player = seat !== null ? view.players?.[seat] : null;
  if (!player) return;
  root.dataset.seat = seat;
  root.append(el("h3", {}, seat === me ? "Your dashboard" : `${names.seat(seat)}'s dashboard`));
  const dials = el("div", { class: "vs-dials" });
  dials.append(dial("Laser", Number(player.laser ?? 0), 6, "vs-laser"));
  dials.append(dial("Shield", Number(player.shield ?? 0), 6, "vs-shield"));
  root.append(dials);
  const pilot = (view.pilots || []).find((x) => x.seat === seat);
  const facts = [
    pilot ? `Pilot: ${pilot.name} (${titleCase(player.pilot)}, level ${pilot.level}, skill ${pilot.skill})` : `Pilot: ${titleCase(player.pilot)}, level ${player.pilot_level ?? 1}`,
    player.drive ? `Drive: ${names.equipment(`${player.drive}_drive`)}` : null,
    player.upgrades?.length ? `Ship upgrades: ${player.upgrades.map((u) => names.tech(String(u).split(":")[0])).join(", ")}` : null,
  ].filter(Boolean);
  root.append(el("p", { class: "vs-facts" }, facts.join(" · ")));
  if (pilot?.ability && pilot.ability !== "none") root.append(el("p", { class: "vs-ability hint" }, pilot.ability_text));
  const mv = view.movement;
  if (mv && mv.seat === seat) renderDice(root, mv, legal, names, send, Number(pilot?.level ?? player.pilot_level ?? 1), player.upgrades || []);
}

/** The speed dice rolled, the movement left, and the die boxes: the die in each, and the
 * dice the rules let go there now as buttons showing their face ("Assigning Dice"). */
function renderDice(root, mv, legal, names, send, level, upgrades) {
  const dice = mv.dice || [];
  const assigned = mv.boxes || {};
  const box = el("div", { class: "vs-speed" });
  if (dice.length) {
    const inBox = new Set(Object.values(assigned).map(Number));
    const row = el("div", { class: "dice", role: "img", "aria-label": `Speed dice: ${dice.join(", ")}` });
    dice.forEach((v, i) => row.append(dieFace(v, inBox.has(i) ? "die-assigned" : "")));
    box.append(row);
    box.append(el("p", { class: "vs-mp", id: "vs-mp" }, `Movement value ${mv.movement_value ?? dice.reduce((a, b) => a + b, 0)} · ${mv.mp_left ?? "?"} left`));
  } else if (mv.heading) {
    box.append(el("p", { class: "vs-mp" }, `Heading for ${names.space(mv.heading)}`));
  }
  for (const c of legal.filter((x) => x.type === "RollSpeed")) box.append(cmdButton("Roll the speed dice", c, send, { class: "primary", id: "vs-roll" }));
  for (const c of legal.filter((x) => x.type === "RerollDie")) box.append(cmdButton(`Reroll the ${dice[c.die]}`, c, send, { class: "vs-reroll" }));
  root.append(box);
  if (!dice.length) return;
  const assigns = legal.filter((c) => c.type === "AssignDie");
  // "Dashboard Sheet Anatomy": the navigation and throttle die boxes, one per ship upgrade
  const boxes = new Map([["navigation", []], ["throttle", []], ...upgrades.map((u) => [`upgrade:${u}`, []])]);
  for (const k of Object.keys(assigned)) if (!boxes.has(k)) boxes.set(k, []);
  for (const c of assigns) {
    if (!boxes.has(c.box)) boxes.set(c.box, []);
    boxes.get(c.box).push(c);
  }
  const used = Object.keys(assigned).length;
  const grid = el("div", { class: "vs-boxes", role: "group", "aria-label": `Die boxes: ${used} of ${level} dice assigned` });
  grid.append(el("p", { class: "vs-boxes-head" }, `Dice assigned: ${used} of ${level} (pilot level ${level})`));
  for (const [k, cmds] of boxes) {
    const row = el("div", { class: "vs-box", "data-box": k });
    row.append(el("span", { class: "vs-box-name" }, titleCase(boxWords(k, names).replace(/^the /, ""))));
    const at = assigned[k];
    if (at !== undefined && at !== null) row.append(dieFace(dice[Number(at)], "die-in-box"));
    for (const c of cmds) {
      const v = dice[c.die];
      const b = cmdButton("", c, send, { class: "vs-assign", "aria-label": `Assign the ${v} (die ${c.die + 1}) to ${boxWords(k, names)}` });
      b.append(dieFace(v));
      row.append(b);
    }
    if ((at === undefined || at === null) && !cmds.length) row.append(el("span", { class: "vs-box-empty" }, k === "throttle" ? "takes a 1, before moving" : "empty"));
    grid.append(row);
  }
  root.append(grid);
}
