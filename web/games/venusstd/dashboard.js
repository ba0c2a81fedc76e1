// The dashboard sheet ("Dashboard Sheet Anatomy"): the laser and shield dials, the pilot and
// its level, the speed dice rolled this turn and the boxes they may be assigned to
// ("Assigning Dice": navigation, throttle, one box per ship upgrade; as many dice as the
// pilot's level), the movement value and what is left of it, drives, cargo holds. The
// assignments the rules allow now (``AssignDie`` commands of ``legal``) are buttons in their
// box: the die's face, one press.
import { el, cmdButton } from "../../platform/dom.js";
import { dieFace } from "../../platform/dice.js";
import { humanType, titleCase } from "./names.js";

/** Commands the dashboard draws itself (the generic command list leaves them out). */
export const DASHBOARD_TYPES = new Set(["AssignDie", "RollSpeed", "RollThrottle", "UseThrottle", "SetDial"]);

/** The box a command assigns to ("navigation", "throttle", "upgrade:<tech>"...). */
export function boxOf(cmd) { return String(cmd.box ?? cmd.slot ?? cmd.ability ?? cmd.target ?? "box"); }

/** The die a command takes (its index in the dice rolled). */
export function dieOf(cmd) { return Number(cmd.die ?? cmd.index ?? cmd.dice ?? 0); }

/** A dial's figure as a gauge: "Laser 2 / 6". */
function dial(name, value, max, cls) {
  const box = el("div", { class: `vs-dial ${cls}`, role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": value, "aria-label": `${name} ${value}` });
  box.append(el("span", { class: "vs-dial-name" }, name));
  const bar = el("span", { class: "vs-dial-bar" });
  for (let i = 1; i <= max; i += 1) bar.append(el("i", { class: i <= value ? "on" : "" }));
  box.append(bar, el("strong", { class: "vs-dial-value" }, String(value)));
  return box;
}

/** The player's dashboard (or null), whatever the view nests it in. */
export function dashboardOf(p) {
  if (!p) return null;
  return { ...p, ...(p.dashboard || {}), ...(p.ship || {}) };
}

/**
 * Draw the dashboard of ``player`` in ``root``. ``turn``: the view's turn when it is this
 * player's (dice, assignments, movement); ``legal``: this link's legal commands (its
 * ``AssignDie``, roll and throttle commands become buttons here).
 */
export function renderDashboard(root, player, turn, legal, names, send) {
  root.replaceChildren();
  const d = dashboardOf(player);
  if (!d) return;
  const mine = turn && turn.seat === player.seat;
  root.append(el("h3", {}, `${names.seat(player.seat)}'s dashboard`));
  const dials = el("div", { class: "vs-dials" });
  dials.append(dial("Laser", Number(d.laser ?? 0), Math.max(6, Number(d.laser_max ?? 0)), "vs-laser"));
  dials.append(dial("Shield", Number(d.shield ?? 0), Math.max(6, Number(d.shield_max ?? 0)), "vs-shield"));
  root.append(dials);
  const pilot = d.pilot;
  const level = Number(d.pilot_level ?? pilot?.level ?? d.level ?? 1);
  const facts = [
    pilot ? `Pilot: ${names.pilot(pilot.id ?? pilot.key ?? pilot)} (level ${level})` : `Pilot level ${level}`,
    d.drive ? `Drive: ${titleCase(d.drive.id ?? d.drive)}` : null,
    d.holds !== undefined ? `Cargo holds: ${Array.isArray(d.holds) ? d.holds.length : d.holds}` : null,
    d.fuzzy_dice ? "Fuzzy dice" : null,
  ].filter(Boolean);
  root.append(el("p", { class: "vs-facts" }, facts.join(" · ")));
  if (!mine) return;
  renderDice(root, turn, legal, names, send, level);
}

/** The speed dice rolled, the boxes (with their die or the dice that may go there). */
function renderDice(root, turn, legal, names, send, level) {
  const dash = turn.dashboard || turn;
  const dice = dash.dice || dash.speed_dice || [];
  const assigned = dash.boxes || dash.assigned || dash.assignments || {};
  const rolls = legal.filter((c) => ["RollSpeed", "RollThrottle", "UseThrottle"].includes(c.type));
  const box = el("div", { class: "vs-speed" });
  if (dice.length) {
    const row = el("div", { class: "dice", role: "img", "aria-label": `Speed dice: ${dice.join(", ")}` });
    const usedDice = new Set(Object.values(assigned).map(Number));
    dice.forEach((v, i) => row.append(dieFace(v, usedDice.has(i) ? "die-assigned" : "")));
    box.append(row);
    const total = turn.movement ?? turn.movement_value ?? dice.reduce((a, b) => a + b, 0);
    const left = turn.mp_left ?? turn.left ?? turn.movement_left ?? turn.mp ?? turn.helm?.mp;
    box.append(el("p", { class: "vs-mp" }, `Movement value ${total}${left !== undefined && left !== null ? ` · ${left} left` : ""}`));
  }
  for (const c of rolls) box.append(cmdButton(c.type === "RollSpeed" ? "Roll the speed dice" : "Roll the throttle die", c, send, { class: "primary", id: c.type === "RollSpeed" ? "vs-roll" : "vs-throttle" }));
  root.append(box);
  const assigns = legal.filter((c) => c.type === "AssignDie");
  const boxes = new Map([["navigation", []], ["throttle", []]]);
  for (const k of Object.keys(assigned)) if (!boxes.has(k)) boxes.set(k, []);
  for (const c of assigns) {
    const k = boxOf(c);
    if (!boxes.has(k)) boxes.set(k, []);
    boxes.get(k).push(c);
  }
  const used = Object.keys(assigned).length;
  const grid = el("div", { class: "vs-boxes", role: "group", "aria-label": `Die boxes: ${used} of ${level} dice assigned` });
  grid.append(el("p", { class: "vs-boxes-head" }, `Assign dice (${used} of ${level} this turn)`));
  for (const [k, cmds] of boxes) {
    const row = el("div", { class: "vs-box", "data-box": k });
    row.append(el("span", { class: "vs-box-name" }, titleCase(humanType(k.replace(/^upgrade:/, "")))));
    const at = assigned[k];
    if (at !== undefined && at !== null) row.append(dieFace(dice[Number(at)] ?? at, "die-in-box"));
    for (const c of cmds) {
      const v = dice[dieOf(c)] ?? c.value;
      const b = cmdButton("", c, send, { class: "vs-assign", "aria-label": `Assign the ${v} to ${humanType(k)}` });
      b.append(dieFace(v));
      row.append(b);
    }
    if ((at === undefined || at === null) && !cmds.length) row.append(el("span", { class: "vs-box-empty" }, "empty"));
    grid.append(row);
  }
  if (dice.length) root.append(grid);
}
