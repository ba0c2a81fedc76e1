// The markets on the map (rule 2.42): a small card at each discovered Culture's Culture Box
// with its number, name and a count summary (Goods for sale with their price, Factory Goods,
// Demand markers, Fares waiting, Relics at the system's sun). Hovering, focusing or tapping
// the card opens its detail (an HTML panel over the board); Enter, Space or a tap pins it,
// Escape closes it. The Galactic Base gets a card when Fares wait there, and the Demand and
// Fare markers of Cultures not yet on the map are listed under "Off the map".
import { svgEl } from "./board.js";
import { placeAmong, placeCards } from "./layout.js";
import { itemName } from "./names.js";

const CARD_H = 46;
const CARD_TOP = -14; // the card hangs from the top of the Culture Box (the system's name is above)
const CHIP_GAP = 8;
const BOX_MID = 13; // the Culture Box's centre, below its (x, y)

/** What the view says is at one Culture (or the Galactic Base, ``base``): counted markers. */
export function marketOf(view, names, culture, system) {
  const ed = names.data.catalog; // printed numbers, from GET /api/games/venus/data
  const markers = view.market?.[culture] || [];
  const goods = markers.filter((m) => m === `goods:${culture}`).length;
  const factory = markers.filter((m) => m === `factory_goods:${culture}`).length;
  const demands = new Map(); // goods culture -> {count, bonus}
  const fares = new Map(); // destination -> {count, fee}
  for (const m of markers) {
    const [kind, a, b] = m.split(":");
    if (kind === "demand") {
      const d = demands.get(b) || { goods: b, count: 0, bonus: ed.demands[`${a}:${b}`] ?? null };
      d.count += 1;
      demands.set(b, d);
    } else if (kind === "fare") {
      const f = fares.get(b) || { to: b, count: 0, fee: ed.fares[`${a}:${b}`] ?? null };
      f.count += 1;
      fares.set(b, f);
    }
  }
  const relics = (system && view.suns?.[system]) || [];
  const info = names.data.cultures?.[culture];
  return {
    culture, system,
    number: ed.numbers[culture] || "",
    goods: goods ? { count: goods, price: info?.cost ?? null, name: names.goodsName(culture) } : null,
    factory: factory ? { count: factory, price: ed.factory_cost[culture] ?? null, name: info?.factory_goods || "Factory Goods" } : null,
    demands: [...demands.values()],
    fares: [...fares.values()],
    relics: relics.map((r) => ({ key: r, name: ed.relics[r]?.name || itemName(r), price: ed.relics[r]?.price ?? null })),
  };
}

const money = (n) => (n === null || n === undefined ? "" : `$${n}`);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function placeWords(names, view, culture) {
  if (culture === "base") return "the Galactic Base";
  const system = Object.entries(view.discovered || {}).find(([, c]) => c === culture)?.[0];
  return system ? `the ${names.cultureName(culture)} (${names.systemName(system)})` : `the ${names.cultureName(culture)}`;
}

function cultureTitle(names, m) {
  return m.culture === "base" ? "Galactic Base" : names.cultureName(m.culture);
}

/** The lines of a card's detail: [heading, [text, extra]...] sections. */
function detailSections(names, view, m) {
  const out = [];
  const sells = [];
  if (m.goods) sells.push([`${m.goods.count} × ${m.goods.name}`, money(m.goods.price)]);
  if (m.factory) sells.push([`${m.factory.count} × ${m.factory.name} (Factory Goods)`, money(m.factory.price)]);
  if (m.culture !== "base") out.push(["Goods for sale", sells.length ? sells : [["none left", ""]]]);
  if (m.demands.length) {
    out.push(["Demand bonuses", m.demands.map((d) => [
      `${d.count > 1 ? `${d.count} × ` : ""}${names.goodsName(d.goods)} (${names.cultureName(d.goods)})`,
      d.bonus !== null ? `+$${d.bonus}${d.count > 1 ? " each" : ""}` : ""])]);
  }
  if (m.fares.length) {
    out.push(["Passengers waiting", m.fares.map((f) => [
      `${f.count > 1 ? `${f.count} × ` : ""}to ${placeWords(names, view, f.to)}`, f.fee !== null ? `fee $${f.fee}` : ""])]);
  }
  if (m.relics.length) out.push(["Relics at the sun", m.relics.map((r) => [r.name, money(r.price)])]);
  return out;
}

