// Pieces over the board: pawns in player colors, face-up "?" markers, discovered cultures at
// their culture box (cultures.js: their markets), Spaceports with their owner's color, and a label for every dot.
import { svgEl } from "./board.js";
import { drawCultureCards } from "./cultures.js";
import { itemName, markerWords } from "./names.js";
import { drawPawnsAt, inkFor } from "../../platform/pawns.js";

export { animatePawn, pawnSpot } from "../../platform/pawns.js";


/** Draw every piece the view shows (a full redraw, but for the culture cards: cultures.js
 * draws those whose market changed; the board keeps its zoom). ``secrets``
 * (the replay of a finished game only, from its full log): ``{markers: {dot: marker},
 * cultures: {system: culture}}``, shown where the view still has them face down. */
export function renderPieces(board, names, view, secrets = null) {
  drawCultureCards(board, names, view);
  drawMarkers(board, view);
  drawSpaceports(board, names, view);
  drawCombat(board, names, view);
  drawPawns(board, names, view);
  if (secrets) drawSecrets(board, names, view, secrets);
}

/** What the full log of a finished game tells: the face-down "?" markers and hidden IOUs. */
export function secretsOf(events) {
  const out = { markers: {}, cultures: {} };
  for (const ev of events) {
    if (ev.redacted || !ev.data) continue;
    if (ev.type === "IOUsPlaced") Object.assign(out.cultures, ev.data.iou_at || {});
    if (ev.type === "MarkersPlaced") Object.assign(out.markers, ev.data.boxes || {});
  }
  return Object.keys(out.markers).length || Object.keys(out.cultures).length ? out : null;
}

function drawSecrets(board, names, view, secrets) {
  const markers = board.layer("marker");
  for (const [dot, m] of Object.entries(view.qboxes || {})) {
    const d = board.dot(dot);
    const secret = secrets.markers[dot];
    if (!d || m.kind !== "hidden" || !secret) continue;
    const g = svgEl("g", { class: `marker marker-secret marker-${secret.kind}`, transform: `translate(${d.x} ${d.y})`, "data-dot": dot }, markers);
    svgEl("title", {}, g).textContent = `Face down: ${markerWords(secret)} (the finished game shows it)`;
    svgEl("rect", { x: -16, y: -16, width: 32, height: 32, rx: 6, class: "marker-tile" }, g);
    const label = secret.kind === "telegate" ? `${secret.number}` : secret.kind === "penalty" ? `${secret.amount}`
      : secret.kind === "relic" ? "R" : secret.kind === "open_port" ? "P" : "·";
    if (secret.kind === "penalty") svgEl("ellipse", { rx: 13, ry: 9, class: `penalty-chip penalty-${secret.color}` }, g);
    svgEl("text", { y: 5.5, "text-anchor": "middle", class: "marker-text" }, g).textContent = label;
  }
  const cultures = board.layer("culture");
  for (const system of view.hidden_cultures || []) {
    const culture = secrets.cultures[system];
    const box = names.systems.get(system)?.culture_box;
    if (!culture || !box) continue;
    const g = svgEl("g", { class: "culture-card culture-secret", transform: `translate(${box.x} ${box.y})`, "data-system": system }, cultures);
    svgEl("title", {}, g).textContent = `Face down: the ${names.cultureName(culture)} (the finished game shows it)`;
    svgEl("rect", { x: -62, y: -24, width: 124, height: 48, rx: 7, class: "culture-bg" }, g);
    svgEl("text", { y: -4, "text-anchor": "middle", class: "culture-name" }, g).textContent = names.cultureName(culture);
    svgEl("text", { y: 14, "text-anchor": "middle", class: "culture-goods" }, g).textContent = "face-down IOU";
  }
}

// a Fort (15.1): a small tower with battlements, about 22 x 22, centred on 0 0
const FORT_PATH = "M-10 10 L-10 -10 L-6 -10 L-6 -6 L-2 -6 L-2 -10 L2 -10 L2 -6 L6 -6 L6 -10 L10 -10 L10 10 Z";

