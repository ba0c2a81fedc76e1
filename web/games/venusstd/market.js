// The markets ("Markets", "Transaction Phase"): for each discovered culture (``view.markets``),
// its top market token (the condition, which resale value its buyers pay, and the two pieces
// of equipment with their costs), its goods tokens (grouped: how many, cost, the three resale
// values), its racial technologies, the passengers waiting there, and the First Contact
// credits on its card. The buys the rules allow now sit beside the thing they buy, in the market
// where my ship is only (it comes first, open). Returns the commands it drew.
import { el, cmdButton } from "../../platform/dom.js";
import { money, titleCase } from "./names.js";
import { commandWords } from "./words.js";

/** The buy commands a market draws beside its things. */
export const MARKET_TYPES = new Set(["BuyGoods", "BuyEquipment", "BuyTechnology"]);

/** "Sell Actions": which of a goods token's three resale values a market condition pays. */
export const CONDITION_INDEX = { low: 0, active: 1, high: 2 };

const CONDITION_WORDS = {
  low: "low market: buyers pay the lowest resale value",
  active: "active market: buyers pay the middle resale value; a sale makes the culture produce",
  high: "high market: buyers pay the highest resale value",
};

/** The discovered markets of a view, as a list. */
export function marketsOf(view) {
  return Object.values(view.markets || {}).filter((m) => m && m.discovered);
}

/** The market of the system my ship is in, if discovered. */
export function marketHere(view, seat, names) {
  const p = view.players?.[seat];
  if (!p) return null;
  const system = names.spaces.get(String(p.space))?.system;
  return marketsOf(view).find((m) => m.system === system) || null;
}

/** Tokens grouped by kind: [{kind, name, count, first, tokens}] in their order. */
function grouped(tokens) {
  const out = new Map();
  for (const t of tokens || []) {
    if (!out.has(t.kind)) out.set(t.kind, { ...t, count: 0, tokens: [] });
    const g = out.get(t.kind);
    g.count += 1;
    g.tokens.push(t.id);
  }
  return [...out.values()];
}

/** Draw the markets of ``view`` in ``root``; buying buttons from ``legal``. ``opened``: the
 * cards the player opened or closed himself (culture -> open), kept across redraws. */
