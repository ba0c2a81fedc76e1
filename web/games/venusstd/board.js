// The standard board in the map: ``vsboard``'s SVG (``GET /boards/venus-standard.svg``, each
// space a ``g[data-space]`` with ``data-x/y/kind/system``) in a MapView (zoom, pan, fit,
// follow), and the pieces of a view over it: ships (the platform's pawns), pirates,
// telegate and blue dot / asteroid tokens, mission tokens, merchant spaceports, drills, and
// the highlights of the spaces a command can take the ship to (each a keyboard button).
import { svgEl } from "../../platform/dom.js";
import { MapView } from "../../platform/mapview.js";
import { drawPawnsAt } from "../../platform/pawns.js";
import { boardSvg } from "./names.js";

const LAYERS = ["port", "token", "highlight", "pawn"];

/** The space a player's ship is on, whatever the view calls it. */
export function shipSpace(p) {
  return p?.space ?? p?.at ?? p?.position ?? p?.dot ?? null;
}

/** A list or a map of pieces as ``[{space, ...}]``: ``["s1", ...]``, ``{"s1": x}``, ``[{space}]``. */
export function piecesAt(value, key = "value") {
  if (!value) return [];
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" && v !== null ? { ...v, space: v.space ?? v.at ?? v.dot } : { space: v }));
  return Object.entries(value).map(([space, v]) => ({ space, [key]: v }));
}

export class StandardBoard extends MapView {
  /** Fetch the board's SVG (once per page) and show it; its places are the spaces. */
  async load() {
    const svg = this.show(await boardSvg(), LAYERS);
    svg.setAttribute("aria-label", "The galactic cluster (standard board)");
    for (const g of svg.querySelectorAll("[data-space]")) {
      let x = Number(g.dataset.x);
      let y = Number(g.dataset.y);
      if (Number.isNaN(x) || g.dataset.x === undefined) {
        const c = g.matches("circle") ? g : g.querySelector("circle, rect, path");
        const b = c?.getBBox?.();
        if (b) { x = b.x + b.width / 2; y = b.y + b.height / 2; }
      }
      this.places.set(g.dataset.space, { x, y, kind: g.dataset.kind, system: g.dataset.system, el: g });
    }
    this.bindClicks();
    return this.ready();
  }

  dot(id) { return this.places.get(String(id)); }

  /** A click (not a pan) on a space calls ``onSpace(id)``. */
  bindClicks() {
    this.svg.addEventListener("click", (e) => {
      if (this.suppressClick) return;
      const g = e.target.closest("[data-space]");
      if (g && this.onSpace) this.onSpace(g.dataset.space);
    });
  }
}

function clear(layer) { while (layer?.firstChild) layer.firstChild.remove(); }

/** Every piece of ``view`` on the board (a full redraw; the zoom stays). */
export function drawPieces(board, view, names) {
  if (!board.svg || !view) return;
  drawPorts(board, view, names);
  drawTokens(board, view, names);
  const layer = board.layer("pawn");
  clear(layer);
  const active = view.turn?.seat ?? -1;
  drawPawnsAt(board, layer, (view.players || []).map((p) => ({
    seat: p.seat, at: String(shipSpace(p)), color: names.color(p.seat), letter: p.name, active: p.seat === active,
    title: `${names.seat(p.seat)}'s ship — ${names.space(shipSpace(p))}${p.heading ? `, heading to ${names.space(p.heading)}` : ""}`,
  })));
  drawHeadings(board, view);
}

/** A small arrow from each ship towards the space it faces (Declare Heading). */
function drawHeadings(board, view) {
  const layer = board.layer("pawn");
  for (const p of view.players || []) {
    const from = board.dot(shipSpace(p));
    const to = p.heading !== null && p.heading !== undefined ? board.dot(p.heading) : null;
    if (!from || !to) continue;
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const x = from.x + ux * 24;
    const y = from.y + uy * 24;
    svgEl("path", {
      class: "heading", "data-seat": p.seat, d: `M${x + ux * 9} ${y + uy * 9} L${x - uy * 6} ${y + ux * 6} L${x + uy * 6} ${y - ux * 6} Z`,
      fill: "#fff", stroke: "#05070f", "stroke-width": 1.5,
    }, layer);
  }
}