/** Forts in their owner's color (15.1), the Rastur with their strength (16.3), the pool count. */
function drawCombat(board, names, view) {
  const ports = board.layer("port");
  for (const [dot, seat] of Object.entries(view.forts || {})) {
    const d = board.dot(dot);
    const owner = view.players[seat];
    if (!d || !owner) continue;
    const color = names.playerColor(owner);
    const g = svgEl("g", { class: "fort", transform: `translate(${d.x - 20} ${d.y - 18})`, "data-dot": dot, "data-owner": seat }, ports);
    svgEl("title", {}, g).textContent = `Fort of ${names.playerLabel(owner)} (${names.dotName(dot)}): a penalty of 60 for the others`;
    const sc = svgEl("g", { class: "sc" }, g);
    svgEl("path", { d: FORT_PATH, fill: color, class: "fort-body" }, sc);
    svgEl("rect", { x: -3, y: 2, width: 6, height: 8, fill: inkFor(color), class: "fort-door" }, sc);
  }
  const markers = board.layer("marker");
  for (const [dot, strength] of Object.entries(view.rastur || {})) {
    const d = board.dot(dot);
    if (!d) continue;
    const g = svgEl("g", { class: "rastur", transform: `translate(${d.x} ${d.y})`, "data-dot": dot, "data-strength": strength }, markers);
    svgEl("title", {}, g).textContent = `Rastur of strength ${strength} (${names.dotName(dot)}): a penalty; its City or Spaceport is cancelled (16.4)`;
    const sc = svgEl("g", { class: "sc" }, g);
    svgEl("polygon", { points: "0,-19 16.5,-9.5 16.5,9.5 0,19 -16.5,9.5 -16.5,-9.5", class: "rastur-body" }, sc);
    svgEl("text", { y: 5.5, "text-anchor": "middle", class: "rastur-text" }, sc).textContent = String(strength);
  }
  // the Active pool (16.2): face down, only its count is shown
  const wrap = board.container.parentElement;
  let note = wrap?.querySelector(".rastur-pool");
  const on = view.rastur_pool !== undefined && (view.rastur_pool > 0 || Object.keys(view.rastur || {}).length || view.rastur_reserve?.length);
  if (!on) { note?.remove(); return; }
  if (!note && wrap) {
    note = document.createElement("div");
    note.className = "rastur-pool";
    note.setAttribute("role", "status");
    wrap.appendChild(note);
  }
  if (!note) return;
  const extra = [];
  if (view.rastur_reserve?.length) extra.push(`reserve ${view.rastur_reserve.length}`);
  if (view.transit !== null && view.transit !== undefined) extra.push(`transit ${view.transit}`);
  if (view.rastur_hand !== null && view.rastur_hand !== undefined) extra.push(`just drawn: ${view.rastur_hand}`);
  // the pool is the game's clock: its last Rastur drawn is the Rastur's win (16.5; solitaire 17.5)
  const clock = view.rastur_pool ? `, the game's clock (${view.rastur_reserve?.length ? "17.5" : "16.5"})` : "";
  note.textContent = `Rastur pool: ${view.rastur_pool} face down${clock}${extra.length ? ` · ${extra.join(" · ")}` : ""}`;
  note.title = "16.2: drawing the last Rastur of the Active pool ends the game (the Rastur win)";
}

function clear(layer) { while (layer.firstChild) layer.firstChild.remove(); }

function drawPawns(board, names, view) {
  const layer = board.layer("pawn");
  clear(layer);
  const active = view.turn ? view.turn.seat : -1;
  drawPawnsAt(board, layer, view.players.map((p) => ({
    seat: p.seat, at: p.dot, color: names.playerColor(p), letter: p.name, active: p.seat === active,
    title: `${names.playerLabel(p)} — ${names.dotLabel(p.dot)}`,
  })));
}

