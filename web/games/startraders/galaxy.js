// The galaxy map: the ruleset's SVG (GET /api/games/star-traders/board.svg; worlds are g#world-NN,
// jumplines line#line-LOW-HIGH) with the shared zoom, pan, fit and follow of the Venus map
// (Board), and an overlay drawn from the view: stations ringed in their owner's colour
// (Imperial Stations with a crown), ships, Pick Up / Deliver markers per Current Contract,
// Quarantines, and the worlds a jump can reach (a click says the line's colour and chance).
import { getText } from "../../platform/api.js";
import { svgEl } from "../../platform/dom.js";
import { MapView } from "../../platform/mapview.js";
import { pieceLabels } from "../../platform/seats.js";
import { chance, percent } from "./data.js";

const SHIP_R = 11;

export class Galaxy extends MapView {
  /** @type {((world: number) => void) | null} what a click on a world does (the page sets it) */
  onWorld = null;

  /** Fetch the galaxy's SVG and show it (web/platform/mapview.js: zoom, pan, fit, follow);
   * returns this map. Its places are the worlds, keyed by their number ("11".."66"). */
  async load() {
    const svg = this.show(await getText("/api/games/star-traders/board.svg"), ["route", "station", "marker", "highlight", "pawn"]);
    svg.setAttribute("aria-label", "The galaxy");
    for (const g of svg.querySelectorAll("g[data-world]")) {
      this.places.set(g.dataset.world, { x: +g.dataset.x, y: +g.dataset.y, kind: "world", el: g });
    }
    this.ready();
    this.bindWorldClicks();
    return this;
  }

  dot(id) { return this.places.get(String(id)); }

  /** A click (not a pan) on a world calls ``onWorld(number)``. */
  bindWorldClicks() {
    this.svg.addEventListener("click", (e) => {
      if (this.suppressClick) return;
      const g = e.target.closest("[data-world]");
      if (g && this.onWorld) this.onWorld(Number(g.dataset.world));
    });
  }
}

function clear(layer) { while (layer.firstChild) layer.firstChild.remove(); }

/** Draw the pieces of ``view`` over the galaxy. ``jumps``: the jumping seat's lines
 * (extras.jumps) to highlight; ``picked``: the world the player clicked. */
export function drawGalaxy(board, view, names, { jumps = null, picked = null, targets = [] } = {}) {
  drawStations(board, view, names);
  drawMarkers(board, view, names);
  drawShips(board, view, names);
  drawReach(board, view, names, jumps, picked);
  drawTargets(board, names, targets);
}

/** Worlds a click chooses directly (the Insider's stations, where a special jump goes). */
function drawTargets(board, names, targets) {
  for (const { world, label } of targets) {
    const d = board.dot(String(world));
    if (!d) continue;
    const g = svgEl("g", { class: "pick-world", "data-world": world, tabindex: 0, role: "button", "aria-label": label }, board.layer("highlight"));
    svgEl("circle", { cx: d.x, cy: d.y, r: 26, fill: "none", stroke: "#f472b6", "stroke-width": 4, "stroke-dasharray": "3 3" }, g);
    g.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && board.onWorld) { e.preventDefault(); board.onWorld(world); }
    });
  }
  void names;
}

function drawStations(board, view, names) {
  const layer = board.layer("station");
  clear(layer);
  const imperial = new Set(view.imperial_stations || []);
  for (const [world, owner] of Object.entries(view.stations || {})) {
    const d = board.dot(world);
    if (!d) continue;
    const r = world === "66" ? 30 : 24;
    const g = svgEl("g", { class: "station", "data-world": world, "data-owner": owner }, layer);
    svgEl("circle", { cx: d.x, cy: d.y, r, fill: "none", stroke: names.color(owner), "stroke-width": 6 }, g);
    const title = svgEl("title", {}, g);
    title.textContent = `${imperial.has(Number(world)) ? "Imperial Station" : "Station"} of ${names.seat(owner)} at ${names.world(world)}`;
    if (imperial.has(Number(world))) {
      svgEl("path", { class: "crown", d: crown(d.x, d.y - r - 6), fill: names.color(owner), stroke: "#05070f", "stroke-width": 1.5 }, g);
    }
  }
}

function crown(x, y) {
  return `M${x - 9} ${y + 5} L${x - 9} ${y - 4} L${x - 4.5} ${y} L${x} ${y - 6} L${x + 4.5} ${y} L${x + 9} ${y - 4} L${x + 9} ${y + 5} Z`;
}

/** "P1" at a Current Contract's pick-up world, "D1" at its delivery world (slot 0 is the
 * Imperial Contract, #1); several markers on one world stack to the left. */