export function renderMarkets(root, view, legal, names, send, me, opened = new Map()) {
  root.replaceChildren();
  const drawn = new Set();
  // Galactic Base: passengers waiting there, traded-in rewards for sale ("Galactic Base")
  const base = [];
  if (view.trade?.base_passengers?.length) base.push(`passengers waiting: ${view.trade.base_passengers.map((p) => names.passenger(p)).join(", ")}`);
  if (view.cards?.rewards_for_sale?.length) base.push(`rewards for sale: ${view.cards.rewards_for_sale.map((r) => names.reward(r)).join(", ")}`);
  if (base.length) root.append(el("p", { class: "vs-base" }, `Galactic Base: ${base.join("; ")}.`));
  const markets = marketsOf(view);
  if (!markets.length) {
    root.append(el("p", { class: "hint" }, "No culture discovered yet: land on a surface city or spaceport of a system to make first contact."));
    return drawn;
  }
  const here = marketHere(view, me, names);
  const buys = legal.filter((c) => MARKET_TYPES.has(c.type));
  root.append(el("h3", {}, `Markets (${markets.length} discovered)`));
  const ordered = [...markets].sort((a, b) => Number(b === here) - Number(a === here));
  for (const m of ordered) {
    // only the market where the ship is sells ("Transaction Phase"): a Buy beside another
    // market's Shield would carry the command of the Shield here, at this market's price
    const mine = m === here ? buys : [];
    const open = opened.has(m.culture) ? opened.get(m.culture) : m === here || markets.length <= 2;
    const box = el("details", { class: "vs-market", "data-culture": m.culture, open });
    box.addEventListener("toggle", () => { if (box.open !== open) opened.set(m.culture, box.open); });
    const cond = m.token?.condition;
    box.append(el("summary", {}, `${names.culture(m.culture)} · ${names.system(m.system)}${cond ? ` · ${titleCase(cond)} market` : ""}${m === here ? " · you are here" : ""}`));
    if (m.token) {
      box.append(el("p", { class: `vs-token vs-cond-${cond}` }, `Market token: ${CONDITION_WORDS[cond] || titleCase(cond)}${m.stack_size ? ` (${m.stack_size} in the stack)` : ""}.`));
      const ul = el("ul", { class: "vs-equip", "aria-label": "Equipment for sale" });
      for (const e of m.token.equipment || []) {
        const li = el("li", {}, `${names.equipment(e.kind)} ${money(e.cost)}`);
        addBuys(li, mine.filter((c) => c.type === "BuyEquipment" && c.equipment === e.kind), names, send, drawn, "Buy");
        ul.append(li);
      }
      box.append(el("h5", {}, "Equipment"), ul);
    }
    const goods = grouped(m.goods);
    if (goods.length) {
      const ul = el("ul", { class: "vs-goods" });
      for (const g of goods) {
        const li = el("li", {}, `${g.name} ×${g.count}: cost ${money(g.cost)}, resale ${g.resale.map(money).join(" / ")}${g.dots > 1 ? ", 2 capacity dots" : ""}`);
        addBuys(li, mine.filter((c) => c.type === "BuyGoods" && g.tokens.includes(c.token)).slice(0, 1), names, send, drawn, `Buy for ${money(g.cost)}`);
        for (const c of mine) if (c.type === "BuyGoods" && g.tokens.includes(c.token)) drawn.add(c); // one button buys one of them
        ul.append(li);
      }
      box.append(el("h5", {}, "Goods"), ul);
    }
    const techs = grouped(m.techs);
    if (techs.length) {
      const ul = el("ul", { class: "vs-techs" });
      for (const t of techs) {
        const li = el("li", {}, `${t.name} ×${t.count}: ${money(t.cost)}, ${titleCase(t.type).toLowerCase()}`);
        addBuys(li, mine.filter((c) => c.type === "BuyTechnology" && t.tokens.includes(c.token)).slice(0, 1), names, send, drawn, `Buy for ${money(t.cost)}`);
        for (const c of mine) if (c.type === "BuyTechnology" && t.tokens.includes(c.token)) drawn.add(c);
        ul.append(li);
      }
      box.append(el("h5", {}, "Racial technologies"), ul);
    }
    if (m.passengers?.length) box.append(passengersWaiting(m.passengers, m === here ? legal : [], names, send, drawn));
    if (m.discoverer !== undefined) box.append(el("p", { class: "vs-iou" }, `First Contact card: ${names.seat(m.discoverer)}, ${money(m.iou ?? 0)} of credits on it (spent only here)`));
    root.append(box);
  }
  return drawn;
}

/** "Picking Up Passengers": the passengers waiting at a market, each with its Pick up button
 * where my ship may take it now. */
function passengersWaiting(waiting, legal, names, send, drawn) {
  const p = el("p", { class: "vs-pass" }, "Passengers waiting:");
  for (const key of waiting) {
    const span = el("span", { class: "vs-passenger", "data-passenger": key }, ` ${names.passenger(key)}`);
    for (const c of legal.filter((x) => x.type === "PickUpPassenger" && x.passenger === key && !drawn.has(x))) {
      drawn.add(c);
      span.append(" ", cmdButton("Pick up", c, send, { class: "vs-pickup", "aria-label": commandWords(c, names) }));
    }
    p.append(span);
  }
  return p;
}

function addBuys(li, cmds, names, send, drawn, label) {
  for (const c of cmds) {
    drawn.add(c);
    li.append(" ", cmdButton(label || commandWords(c, names), c, send, { class: "vs-trade", "aria-label": commandWords(c, names) }));
  }
}