/** The card's accessible label: everything on it, in one sentence per section. */
export function cardLabel(names, view, m, observed = false) {
  const head = m.culture === "base" ? "Galactic Base"
    : `${names.cultureName(m.culture)}, Culture ${m.number}${m.system ? `, ${names.systemName(m.system)}` : ""}${observed ? " (observed by you only)" : ""}`;
  const parts = [head];
  for (const [title, rows] of detailSections(names, view, m)) {
    parts.push(`${title}: ${rows.map(([t, x]) => (x ? `${t}, ${x}` : t)).join("; ")}`);
  }
  return `${parts.join(". ")}.`;
}

// --- drawing -------------------------------------------------------------------------------

function icon(kind, parent) {
  const g = svgEl("g", { class: `cc-icon cc-${kind}` }, parent);
  if (kind === "goods") { // a crate
    svgEl("rect", { x: -5.5, y: -5.5, width: 11, height: 11, rx: 1.5 }, g);
    svgEl("path", { d: "M-5.5 -1.5 H5.5 M-1.5 -5.5 V5.5", class: "cc-line" }, g);
  } else if (kind === "factory") {
    svgEl("path", { d: "M-6 5 L-6 -1 L-2.5 -4 L-2.5 -1 L1 -4 L1 -1 L3 -3 L3 -6 L5.5 -6 L5.5 5 Z" }, g);
  } else if (kind === "demand") { // a rising arrow: a bonus
    svgEl("path", { d: "M0 -6.5 L6 1 L2.2 1 L2.2 6 L-2.2 6 L-2.2 1 L-6 1 Z" }, g);
  } else if (kind === "fare") { // a passenger
    svgEl("circle", { cx: 0, cy: -3.6, r: 2.8 }, g);
    svgEl("path", { d: "M-5 6 C-5 -0.5 5 -0.5 5 6 Z" }, g);
  } else if (kind === "relic") {
    svgEl("path", { d: "M0 -6.5 L5.5 0 L0 6.5 L-5.5 0 Z" }, g);
  }
  return g;
}

/** The count chips of a card: [kind, text]. */
function chips(m) {
  const out = [];
  if (m.goods) out.push(["goods", `${m.goods.count}·${money(m.goods.price)}`]);
  if (m.factory) out.push(["factory", `${m.factory.count}·${money(m.factory.price)}`]);
  const demands = m.demands.reduce((n, d) => n + d.count, 0);
  if (demands) out.push(["demand", `${demands}`]);
  const fares = m.fares.reduce((n, f) => n + f.count, 0);
  if (fares) out.push(["fare", `${fares}`]);
  if (m.relics.length) out.push(["relic", `${m.relics.length}`]);
  return out;
}

const textWidth = (s, px) => s.length * px * 0.58; // a good-enough estimate for the fonts used

/** A card's element for market ``m`` wanted at (x, y), not yet on the map; answers its
 * record ({g, m, observed, at, w}) for ``CultureUi.cards``. ``label``: its ``cardLabel``. */