function drawMarkers(board, view, names) {
  const layer = board.layer("marker");
  clear(layer);
  const at = new Map();
  const add = (world, label, kind, words) => {
    if (!at.has(world)) at.set(world, []);
    at.get(world).push({ label, kind, words });
  };
  (view.contracts || []).forEach((c, slot) => {
    if (!c) return;
    add(c.pickup, `P${slot + 1}`, "pickup", `Pick up ${c.cargo} here (Contract #${slot + 1}${slot === 0 ? ", the Imperial Contract" : ""})`);
    add(c.deliver, `D${slot + 1}`, "deliver", `Deliver ${c.cargo} here (Contract #${slot + 1}): ${c.stellors} Stellors, ${c.prestige} Prestige`);
  });
  for (const q of view.quarantines || []) add(q.world, "Q", "quarantine", `Quarantine! here (played by ${names.seat(q.by)})`);
  for (const [world, list] of at) {
    const d = board.dot(String(world));
    if (!d) continue;
    list.forEach((m, i) => {
      const x = d.x - 30 - i * 27;
      const y = d.y - 22;
      const g = svgEl("g", { class: `marker marker-${m.kind}`, "data-world": world, "data-label": m.label }, layer);
      const fill = m.kind === "pickup" ? "#0ea5e9" : m.kind === "deliver" ? "#f59e0b" : "#dc2626";
      svgEl("rect", { x: x - 12, y: y - 9, width: 24, height: 18, rx: 4, fill, stroke: "#05070f", "stroke-width": 1.5 }, g);
      const t = svgEl("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: "#05070f" }, g);
      t.textContent = m.label;
      svgEl("title", {}, g).textContent = m.words;
    });
  }
}

function drawShips(board, view, names) {
  const layer = board.layer("pawn");
  clear(layer);
  const byWorld = new Map();
  for (const p of view.players || []) {
    if (p.out) continue;
    if (!byWorld.has(p.world)) byWorld.set(p.world, []);
    byWorld.get(p.world).push(p);
  }
  const active = view.turn?.seat;
  // each ship's own label (the platform's: unique at the table), so ships differ without colour
  const labels = pieceLabels((view.players || []).map((p) => names.seat(p.seat)));
  for (const [world, ships] of byWorld) {
    const d = board.dot(String(world));
    if (!d) continue;
    ships.forEach((p, i) => {
      const ang = (Math.PI * 2 * i) / Math.max(ships.length, 1) + Math.PI / 4;
      const off = ships.length > 1 ? SHIP_R + 4 : 0;
      const x = d.x + 20 + Math.cos(ang) * off;
      const y = d.y + 20 + Math.sin(ang) * off;
      const g = svgEl("g", { class: `ship${p.seat === active ? " ship-active" : ""}`, "data-seat": p.seat, "data-world": world }, layer);
      if (p.seat === active) svgEl("circle", { cx: x, cy: y, r: SHIP_R + 5, fill: "none", stroke: "#fff", "stroke-width": 2, class: "ship-halo" }, g);
      svgEl("path", { d: `M${x} ${y - SHIP_R} L${x + SHIP_R} ${y + SHIP_R * 0.8} L${x} ${y + SHIP_R * 0.35} L${x - SHIP_R} ${y + SHIP_R * 0.8} Z`, fill: names.color(p.seat), stroke: "#05070f", "stroke-width": 1.5 }, g);
      const tag = svgEl("text", { x, y: y + SHIP_R + 11, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#fff", stroke: "#05070f", "stroke-width": 3, "paint-order": "stroke", class: "ship-label" }, g);
      tag.textContent = labels[p.seat] ?? "";
      g.dataset.label = tag.textContent;
      svgEl("title", {}, g).textContent = `${names.seat(p.seat)}'s ship at ${names.world(world)}`;
    });
  }
}

function drawReach(board, view, names, jumps, picked) {
  const layer = board.layer("highlight");
  clear(layer);
  for (const line of board.svg.querySelectorAll("#jumplines line.reach")) line.classList.remove("reach");
  if (!jumps) return;
  for (const ln of jumps.lines) {
    const d = board.dot(String(ln.to));
    if (!d) continue;
    const lo = Math.min(jumps.from, ln.to);
    const hi = Math.max(jumps.from, ln.to);
    board.svg.querySelector(`#line-${lo}-${hi}`)?.classList.add("reach");
    const best = Math.max(chance(ln.regular), ln.station === null ? 0 : chance(ln.station));
    const g = svgEl("g", {
      class: `reach-world${picked === ln.to ? " picked" : ""}`, "data-world": ln.to, tabindex: 0, role: "button",
      "aria-label": `Jump to ${names.world(ln.to)}: ${ln.color} line, ${percent(best)}`,
    }, layer);
    svgEl("circle", { cx: d.x, cy: d.y, r: 27, fill: "none", stroke: picked === ln.to ? "#fff" : "#a3e635", "stroke-width": 4, "stroke-dasharray": picked === ln.to ? null : "6 4" }, g);
    const t = svgEl("text", { x: d.x + 26, y: d.y - 24, "font-size": 13, "font-weight": "bold", fill: "#a3e635", stroke: "#05070f", "stroke-width": 3, "paint-order": "stroke" }, g);
    t.textContent = percent(best);
    g.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && board.onWorld) { e.preventDefault(); board.onWorld(ln.to); }
    });
  }
}