function drawMarkers(board, view) {
  const layer = board.layer("marker");
  clear(layer);
  for (const [dot, m] of Object.entries(view.qboxes || {})) {
    const d = board.dot(dot);
    if (!d || m.kind === "hidden") continue;
    const g = svgEl("g", { class: `marker marker-${m.kind}`, transform: `translate(${d.x} ${d.y})`, "data-dot": dot }, layer);
    svgEl("title", {}, g).textContent = markerWords(m);
    if (m.kind === "empty") { // face up and empty: the box is a plain asteroid now
      svgEl("rect", { x: -13, y: -13, width: 26, height: 26, rx: 4, class: "marker-empty" }, g);
      continue;
    }
    svgEl("rect", { x: -16, y: -16, width: 32, height: 32, rx: 6, class: "marker-tile" }, g);
    const label = m.kind === "telegate" ? `${m.number}` : m.kind === "penalty" ? `${m.amount}`
      : m.kind === "relic" ? "R" : m.kind === "open_port" ? "P" : "";
    if (m.kind === "telegate") svgEl("circle", { r: 11, class: "gate-ring" }, g);
    if (m.kind === "penalty") svgEl("ellipse", { rx: 13, ry: 9, class: `penalty-chip penalty-${m.color}` }, g);
    const t = svgEl("text", { y: 5.5, "text-anchor": "middle", class: "marker-text" }, g);
    t.textContent = label;
  }
  // what this seat alone has spied (8.45): a small eye badge, for this viewer only
  for (const p of view.players) {
    for (const [dot, m] of Object.entries(p.spied || {})) {
      const d = board.dot(dot);
      if (!d) continue;
      const g = svgEl("g", { class: "spied", transform: `translate(${d.x + 14} ${d.y - 14})` }, layer);
      svgEl("title", {}, g).textContent = `You spied: ${markerWords(m)} (only you know)`;
      svgEl("circle", { r: 8 }, g);
      svgEl("text", { y: 3.5, "text-anchor": "middle" }, g).textContent = "👁";
    }
  }
}

function drawSpaceports(board, names, view) {
  const layer = board.layer("port");
  clear(layer);
  for (const [dot, seat] of Object.entries(view.spaceports || {})) {
    const d = board.dot(dot);
    const owner = view.players[seat];
    if (!d || !owner) continue;
    const g = svgEl("g", { class: "spaceport", transform: `translate(${d.x} ${d.y})`, "data-dot": dot }, layer);
    svgEl("title", {}, g).textContent = `Spaceport of ${names.playerLabel(owner)} (${names.dotName(dot)})`;
    svgEl("rect", { x: -22, y: -17, width: 44, height: 34, rx: 8, stroke: names.playerColor(owner), class: "port-ring" }, g);
    const flag = svgEl("g", { class: "sc port-flag", transform: "translate(-22 -17)" }, g);
    svgEl("circle", { r: 6, fill: names.playerColor(owner), class: "port-dot" }, flag);
  }
  // Factories (12.3): a small factory at its City or Spaceport, in its owner's color
  for (const [culture, site] of Object.entries(view.factories || {})) {
    const d = board.dot(site.dot);
    const owner = view.players[site.owner];
    if (!d || !owner) continue;
    const color = names.playerColor(owner);
    const g = svgEl("g", { class: "factory", transform: `translate(${d.x + 20} ${d.y + 16})`, "data-dot": site.dot, "data-culture": culture, "data-owner": site.owner }, layer);
    svgEl("title", {}, g).textContent = factoryWords(names, culture, owner);
    const sc = svgEl("g", { class: "sc" }, g);
    svgEl("path", { d: FACTORY_PATH, fill: color, class: "factory-body" }, sc);
    svgEl("rect", { x: -3, y: 2, width: 6, height: 7, fill: inkFor(color), class: "factory-door" }, sc);
  }
}

