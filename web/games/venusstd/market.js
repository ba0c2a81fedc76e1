// The markets ("Markets", "Transaction Phase"): for each discovered culture, its top market
// token (its condition and the two pieces of equipment with their costs), the goods tokens
// with their cost and resale values, the racial technologies; the First Contact credits on
// its card. The trades the rules allow now (buy and sell commands of ``legal`` naming this
// culture's things) are buttons beside the thing they trade.
import { el, cmdButton } from "../../platform/dom.js";
import { money, titleCase } from "./names.js";
import { commandWords } from "./words.js";

/** Commands the market draws itself when it finds their thing on a card. */
export const MARKET_TYPES = new Set(["BuyGoods", "SellGoods", "BuyEquipment", "BuyTechnology", "BuyTech", "Buy", "Sell"]);

/** The markets of a view as a list ``[{culture, system, ...}]``, whatever it nests them in. */
export function marketsOf(view) {
  const m = view.markets || view.cultures || {};
  const list = Array.isArray(m) ? m : Object.entries(m).map(([key, v]) => ({ culture: key, ...(v || {}) }));
  return list.filter((x) => x && (x.discovered ?? x.open ?? true));
}

/** What a command trades (the thing its buttons sit beside). */
function thingOf(cmd) {
  return String(cmd.goods ?? cmd.token ?? cmd.item ?? cmd.equipment ?? cmd.tech ?? cmd.technology ?? "");
}

function priceLine(x) {
  const bits = [];
  if (x.cost !== undefined) bits.push(`cost ${money(x.cost)}`);
  if (x.price !== undefined) bits.push(money(x.price));
  if (x.resale) bits.push(`resale ${[].concat(x.resale).map(money).join(" / ")}`);
  return bits.join(" · ");
}

/** Draw the markets of ``view`` in ``root``; trading buttons from ``legal``. */
export function renderMarkets(root, view, legal, names, send) {
  root.replaceChildren();
  const markets = marketsOf(view);
  if (!markets.length) {
    root.append(el("p", { class: "hint" }, "No culture discovered yet: land on a surface city or neutral spaceport of a system to make first contact."));
    return;
  }
  const trades = legal.filter((c) => MARKET_TYPES.has(c.type));
  const used = new Set();
  const head = el("h3", {}, "Markets");
  root.append(head);
  for (const m of markets) {
    const card = el("section", { class: "vs-market", "data-culture": m.culture, "aria-label": `${names.culture(m.culture)} market` });
    const title = el("h4", {}, `${names.culture(m.culture)}${m.system ? ` · ${names.system(m.system)}` : ""}`);
    card.append(title);
    const token = m.token || m.market_token || m.top;
    if (token) {
      const cond = token.condition ?? token.kind ?? token.id;
      card.append(el("p", { class: "vs-token" }, `Market token: ${titleCase(cond)}`));
      const equip = token.equipment || [];
      if (equip.length) {
        const ul = el("ul", { class: "vs-equip" });
        for (const e of equip) {
          const li = el("li", {}, `${names.equipment(e.id ?? e.kind ?? e.name)} ${e.cost !== undefined ? money(e.cost) : ""}`);
          addTrades(li, trades, String(e.id ?? e.kind ?? e.name), names, send, used);
          ul.append(li);
        }
        card.append(ul);
      }
    }
    if (m.iou || m.credits) card.append(el("p", { class: "vs-iou" }, `First Contact credits: ${money(m.iou ?? m.credits)}${m.discoverer !== undefined ? ` (${names.seat(m.discoverer)})` : ""}`));
    for (const [label, list, nameOf] of [["Goods", m.goods, (g) => names.goods(g)], ["Technologies", m.technologies || m.techs, (t) => names.tech(t)]]) {
      if (!list || !list.length) continue;
      const ul = el("ul", { class: `vs-${label.toLowerCase()}` });
      for (const g of list) {
        const key = typeof g === "object" ? g.id ?? g.key ?? g.token ?? g.goods ?? g.tech : g;
        const li = el("li", {}, `${nameOf(typeof g === "object" ? g.kind ?? g.goods ?? g.tech ?? key : g)}${typeof g === "object" ? ` ${priceLine(g)}` : ""}`);
        addTrades(li, trades, String(key), names, send, used);
        ul.append(li);
      }
      card.append(el("h5", {}, label), ul);
    }
    if (m.passengers?.length) card.append(el("p", { class: "vs-pass" }, `Passengers waiting: ${m.passengers.map((p) => names.passenger(p.id ?? p)).join(", ")}`));
    root.append(card);
  }
  const rest = trades.filter((c) => !used.has(c));
  if (rest.length) {
    const box = el("div", { class: "vs-trades" });
    box.append(el("h4", {}, "Trade now"));
    for (const c of rest) box.append(cmdButton(commandWords(c, names), c, send));
    root.append(box);
  }
}

function addTrades(li, trades, key, names, send, used) {
  for (const c of trades) {
    if (used.has(c) || thingOf(c) !== key) continue;
    used.add(c);
    li.append(" ", cmdButton(commandWords(c, names), c, send, { class: "vs-trade" }));
  }
}
