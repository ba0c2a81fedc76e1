// Dice as faces (the styles ``.dice``, ``.die``, ``.pip`` are the platform's, style.css): the
// games' speed dice, a chosen Pilot Number, a dashboard of dice.
import { el } from "./dom.js";

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** One die face showing ``v`` (1-6): a ``span.die`` of nine cells, the pips marked. */
export function dieFace(v, cls = "") {
  const face = el("span", { class: `die${cls ? ` ${cls}` : ""}`, "data-value": v });
  for (let k = 0; k < 9; k += 1) face.appendChild(el("i", { class: PIPS[v]?.includes(k) ? "pip" : "" }));
  return face;
}

/** The dice as faces; ``pilot`` marks the chosen Pilot Number (a game that has one), ``autoPilot``
 * the last die (the Auto Pilot's). */
export function diceFaces(dice, { pilot = null, autoPilot = false } = {}) {
  const row = el("div", { class: "dice", role: "img", "aria-label": `Dice: ${dice.join(", ")}` });
  dice.forEach((v, i) => {
    row.appendChild(dieFace(v, `${v === pilot ? "die-pilot" : ""}${autoPilot && i === dice.length - 1 ? " die-auto" : ""}`.trim()));
  });
  return row;
}