// a factory: saw-tooth roof and a chimney, about 26 x 22, centred on 0 0
const FACTORY_PATH = "M-13 10 L-13 -3 L-6 -9 L-6 -3 L1 -9 L1 -3 L6 -7 L6 -13 L11 -13 L11 -5 L13 -5 L13 10 Z";

function factoryWords(names, culture, owner) {
  return `Factory of the ${names.cultureName(culture)} (${names.data.cultures?.[culture]?.factory_goods || "Factory Goods"}), owned by ${names.playerLabel(owner)}`;
}

/** Tooltip for dots: hover (mouse) or focus (keyboard) shows what is there. */
export function bindDotTooltip(board, names, getView, tip) {
  const show = (dotId, clientX, clientY) => {
    const view = getView();
    const lines = [names.dotLabel(dotId)];
    const kind = names.kindWords(dotId);
    if (kind && !lines[0].includes(kind)) lines.push(kind);
    const m = view?.qboxes?.[dotId];
    if (m && m.kind !== "hidden") lines.push(markerWords(m));
    else if (m) lines.push("face-down marker");
    const port = view?.spaceports?.[dotId];
    if (port !== undefined && view.players[port]) lines.push(`Spaceport of ${names.playerLabel(view.players[port])}`);
    for (const [culture, site] of Object.entries(view?.factories || {})) {
      if (site.dot === dotId && view.players[site.owner]) lines.push(factoryWords(names, culture, view.players[site.owner]));
    }
    const fort = view?.forts?.[dotId];
    if (fort !== undefined && view.players[fort]) lines.push(`Fort of ${names.playerLabel(view.players[fort])} (penalty 60)`);
    if (view?.rastur?.[dotId] !== undefined) lines.push(`Rastur of strength ${view.rastur[dotId]}`);
    for (const p of view?.players || []) if (p.dot === dotId) lines.push(`${names.playerLabel(p)} is here`);
    const extra = board.container.querySelector(`.hl[data-dot="${CSS.escape(dotId)}"]`)?.dataset.tip;
    if (extra) lines.push(extra);
    tip.replaceChildren(...lines.map((l, i) => {
      const div = document.createElement("div");
      div.textContent = l;
      if (i === 0) div.className = "tip-title";
      return div;
    }));
    tip.hidden = false;
    const host = board.container.getBoundingClientRect();
    let x; let y;
    if (clientX === undefined) {
      const d = board.dot(dotId);
      ({ x, y } = board.toScreen(d.x, d.y));
    } else { x = clientX - host.left; y = clientY - host.top; }
    const w = tip.offsetWidth;
    tip.style.left = `${Math.max(4, Math.min(host.width - w - 4, x + 14))}px`;
    tip.style.top = `${Math.max(4, y - tip.offsetHeight - 12)}px`;
  };
  const hide = () => { tip.hidden = true; };
  board.container.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse" || board.gesture?.moved) { hide(); return; }
    const g = e.target.closest?.("[data-dot]");
    if (g) show(g.dataset.dot, e.clientX, e.clientY); else hide();
  });
  board.container.addEventListener("pointerleave", hide);
  board.container.addEventListener("focusin", (e) => {
    const g = e.target.closest?.("[data-dot]");
    if (g) show(g.dataset.dot); else hide();
  });
  board.container.addEventListener("focusout", hide);
  return { show, hide };
}

export function shipLine(p) {
  const bad = [...(p.damaged || [])];
  const gear = [...p.equipment.map((e) => {
    const i = bad.indexOf(e);
    if (i < 0) return itemName(e);
    bad.splice(i, 1);
    return `${itemName(e)} (damaged)`;
  }), ...p.relics.map((r) => (r === "laser" ? "Relic Laser" : itemName(r)))];
  return `${itemName(p.ship)}${gear.length ? ` · ${gear.join(", ")}` : ""}`;
}