function drawCard(ui, names, m, x, y, label, observed = false) {
  const cs = chips(m);
  const title = cultureTitle(names, m);
  const chipW = cs.map(([, t]) => 15 + textWidth(t, 13));
  const rowW = chipW.reduce((a, b) => a + b, 0) + CHIP_GAP * Math.max(0, cs.length - 1);
  const nameW = textWidth(title, 15) + (m.number ? 24 : 0);
  const w = Math.max(84, Math.ceil(Math.max(rowW, nameW) + 18));
  const key = m.system || m.culture;
  const g = svgEl("g", {
    class: `culture-card culture-market${observed ? " culture-observed" : ""}`,
    transform: `translate(${x} ${y})`, "data-system": m.system || "", "data-culture": m.culture,
    tabindex: 0, role: "button", "aria-expanded": "false", "aria-controls": "culture-pop",
    "aria-describedby": `cc-desc-${key}`,
  }, null);
  g.dataset.key = key;
  // named by what it shows (the Culture's number and name, its chips: what a voice-control
  // user reads and says); everything it holds, in words, is its description
  const desc = svgEl("desc", { id: `cc-desc-${key}` }, g);
  desc.textContent = label;
  const sc = svgEl("g", { class: "cc-scale" }, g);
  svgEl("rect", { x: -w / 2, y: CARD_TOP, width: w, height: CARD_H, rx: 7, class: "culture-bg" }, sc);
  const head = svgEl("text", { x: 0, y: CARD_TOP + 18, "text-anchor": "middle", class: "culture-name" }, sc);
  if (m.number) {
    const n = svgEl("tspan", { class: "culture-number" }, head);
    n.textContent = `${m.number} `;
  }
  head.appendChild(document.createTextNode(observed ? `${title}?` : title));
  let cx = -rowW / 2;
  cs.forEach(([kind, text], i) => {
    const c = svgEl("g", { class: "cc-chip", transform: `translate(${cx} ${CARD_TOP + 34})` }, sc);
    icon(kind, c).setAttribute("transform", "translate(6 0)");
    svgEl("text", { x: 14, y: 4.6, class: `cc-count cc-count-${kind}` }, c).textContent = text;
    cx += chipW[i] + CHIP_GAP;
  });
  if (!cs.length) svgEl("text", { y: CARD_TOP + 38, "text-anchor": "middle", class: "culture-goods" }, sc).textContent = "nothing here";
  const open = (pin) => ui.show(key, g, pin);
  g.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") open(false); });
  g.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse" && document.activeElement !== g) ui.hide(false); });
  g.addEventListener("focus", () => open(false));
  g.addEventListener("blur", () => ui.hide(false));
  g.addEventListener("click", (e) => {
    e.stopPropagation(); // not a click on the map (moves.js picks the nearest highlight)
    if (ui.pinned && ui.open === key) ui.hide(true); else open(true);
  });
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      if (ui.pinned && ui.open === key) ui.hide(true); else open(true);
    } else if (e.key === "Escape" && ui.open === key) {
      e.stopPropagation();
      ui.hide(true);
    }
  });
  return { g, m, observed, at: { x, y }, w, key, sig: "", spot: null, z: 1, leader: [], was: null };
}

/** A card moved away from its Culture Box keeps a thin line to it (from the box's centre to
 * the nearest point of the card), so it reads as that system's. */
function leader(layer, at, spot, rect) {
  const bx = at.x;
  const by = at.y + BOX_MID;
  const x = Math.max(spot.x + rect.x0, Math.min(spot.x + rect.x1, bx));
  const y = Math.max(spot.y + rect.y0, Math.min(spot.y + rect.y1, by));
  if (Math.hypot(x - bx, y - by) < 12) return [];
  return [svgEl("line", { x1: bx, y1: by, x2: x, y2: y, class: "cc-leader" }, layer),
    svgEl("circle", { cx: bx, cy: by, r: 4, class: "cc-leader-end" }, layer)];
}

/** A card's rectangle at zoom ``z``, relative to its place. */
const cardRect = (c, z) => ({ x0: (-c.w / 2) * z, y0: CARD_TOP * z, x1: (c.w / 2) * z, y1: (CARD_TOP + CARD_H) * z });

// --- the detail panel and the "Off the map" note -------------------------------------------

class CultureUi {
  constructor(board, names) {
    this.board = board;
    this.names = names;
    this.view = null;
    this.cards = new Map(); // key -> {g, m, observed}
    this.open = null;
    this.pinned = false;
    const host = board.container.parentElement;
    this.pop = document.createElement("div");
    this.pop.id = "culture-pop";
    this.pop.className = "culture-pop";
    this.pop.hidden = true;
    host.appendChild(this.pop);
    this.offmap = document.createElement("details");
    this.offmap.className = "offmap";
    this.offmap.hidden = true;
    host.appendChild(this.offmap);
    this.svg = null;
    this.observer = new MutationObserver(() => { this.relayout(); this.place(); });
    document.addEventListener("pointerdown", (e) => {
      if (!this.pinned || /** @type {Element} */ (e.target).closest?.(".culture-market, .culture-pop")) return;
      this.hide(true);
    });
  }

  watch() { // keep the panel at its card while the map pans and zooms
    if (this.svg === this.board.svg) return;
    this.observer.disconnect();
    this.svg = this.board.svg;
    if (this.svg) this.observer.observe(this.svg, { attributes: true, attributeFilter: ["viewBox"] });
  }

