// Ships on any SVG board (a MapView with a "pawn" layer): a pawn in its player's colour with
// the player's initial, pawns sharing a place fanned out so they never touch, the active one
// haloed, and a pawn moved place by place. A game whose pieces are ships on places draws them
// with these; the styles are the platform's (``.pawn``, ``.pawn-body``, ``.pawn-halo`` in style.css).
import { svgEl } from "./dom.js";
import { pieceLabels } from "./seats.js";

export const PAWN_R = 13;

/** Pawns sharing a place fan out on a circle just wide enough that neighbours do not touch
 * (a pawn is about 2 x PAWN_R + 3 wide); one pawn sits on its place. */
export function pawnOffset(i, n) {
  if (n === 1) return [0, -4];
  const gap = PAWN_R + 3; // half a pawn and a little air
  const r = n === 2 ? gap : gap / Math.sin(Math.PI / n);
  const a = (i / n) * Math.PI * 2 - (n === 2 ? 0 : Math.PI / 2);
  return [Math.cos(a) * r, Math.sin(a) * r - 4];
}

/** Where a badge sits on a place holding ``n`` pawns: at the lower right corner of the
 * fan, over the last pawn's corner and clear of its letter (a token the pawns stand on, a
 * count: something the pawns would hide). In the scaled (``.sc``) units of the pawns. */
export function fanBadgeSpot(n) {
  let x = 0;
  let y = 0;
  for (let i = 0; i < Math.max(n, 1); i += 1) {
    const [ox, oy] = pawnOffset(i, Math.max(n, 1));
    x = Math.max(x, ox + PAWN_R + 1);
    y = Math.max(y, oy + PAWN_R * 0.8);
  }
  return [x, y + 3];
}

/** A rounded shield-like token, point up. */
export function shipPath(r) {
  return `M0 ${-r - 3} C ${r} ${-r} ${r + 1} ${r * 0.2} ${r * 0.75} ${r * 0.8} ` +
    `L ${-r * 0.75} ${r * 0.8} C ${-r - 1} ${r * 0.2} ${-r} ${-r} 0 ${-r - 3} Z`;
}

/** Dark or white ink, whichever contrasts more with ``hex`` (WCAG's relative luminance). */
export function inkFor(hex) {
  const n = parseInt(String(hex).slice(1), 16);
  if (Number.isNaN(n)) return "#ffffff";
  const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  const dark = 0.0065; // #10121c
  return (lum + 0.05) / (dark + 0.05) >= 1.05 / (lum + 0.05) ? "#10121c" : "#ffffff";
}

/**
 * Draw pawns in ``layer`` (cleared by the caller): ``pawns`` are ``{seat, at, color, letter,
 * title, active}`` in seat order, ``letter`` the player's name, ``at`` a place of ``board``
 * (pawns of an unknown place are left out). Each is ``g.pawn[data-seat][data-dot]``
 * translated to its place, labelled with its seat's own label (``pieceLabels``: no two pawns
 * of the table read the same, so they are told apart without their colours); the fan offset
 * sits inside the scaled group, so pawns stay apart at every zoom.
 */
export function drawPawnsAt(board, layer, pawns) {
  const labels = pieceLabels(pawns.map((p) => p.letter));
  const byPlace = new Map();
  for (const p of pawns) {
    if (p.at === null || p.at === undefined) continue;
    if (!byPlace.has(p.at)) byPlace.set(p.at, []);
    byPlace.get(p.at).push(p);
  }
  for (const [at, here] of byPlace) {
    const d = board.place(at);
    if (!d) continue;
    here.forEach((p, i) => {
      const label = labels[pawns.indexOf(p)];
      const [ox, oy] = pawnOffset(i, here.length);
      const g = svgEl("g", {
        class: `pawn${p.active ? " pawn-active" : ""}`, "data-seat": p.seat,
        "data-dot": at, "data-label": label, transform: `translate(${d.x} ${d.y})`,
      }, layer);
      svgEl("title", {}, g).textContent = p.title;
      const sc = svgEl("g", { class: "pawn-fan", transform: `translate(${ox} ${oy})` }, svgEl("g", { class: "sc" }, g));
      if (p.active) svgEl("circle", { r: PAWN_R + 7, class: "pawn-halo" }, sc);
      svgEl("path", { d: shipPath(PAWN_R), fill: p.color, class: "pawn-body" }, sc);
      const t = svgEl("text", { y: 4.5, "text-anchor": "middle", class: `pawn-letter${label.length > 1 ? " pawn-label-2" : ""}`, fill: inkFor(p.color) }, sc);
      t.textContent = label;
    });
  }
}

/** Where ``seat``'s pawn stands on the drawing now (its ``transform``), or null. */
export function pawnSpot(board, seat) {
  return board.layer("pawn").querySelector(`.pawn[data-seat="${seat}"]`)?.getAttribute("transform") ?? null;
}

/** Move one pawn along a list of places, one step at a time (resolves when it arrives, or at
 * once when ``signal`` aborts). When the rest of its way leaves the screen the map brings it
 * into view (``MapView.follow``: never while the player pans). */
export function animatePawn(board, seat, dots, { stepMs = 170, signal = null, start = null } = {}) {
  const g = board.layer("pawn").querySelector(`.pawn[data-seat="${seat}"]`);
  if (!g || !dots.length) return Promise.resolve();
  if (start) g.setAttribute("transform", start); // drawn at its end already: glide from where it was
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) stepMs = 20;
  g.parentNode.appendChild(g); // on top
  const ids = dots.filter((id) => board.place(id));
  const pts = ids.map((id) => board.place(id));
  const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute("transform"));
  let from = m ? { x: +m[1], y: +m[2] } : pts[0];
  return new Promise((resolve) => {
    let i = 0;
    let t0 = null;
    const frame = (t) => {
      if (i >= pts.length || signal?.aborted) { resolve(undefined); return; }
      if (t0 === null) { t0 = t; board.follow(ids.slice(i)); } // the map follows the ship (unless panned)
      const k = Math.min(1, (t - t0) / stepMs);
      const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      const to = pts[i];
      g.setAttribute("transform", `translate(${from.x + (to.x - from.x) * e} ${from.y + (to.y - from.y) * e})`);
      if (k >= 1) { from = to; i += 1; t0 = null; }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