/** Merchant spaceports in their owner's colour ("Merchant Spaceport Phase"). */
function drawPorts(board, view, names) {
  const layer = board.layer("port");
  clear(layer);
  for (const { space, value } of piecesAt(view.spaceports || view.merchant_spaceports, "owner")) {
    const d = board.dot(space);
    if (!d) continue;
    const owner = typeof value === "object" && value !== null ? value.owner ?? value.seat : value;
    const g = svgEl("g", { class: "merchant-port", "data-space": space, "data-owner": owner }, layer);
    svgEl("rect", { x: d.x - 15, y: d.y - 15, width: 30, height: 30, rx: 6, fill: "none", stroke: names.color(owner), "stroke-width": 5 }, g);
    svgEl("title", {}, g).textContent = `${names.seat(owner)}'s merchant spaceport at ${names.space(space)}`;
  }
}

const TOKEN_STYLE = {
  pirate: { fill: "#1f2937", stroke: "#ef4444", text: "☠", words: "a pirate" },
  telegate: { fill: "#7c3aed", stroke: "#ede9fe", text: "T", words: "a telegate token" },
  blue_dot: { fill: "#2563eb", stroke: "#dbeafe", text: "•", words: "a blue dot / asteroid token" },
  mission: { fill: "#f59e0b", stroke: "#05070f", text: "M", words: "a mission token" },
  drill: { fill: "#a16207", stroke: "#fde68a", text: "D", words: "a drill" },
};

/** Pirates, telegate tokens, blue dots / asteroid tokens, mission tokens, drills. */
function drawTokens(board, view, names) {
  const layer = board.layer("token");
  clear(layer);
  const all = [
    ...piecesAt(view.pirates).map((t) => ({ ...t, kind: "pirate" })),
    ...piecesAt(view.telegate_tokens || view.telegates, "number").map((t) => ({ ...t, kind: "telegate" })),
    ...piecesAt(view.blue_dots || view.asteroid_tokens).map((t) => ({ ...t, kind: "blue_dot" })),
    ...piecesAt(view.mission_tokens).map((t) => ({ ...t, kind: "mission" })),
    ...piecesAt(view.drills, "owner").map((t) => ({ ...t, kind: "drill" })),
  ];
  const count = new Map();
  for (const t of all) {
    const d = board.dot(t.space);
    if (!d) continue;
    const i = count.get(t.space) || 0;
    count.set(t.space, i + 1);
    const st = TOKEN_STYLE[t.kind];
    const x = d.x + 17 + i * 14;
    const y = d.y - 17;
    const g = svgEl("g", { class: `token token-${t.kind}`, "data-space": t.space }, layer);
    svgEl("circle", { cx: x, cy: y, r: 9, fill: st.fill, stroke: st.stroke, "stroke-width": 2 }, g);
    const label = t.kind === "telegate" && (t.number ?? t.value) !== undefined ? String(t.number ?? t.value) : st.text;
    const tx = svgEl("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#fff" }, g);
    tx.textContent = label;
    const whose = t.kind === "mission" && t.seat !== undefined ? ` (${names.seat(t.seat)}'s mission)` : t.kind === "drill" && (t.owner ?? t.value) !== undefined ? ` (${names.seat(t.owner ?? t.value)})` : "";
    svgEl("title", {}, g).textContent = `${st.words}${t.kind === "telegate" ? ` ${label}` : ""}${whose} at ${names.space(t.space)}`;
  }
}

/**
 * Highlight the spaces a click can act on: ``targets`` are ``{space, label, badge, cmd, kind}``;
 * each is a ring in the platform's highlight styles (``.hl.hl-<kind>``: heading, dest, land,
 * penalty, reveal, step) that keeps a readable size at every zoom (``.sc``), a keyboard
 * button, with the movement left as a badge.
 */
export function drawTargets(board, targets, onPick) {
  const layer = board.layer("highlight");
  clear(layer);
  for (const t of targets) {
    const d = board.dot(t.space);
    if (!d) continue;
    const g = svgEl("g", {
      class: `hl hl-space hl-${t.kind || "dest"}`, "data-space": t.space, transform: `translate(${d.x} ${d.y})`,
      tabindex: 0, role: "button", "aria-label": t.label,
    }, layer);
    const r = t.space === "galactic-base" ? 38 : 21;
    const sc = svgEl("g", { class: "sc" }, g);
    svgEl("circle", { r: r + 4, class: "hl-hit" }, sc);
    svgEl("circle", { r, class: "hl-ring" }, sc);
    if (t.badge !== undefined && t.badge !== null) {
      svgEl("circle", { cx: r * 0.8, cy: -r * 0.8, r: 9, class: "hl-badge" }, sc);
      svgEl("text", { x: r * 0.8, y: -r * 0.8 + 4, "text-anchor": "middle", class: "hl-badge-text" }, sc).textContent = String(t.badge);
    }
    svgEl("title", {}, g).textContent = t.label;
    g.addEventListener("click", (e) => { e.stopPropagation(); if (!board.suppressClick) onPick(t); });
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(t); }
    });
  }
}