  /** Lay the cards out on the map (layout.js): each as near its Culture Box as it can be
   * without covering a name, a dot or another card, at the size it is drawn now. Where the
   * map is too crowded for that (a phone at Fit), a card that still covers something is
   * drawn smaller, down to half its size, until it finds room. */
  layout() {
    this.placeSome([...this.cards.values()], []);
    this.laidAt = this.board.markScale;
    this.board.layer("culture").setAttribute("data-laid-at", (this.laidAt || 1).toFixed(3)); // for tests and tools
  }

  /** Place ``cards`` (drawn anew, or all of them) around ``kept``: cards that keep their
   * place and size, covered as cards placed before them (layout.js). */
  placeSome(cards, kept) {
    const s = (this.board.markScale || 1) * 1.05; // .cc-scale
    // a card drawn anew for its changed market starts from the size and place it had
    const k = cards.map((c) => (kept.length && c.was ? Math.min(1, c.was.z / s) : 1));
    const placed = kept.map((c) => {
      const r = cardRect(c, c.z);
      return { x0: c.spot.x + r.x0, y0: c.spot.y + r.y0, x1: c.spot.x + r.x1, y1: c.spot.y + r.y1 };
    });
    let spots = [];
    for (let round = 0; round < 6; round += 1) {
      const wanted = cards.map((c, i) => ({ x: c.at.x, y: c.at.y, rect: cardRect(c, s * k[i]),
        first: kept.length ? c.was?.spot : undefined }));
      spots = kept.length ? placeAmong(this.board, wanted, placed) : placeCards(this.board, wanted);
      // done when every card covers nothing, or no more than it did where it stood before
      const settled = (p, i) => p.cover === 0 || (wanted[i].first && p.x === wanted[i].first.x
        && p.y === wanted[i].first.y && p.cover <= wanted[i].first.cover);
      if (spots.every(settled)) break;
      spots.forEach((p, i) => { if (p.cover > 0) k[i] = Math.max(0.5, k[i] * 0.86); });
    }
    const leaders = this.leaders(!kept.length);
    cards.forEach((c, i) => {
      c.spot = { x: spots[i].x, y: spots[i].y, cover: spots[i].cover };
      c.z = s * k[i];
      c.was = null;
      c.g.setAttribute("transform", `translate(${c.spot.x} ${c.spot.y})`);
      const sc = c.g.querySelector(".cc-scale");
      if (k[i] < 1) sc.style.transform = `scale(${c.z.toFixed(4)})`;
      else sc.style.removeProperty("transform");
      for (const e of c.leader) e.remove();
      c.leader = c.m.culture !== "base" ? leader(leaders, c.at, c.spot, cardRect(c, c.z)) : [];
    });
  }

  /** The layer of leader lines (under the cards), emptied when ``empty``. */
  leaders(empty = true) {
    const layer = this.board.layer("culture");
    let g = layer.querySelector(":scope > .cc-leaders");
    if (!g) g = svgEl("g", { class: "cc-leaders", "aria-hidden": "true" }, null);
    if (layer.firstChild !== g) layer.prepend(g);
    if (empty) while (g.firstChild) g.firstChild.remove();
    return g;
  }

  /** The cards' size follows the zoom (--mark-scale): lay them out again when it changed,
   * once the zoom settles (a layout takes ~15 ms; never on every frame of a pinch). */
  relayout() {
    if (!this.cards.size || Math.abs((this.board.markScale || 1) - (this.laidAt || 0)) < 0.001) return;
    clearTimeout(this.pending);
    this.pending = setTimeout(() => { this.pending = 0; this.layout(); this.place(); }, 120);
  }

  show(key, g, pin) {
    const card = this.cards.get(key);
    if (!card) return;
    if (this.open && this.open !== key) this.cards.get(this.open)?.g.setAttribute("aria-expanded", "false");
    this.open = key;
    this.pinned = pin || (this.pinned && this.open === key);
    this.fill(card);
    g.setAttribute("aria-expanded", "true");
    g.classList.add("is-open");
    this.pop.hidden = false;
    this.place();
  }

  hide(force) {
    if (!this.open || (this.pinned && !force)) return;
    const card = this.cards.get(this.open);
    card?.g.setAttribute("aria-expanded", "false");
    card?.g.classList.remove("is-open");
    this.open = null;
    this.pinned = false;
    this.pop.hidden = true;
  }

