// The standard board in the map: ``vsboard``'s SVG (``GET /api/games/venus-standard/board.svg``, each
// space a ``g[data-space]`` with ``data-x/y/kind/system``) in a MapView (zoom, pan, fit,
// follow), and the pieces of a view over it: ships (the platform's pawns), pirates,
// telegate and blue dot / asteroid tokens, mission tokens, merchant spaceports, drills, and
// the highlights of the spaces a command can take the ship to (each a keyboard button).
import { svgEl } from "../../platform/dom.js";
import { MapView } from "../../platform/mapview.js";
import { drawPawnsAt, fanBadgeSpot } from "../../platform/pawns.js";
import { boardSvg } from "./names.js";

// "badge": a token a ship stands on, drawn small at the ship's corner, over the ships
const LAYERS = ["secret", "market", "port", "token", "highlight", "pawn", "badge"];

/** The space a player's ship is on. */
export function shipSpace(p) { return p?.space ?? null; }

export class StandardBoard extends MapView {
  /** @type {((space: string) => void) | null} what a click on a space does (the page sets it) */
  onSpace = null;

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
    // each system's market area (three token slots: market, racial technology, goods) and
    // mission token area, as the board draws them
    this.markets = new Map();
    for (const g of svg.querySelectorAll("[data-market]")) {
      const slots = [...g.querySelectorAll("rect")].slice(1).map((r) => ({ x: +r.getAttribute("x"), y: +r.getAttribute("y"), w: +r.getAttribute("width"), h: +r.getAttribute("height") }));
      const box = g.querySelector("rect");
      this.markets.set(g.dataset.market, { x: +box.getAttribute("x"), y: +box.getAttribute("y"), w: +box.getAttribute("width"), slots });
    }
    this.missionAreas = new Map();
    for (const g of svg.querySelectorAll("[data-mission-area]")) {
      const c = g.querySelector("circle");
      if (c) this.missionAreas.set(g.dataset.missionArea, { x: +c.getAttribute("cx"), y: +c.getAttribute("cy") });
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
export function drawPieces(board, view, names, faceDown = {}) {
  if (!board.svg || !view) return;
  drawMarkets(board, view, names);
  drawFaceDown(board, view, names, faceDown);
  drawPorts(board, view, names);
  drawTokens(board, view, names);
  const layer = board.layer("pawn");
  clear(layer);
  const active = view.turn?.seat ?? -1;
  drawPawnsAt(board, layer, (view.players || []).map((p) => ({
    seat: p.seat, at: String(shipSpace(p)), color: names.color(p.seat), letter: p.name, active: p.seat === active,
    title: `${names.seat(p.seat)}'s ship — ${names.space(shipSpace(p))}`,
  })));
  const mv = view.movement;
  if (mv?.heading && view.players?.[mv.seat]) drawHeading(board, mv.seat, shipSpace(view.players[mv.seat]), mv.heading);
}

/** A small arrow from the moving ship towards the space it faces (Declare Heading). */
function drawHeading(board, seat, at, heading) {
  const from = board.dot(at);
  const to = board.dot(heading);
  if (!from || !to) return;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const x = from.x + ux * Math.min(26, len / 2);
  const y = from.y + uy * Math.min(26, len / 2);
  svgEl("path", {
    class: "heading", "data-seat": seat, d: `M${x + ux * 9} ${y + uy * 9} L${x - uy * 6} ${y + ux * 6} L${x + uy * 6} ${y - ux * 6} Z`,
    fill: "#fff", stroke: "#05070f", "stroke-width": 1.5,
  }, board.layer("pawn"));
}

const CONDITION_INK = { low: "#60a5fa", active: "#facc15", high: "#f87171" };

/** A finished game's replay (secrets.js): the face-down First Contact card of each system
 * not yet discovered at the moment shown, dimmed in its market area. */
function drawFaceDown(board, view, names, faceDown) {
  const layer = board.layer("secret");
  clear(layer);
  for (const system of view.first_contact_face_down || []) {
    const culture = faceDown[system];
    const box = board.markets?.get(system);
    if (!culture || !box) continue;
    const g = svgEl("g", { class: "fc-secret", "data-system": system, "data-culture": culture }, layer);
    svgEl("rect", { x: box.x - 8, y: box.y - 30, width: box.w + 16, height: 28, rx: 6, class: "fc-secret-bg" }, g);
    svgEl("text", { x: box.x + box.w / 2, y: box.y - 10, "text-anchor": "middle", class: "fc-secret-name" }, g).textContent = names.culture(culture);
    svgEl("title", {}, g).textContent = `Face down: the ${names.culture(culture)} First Contact card (the finished game shows it)`;
  }
}

/** Each discovered culture in its system's market area: its name, the top market token's
 * condition (L, A with the gear, H), how many technologies and goods are left; each
 * player's mission tokens at their destination's mission area ("Mission Tokens"). */
function drawMarkets(board, view, names) {
  const layer = board.layer("market");
  clear(layer);
  for (const m of Object.values(view.markets || {})) {
    if (!m?.discovered || !board.markets?.has(m.system)) continue;
    const box = board.markets.get(m.system);
    const cond = m.token?.condition;
    const g = svgEl("g", { class: "market-card", "data-culture": m.culture, "data-system": m.system }, layer);
    const label = svgEl("text", { x: box.x + box.w / 2, y: box.y - 6, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: "#f1d27a", stroke: "#05070f", "stroke-width": 3, "paint-order": "stroke" }, g);
    label.textContent = names.culture(m.culture);
    const cells = [
      [cond ? { low: "L", active: "A⚙", high: "H" }[cond] : "", cond ? CONDITION_INK[cond] : "#334"],
      [String((m.techs || []).length), "#a78bfa"],
      [String((m.goods || []).length), "#34d399"],
    ];
    box.slots.forEach((slot, i) => {
      const [txt, ink] = cells[i] || ["", "#334"];
      svgEl("rect", { x: slot.x, y: slot.y, width: slot.w, height: slot.h, rx: 4, fill: ink, "fill-opacity": i === 0 ? 0.9 : 0.35 }, g);
      const t = svgEl("text", { x: slot.x + slot.w / 2, y: slot.y + slot.h / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: i === 0 ? "#05070f" : "#fff" }, g);
      t.textContent = txt;
    });
    svgEl("title", {}, g).textContent = `The ${names.culture(m.culture)} market: ${cond ? `${cond} market` : "no market token"}, ${(m.techs || []).length} technologies and ${(m.goods || []).length} goods for sale`;
  }
  const byArea = new Map();
  for (const [seat, dests] of Object.entries(view.cards?.mission_tokens || {})) {
    for (const d of dests) {
      if (!byArea.has(d)) byArea.set(d, []);
      byArea.get(d).push(Number(seat));
    }
  }
  for (const [area, seats] of byArea) {
    const at = board.missionAreas?.get(area);
    if (!at) continue;
    seats.forEach((seat, i) => {
      const g = svgEl("g", { class: "mission-token", "data-area": area, "data-seat": seat }, layer);
      svgEl("circle", { cx: at.x + i * 16, cy: at.y, r: 10, fill: names.color(seat), stroke: "#05070f", "stroke-width": 2 }, g);
      svgEl("text", { x: at.x + i * 16, y: at.y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#05070f" }, g).textContent = "M";
      svgEl("title", {}, g).textContent = `${names.seat(seat)}'s mission token: a mission to the ${names.system(area)}`;
    });
  }
}

/** Merchant spaceports and drills in their owner's colour (``view.trade``). */
function drawPorts(board, view, names) {
  const layer = board.layer("port");
  clear(layer);
  for (const [space, owner] of Object.entries(view.trade?.spaceports || {})) {
    const d = board.dot(space);
    if (!d) continue;
    const g = svgEl("g", { class: "merchant-port", "data-space": space, "data-owner": owner }, layer);
    svgEl("rect", { x: d.x - 16, y: d.y - 16, width: 32, height: 32, rx: 6, fill: "none", stroke: names.color(owner), "stroke-width": 5 }, g);
    svgEl("title", {}, g).textContent = `${names.seat(owner)}'s merchant spaceport at ${names.space(space)}`;
  }
  for (const [space, owner] of Object.entries(view.trade?.drills || {})) {
    const d = board.dot(space);
    if (!d) continue;
    const g = svgEl("g", { class: "token token-drill", "data-space": space, "data-owner": owner }, layer);
    svgEl("path", { d: `M${d.x - 8} ${d.y - 22} L${d.x + 8} ${d.y - 22} L${d.x} ${d.y - 8} Z`, fill: names.color(owner), stroke: "#05070f", "stroke-width": 1.5 }, g);
    svgEl("title", {}, g).textContent = `${names.seat(owner)}'s drill at ${names.space(space)}`;
  }
}

const TOKEN_STYLE = {
  pirate: { fill: "#1f2937", stroke: "#ef4444", text: "☠", words: "pirates" },
  telegate: { fill: "#7c3aed", stroke: "#ede9fe", text: "T", words: "the telegate token" },
  blue_dot: { fill: "#2563eb", stroke: "#dbeafe", text: "•", words: "a blue dot token" },
  asteroid: { fill: "#78716c", stroke: "#e7e5e4", text: "◆", words: "an asteroid token" },
};

/** What the cards put on encounter spaces (``view.cards.tokens``: pirates, blue dots,
 * asteroids) and the telegate tokens (``view.cards.telegates``: number -> space). A token
 * on a space where ships stand (a ship stopped by pirates, "Pirate Engagement") is drawn
 * small at the ships' lower right corner, over them, so that both show. */
function drawTokens(board, view, names) {
  const layer = board.layer("token");
  const badges = board.layer("badge");
  clear(layer);
  clear(badges);
  const ships = new Map();
  for (const p of view.players || []) {
    const at = String(shipSpace(p));
    ships.set(at, (ships.get(at) || 0) + 1);
  }
  /** @type {{space: string, kind: string, infamy?: number, number?: string}[]} */
  const all = [
    ...Object.entries(view.cards?.tokens || {}).map(([space, t]) => ({ space, kind: t.kind, infamy: t.infamy })),
    ...Object.entries(view.cards?.telegates || {}).map(([number, space]) => ({ space, kind: "telegate", number })),
  ];
  for (const t of all) {
    const d = board.dot(t.space);
    const st = TOKEN_STYLE[t.kind];
    if (!d || !st) continue;
    const under = ships.get(String(t.space)) || 0;
    const g = svgEl("g", {
      class: `token token-${t.kind}${under ? " token-badge" : ""}`, "data-space": t.space,
      transform: `translate(${d.x} ${d.y})`,
    }, under ? badges : layer);
    const sc = svgEl("g", { class: "sc" }, g);
    const body = under ? svgEl("g", { transform: `translate(${fanBadgeSpot(under).join(" ")}) scale(0.68)` }, sc) : sc;
    svgEl("circle", { r: 14, fill: st.fill, stroke: st.stroke, "stroke-width": 3 }, body);
    svgEl("text", { y: 5, "text-anchor": "middle", "font-size": 15, "font-weight": "bold", fill: "#fff" }, body).textContent = t.kind === "telegate" ? String(t.number) : st.text;
    svgEl("title", {}, g).textContent = `${t.kind === "telegate" ? `${st.words} ${t.number}` : st.words}${t.infamy ? ` (${t.infamy} infamy under it)` : ""} at ${names.space(t.space)}${under ? `, under ${under === 1 ? "a ship" : `${under} ships`}` : ""}`;
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
  const bySpace = new Map();
  layer.onclick = (e) => { // the nearest space under the click (``MapView.pickAt``)
    const g = board.pickAt(e.clientX, e.clientY, ".hl[data-space]", "space");
    const t = g && bySpace.get(g.dataset.space);
    if (!t) return;
    e.stopPropagation();
    if (!board.suppressClick) onPick(t);
  };
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
    bySpace.set(String(t.space), t);
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(t); }
    });
  }
}