  fill({ m, observed }) {
    const { names, view } = this;
    const pop = this.pop;
    pop.replaceChildren();
    pop.dataset.key = m.system || m.culture;
    const h = document.createElement("div");
    h.className = "cp-title";
    const strong = document.createElement("strong");
    strong.textContent = cultureTitle(names, m);
    h.appendChild(strong);
    if (m.number) {
      const n = document.createElement("span");
      n.className = "cp-number";
      n.textContent = `Culture ${m.number}`;
      h.prepend(n);
    }
    pop.appendChild(h);
    if (m.system || observed) {
      const where = document.createElement("div");
      where.className = "cp-where";
      where.textContent = `${m.system ? names.systemName(m.system) : ""}${observed ? " · observed by you only" : ""}`;
      pop.appendChild(where);
    }
    for (const [title, rows] of detailSections(names, view, m)) {
      const sec = document.createElement("div");
      sec.className = `cp-sec cp-${title.split(" ")[0].toLowerCase()}`;
      const t = document.createElement("div");
      t.className = "cp-head";
      t.textContent = title;
      const ul = document.createElement("ul");
      for (const [text, extra] of rows) {
        const li = document.createElement("li");
        const a = document.createElement("span");
        a.textContent = text;
        li.appendChild(a);
        if (extra) {
          const b = document.createElement("span");
          b.className = "cp-num";
          b.textContent = extra;
          li.appendChild(b);
        }
        ul.appendChild(li);
      }
      sec.append(t, ul);
      pop.appendChild(sec);
    }
  }

  place() {
    if (!this.open || this.pop.hidden) return;
    const card = this.cards.get(this.open);
    if (!card?.g.isConnected) { this.hide(true); return; }
    const host = this.board.container.parentElement.getBoundingClientRect();
    const c = card.g.getBoundingClientRect();
    const r = { left: c.left - host.left, right: c.right - host.left, top: c.top - host.top, bottom: c.bottom - host.top };
    const pw = this.pop.offsetWidth;
    const ph = this.pop.offsetHeight;
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    let left;
    let top = (r.top + r.bottom) / 2 - ph / 2;
    if (r.right + 8 + pw <= host.width - 4) left = r.right + 8; // beside the card, right
    else if (r.left - 8 - pw >= 4) left = r.left - 8 - pw; // or left
    else { // a narrow screen: centred under (or over) the card
      left = (r.left + r.right) / 2 - pw / 2;
      top = r.bottom + 6 + ph <= host.height - 4 ? r.bottom + 6 : r.top - 6 - ph;
    }
    this.pop.style.left = `${clamp(left, 4, host.width - pw - 4)}px`;
    this.pop.style.top = `${clamp(top, 4, host.height - ph - 4)}px`;
  }

  /** Demand and Fare markers waiting with Cultures not on the map (10.12). */
  renderOffmap(shown) {
    const { names, view } = this;
    const rows = [];
    for (const culture of Object.keys(view.market || {})) {
      if (culture === "base" || shown.has(culture)) continue;
      const m = marketOf(view, names, culture, null);
      for (const d of m.demands) {
        rows.push(`${names.cultureName(culture)} demands ${d.count > 1 ? `${d.count} × ` : ""}${names.goodsName(d.goods)} (${names.cultureName(d.goods)})${d.bonus !== null ? ` +$${d.bonus}` : ""}`);
      }
      for (const f of m.fares) {
        rows.push(`Passenger${f.count > 1 ? `s (${f.count})` : ""} at the ${names.cultureName(culture)} to ${placeWords(names, view, f.to)}${f.fee !== null ? `, fee $${f.fee}` : ""}`);
      }
    }
    const same = rows.join("\n");
    if (same === this.offmapRows) return; // as drawn
    this.offmapRows = same;
    const was = this.offmap.open;
    this.offmap.replaceChildren();
    this.offmap.hidden = !rows.length;
    if (!rows.length) return;
    const s = document.createElement("summary");
    s.textContent = `Off the map: ${plural(rows.length, "bonus marker")}`;
    s.setAttribute("aria-label", `Off the map: ${plural(rows.length, "bonus marker")} waiting with Cultures not yet discovered`);
    const ul = document.createElement("ul");
    for (const r of rows) {
      const li = document.createElement("li");
      li.textContent = r;
      ul.appendChild(li);
    }
    this.offmap.append(s, ul);
    this.offmap.open = was;
  }
}

const uis = new WeakMap();

/** Draw the culture cards of a view: only the cards whose market changed (what the view says
 * of it, keyed by the card's words) are drawn anew and placed among the others, which keep
 * their element and their place (a move that changes no market touches no card). A zoom that
 * changed the cards' size places them all again (``relayout``). An open card stays open, a
 * focused one focused. */
export function drawCultureCards(board, names, view) {
  let ui = uis.get(board);
  if (!ui) { ui = new CultureUi(board, names); uis.set(board, ui); }
  ui.names = names;
  ui.view = view;
  ui.watch();
  const layer = board.layer("culture");
  if (ui.layer !== layer) { // a new map: nothing of it drawn yet
    ui.layer = layer;
    ui.cards.clear();
    ui.laidAt = null;
  }
  for (const g of layer.querySelectorAll(":scope > .culture-secret")) g.remove(); // pieces.js draws them after
  const focused = layer.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const open = ui.open;
  const pinned = ui.pinned;
  const openCard = open ? ui.cards.get(open) : null;
  // what each card shows now: [market, x, y, observed]
  const wanted = [];
  const me = view.players.find((p) => p.observed);
  const shown = Object.entries(view.discovered || {}).map(([s, c]) => [s, c, false]);
  for (const [s, c] of Object.entries(me?.observed || {})) shown.push([s, c, true]);
  const onMap = new Set();
  const systems = new Set();
  for (const [system, culture, observed] of shown) {
    const box = names.systems.get(system)?.culture_box;
    if (!box) continue;
    onMap.add(culture);
    systems.add(system);
    wanted.push([marketOf(view, names, culture, system), box.x, box.y, observed]);
  }
  // Relics at a sun whose Culture is not on the map (not expected, but shown all the same)
  for (const system of Object.keys(view.suns || {})) {
    const box = names.systems.get(system)?.culture_box;
    if (systems.has(system) || !box) continue;
    const m = { culture: "", system, number: "", goods: null, factory: null, demands: [], fares: [],
      relics: marketOf(view, names, "", system).relics };
    wanted.push([{ ...m, culture: names.systemName(system) }, box.x, box.y, false]);
  }
  // Fares waiting at the Galactic Base (10.3): a card beside it
  const base = board.dot(names.data.galactic_base || "galactic-base");
  const atBase = marketOf(view, names, "base", null);
  if (base && (atBase.fares.length || atBase.demands.length)) {
    wanted.push([atBase, base.x, base.y + 110, false]); // under its name (then laid out)
  }
  // the cards: the same words at the same box keep their card; the others are drawn anew
  const cards = new Map();
  const fresh = [];
  for (const [m, x, y, observed] of wanted) {
    const label = cardLabel(names, view, m, observed);
    const sig = JSON.stringify([m, x, y, observed, label]);
    const key = m.system || m.culture;
    const old = ui.cards.get(key);
    if (old && old.sig === sig && !cards.has(key)) { cards.set(key, old); continue; }
    const card = drawCard(ui, names, m, x, y, label, observed);
    card.sig = sig;
    if (old?.spot) card.was = { spot: old.spot, z: old.z };
    cards.set(key, card);
    fresh.push(card);
  }
  for (const [key, old] of ui.cards) {
    if (cards.get(key) === old) continue;
    old.g.remove();
    for (const e of old.leader) e.remove();
  }
  ui.cards = cards;
  // in the order of the view (the tab order), moving no card that is in its place
  let at = ui.leaders(false);
  for (const card of cards.values()) {
    if (at.nextSibling !== card.g) layer.insertBefore(card.g, at.nextSibling);
    at = card.g;
  }
  const relaid = Math.abs((board.markScale || 1) - (ui.laidAt || 0)) >= 0.001; // the first, or a new zoom
  if (relaid) ui.layout();
  else if (fresh.length) ui.placeSome(fresh, [...cards.values()].filter((c) => !fresh.includes(c)));
  ui.renderOffmap(onMap);
  const card = open ? ui.cards.get(open) : null;
  if (card && card !== openCard) {
    ui.show(open, card.g, pinned); // its market changed: the detail anew
  } else if (card && relaid) {
    ui.place(); // the same card, placed again
  } else if (!card && open) {
    ui.open = null;
    ui.pinned = false;
    ui.pop.hidden = true;
  }
  const again = focused ? ui.cards.get(focused)?.g : null;
  if (again && document.activeElement !== again) again.focus({ preventScroll: true });
}
