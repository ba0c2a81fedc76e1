// Trading panels: the market of the Culture you are at (what it sells, what it pays for your
// Goods with Demand bonuses, barter values, Fares, the City limit), your ship card (holds,
// hull, jettison), trade offers between players (make, answer, withdraw).
// Every button is a command from ``legal`` (data-cmd holds it as JSON): the client never
// guesses a rule.
import { fireWords, itemWords } from "./words.js";
import { itemName } from "./names.js";
import { el } from "../../platform/dom.js";
import { askFirst } from "../../platform/confirm.js";

/** A button named by its words; ``label`` (what it buys, sells, and for how much) describes
 * it (``title``, a tooltip too), never a second name. */
export function cmdButton(text, cmd, send, { cls = "", label = null, disabled = false } = {}) {
  const b = el("button", { type: "button", class: cls, title: label });
  b.textContent = text;
  if (cmd) b.dataset.cmd = JSON.stringify(cmd);
  b.disabled = disabled || !cmd;
  b.addEventListener("click", () => { if (cmd) send(cmd); });
  return b;
}

/** The commands the market panel (and the offers) offer: the turn's buttons leave them to it. */
export const MARKET_TYPES = ["Swindle", "Revolt", "RebuildFort", "Buy", "Sell", "Barter", "PickUpFare", "DeliverFare",
  "Jettison", "OfferTrade", "AnswerOffer", "WithdrawOffer", "PickUpRelic"];

const money = (n) => `${Number(n).toLocaleString("en")}`;

/** Words for an item id, with deeds and ships spelled out. */
export function pieceWords(id, names) {
  const [kind, a] = String(id).split(":");
  if (kind === "deed") return names.deedName(id);
  if (kind === "ship") return `${itemName(a)} (ship)`;
  if (kind === "factory_goods") return names.data.cultures[a]?.factory_goods || itemWords(id, names);
  return itemWords(id, names);
}

/** Why an item cannot be bought now, in words, with its rule (``extras.market.why``). */
export function whyNot(problem, item, names) {
  if (!problem) return "not for sale to you now";
  const words = problem.message.split(item).join(itemWords(item, names));
  return `${words} (${problem.rule})`;
}

/** 3.4: a new ship trades in the old one; ask before so large a purchase, with the sums. */
function askShipChange(button, item, price, answer, names, buy) {
  const me = answer.view.players[answer.view.turn.seat];
  const old = `ship:${me.ship}`;
  const back = answer.extras.market.barter?.[old] ?? 0;
  const credit = answer.extras.market.credit || 0;
  const pay = Math.max(0, price - back - credit);
  const warning = `Change ships? The ${pieceWords(item, names).replace(" (ship)", "")} costs ${money(price)}; your ${itemName(me.ship)} trades in for ${money(back)}${credit ? ` and ${money(credit)} trade-in credit counts` : ""}, so you pay ${money(pay)} of your ${money(me.cash)} (3.4).`;
  askFirst(button, warning, `Yes, pay ${money(pay)}`, buy, { after: (b) => b.closest("table") });
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

/** The market panel for the seat trading now (``answer.extras.market``). */
export function renderMarket(root, answer, names, send) {
  root.replaceChildren();
  const m = answer.extras?.market;
  const legal = answer.legal || [];
  const relic = legal.find((c) => c.type === "PickUpRelic");
  if (!m && !relic) return;
  const box = el("div", { class: "ctl-group market-card" });
  root.appendChild(box);
  if (relic) {
    box.appendChild(el("h3", {}, "Relic"));
    box.appendChild(cmdButton("Pick up the relic here", relic, send, { cls: "primary" }));
  }
  if (!m) return;
  const base = m.culture === "base";
  const title = base ? "Galactic Base — the Tinkerers" : `Market of the ${names.cultureName(m.culture)}`;
  box.appendChild(el("h3", {}, title));
  const where = `${names.dotLabel(m.dot)} · ${m.site === "city" ? "City" : m.site === "spaceport" ? "Spaceport" : "landing"}`;
  box.appendChild(el("p", { class: "hint" }, where));
  if (m.limited) {
    const lim = el("p", { class: "limit", role: "note" });
    lim.append(el("strong", {}, "City limit (9.41): "),
      `one buy ${m.bought ? "✓ used" : "○ open"} · one sell or barter ${m.sold ? "✓ used" : "○ open"} this turn.`);
    box.appendChild(lim);
  } else if (m.site === "spaceport") {
    box.appendChild(el("p", { class: "hint" }, "Spaceport: buy and sell as much as you like (9.43)."));
  } else {
    box.appendChild(el("p", { class: "hint" }, "No City limit this turn (9.42)."));
  }
  if (m.credit) box.appendChild(el("p", { class: "credit" }, `Trade-in credit to spend here this turn: ${money(m.credit)}`));

  // what it sells
  const buys = legal.filter((c) => c.type === "Buy");
  const sells = Object.entries(m.sells);
  if (sells.length) {
    box.appendChild(el("h4", {}, "For sale"));
    const table = el("table", { class: "mkt" });
    table.appendChild(el("caption", { class: "visually-hidden" }, "What this Culture sells, with prices"));
    // a reason that stops several Buys (the City limit, 9.41) is said once, under the table;
    // each of those buttons points to it (its description), a reason of one row stays in it
    const reasons = sells.filter(([item]) => !buys.some((c) => c.item === item)).map(([item]) => whyNot(m.why?.[item], item, names));
    const shared = [...new Set(reasons.filter((w, i) => reasons.indexOf(w) !== i))];
    const sharedId = (why) => `buy-why-${shared.indexOf(why)}`;
    for (const [item, price] of sells) {
      const options = buys.filter((c) => c.item === item);
      const tr = el("tr", { "data-item": item });
      tr.append(el("th", { scope: "row" }, pieceWords(item, names)), el("td", { class: "num" }, money(price)));
      const td = el("td", { class: "act" });
      if (!options.length) {
        const why = whyNot(m.why?.[item], item, names);
        const b = cmdButton("Buy", null, send, { label: why, disabled: true });
        if (shared.includes(why)) {
          b.setAttribute("aria-describedby", sharedId(why));
          td.append(b);
        } else td.append(b, el("span", { class: "why" }, why));
      }
      for (const c of options) {
        const site = c.site ? ` at ${names.dotName(c.site)}` : "";
        const b = cmdButton(`Buy${site}`, c, send, { cls: "buy", label: `Buy ${pieceWords(item, names)}${site} for ${price}` });
        if (item.startsWith("ship:")) askShipChange(b, item, price, answer, names, () => send(c));
        td.appendChild(b);
      }
      tr.appendChild(td);
      table.appendChild(tr);
    }
    box.appendChild(table);
    for (const why of shared) box.appendChild(el("p", { class: "why why-all", id: sharedId(why) }, `Buy: ${why}`));
  }

  // what it buys from your hold
  const me = answer.view.players[answer.view.turn.seat];
  const inHold = [...new Set(me.goods)];
  if (!base && inHold.length) {
    box.appendChild(el("h4", {}, "Your Goods here"));
    const table = el("table", { class: "mkt" });
    for (const goods of inHold) {
      const offer = m.buys[goods];
      const tr = el("tr", { "data-item": goods });
      tr.appendChild(el("th", { scope: "row" }, pieceWords(goods, names)));
      if (offer) {
        const td = el("td", { class: "num" });
        td.append(money(offer.payoff));
        if (offer.bonus) td.append(" ", el("span", { class: "bonus" }, `+${offer.bonus} demand`));
        tr.appendChild(td);
        const sell = legal.find((c) => c.type === "Sell" && c.goods === goods);
        const act = el("td", { class: "act" });
        act.appendChild(cmdButton("Sell", sell, send, { cls: "sell", label: `Sell ${pieceWords(goods, names)} for ${offer.payoff + offer.bonus}` }));
        tr.appendChild(act);
      } else {
        const buyers = names.data.cultures[goods.split(":")[1]]?.buyers || [];
        tr.appendChild(el("td", { class: "muted", colspan: 2 }, `not bought here${buyers.length ? ` (buyers: ${buyers.map((k) => names.cultureName(k)).join(", ")})` : ""}`));
      }
      table.appendChild(tr);
    }
    box.appendChild(table);
  }

  // barter
  const barters = Object.entries(m.barter).filter(([item]) => !item.startsWith("ship:"));
  if (barters.length) {
    box.appendChild(el("h4", {}, "Trade in (barter, 9.32)"));
    const table = el("table", { class: "mkt" });
    for (const [item, value] of barters) {
      const cmd = legal.find((c) => c.type === "Barter" && c.item === item);
      const tr = el("tr", { "data-item": item });
      tr.append(el("th", { scope: "row" }, pieceWords(item, names)), el("td", { class: "num" }, `${money(value)} credit`));
      const act = el("td", { class: "act" });
      const [kind, key] = item.split(":");
      if (!cmd && kind === "iou" && key !== m.culture) {
        act.appendChild(el("span", { class: "muted" }, `only to the ${names.cultureName(key)}`));
      } else {
        act.appendChild(cmdButton("Trade in", cmd, send, { label: `Trade in ${pieceWords(item, names)} for ${value} credit` }));
      }
      tr.appendChild(act);
      table.appendChild(tr);
    }
    box.appendChild(table);
  }
  const ship = Object.entries(m.barter).find(([item]) => item.startsWith("ship:"));
  if (ship && Object.keys(m.sells).some((k) => k.startsWith("ship:"))) {
    box.appendChild(el("p", { class: "hint" }, `Buying a ship trades in your ${itemName(ship[0].split(":")[1])} for ${money(ship[1])} (3.4).`));
  }

  // fares
  const fares = Object.entries(m.fares);
  if (fares.length) {
    box.appendChild(el("h4", {}, "Fares"));
    const table = el("table", { class: "mkt" });
    for (const [fare, fee] of fares) {
      const pick = legal.find((c) => c.type === "PickUpFare" && c.fare === fare);
      const deliver = legal.find((c) => c.type === "DeliverFare" && c.fare === fare);
      const tr = el("tr", { "data-item": fare });
      tr.append(el("th", { scope: "row" }, pieceWords(fare, names)), el("td", { class: "num" }, `pays ${money(fee)}`));
      const act = el("td", { class: "act" });
      if (deliver) act.appendChild(cmdButton("Deliver", deliver, send, { cls: "sell" }));
      else act.appendChild(cmdButton("Pick up", pick, send, { label: `Pick up ${pieceWords(fare, names)}` }));
      tr.appendChild(act);
      table.appendChild(tr);
    }
    box.appendChild(table);
  }
  // Theft (15.5) and Forts (15.11): only the commands the rules offer now
  const theft = legal.filter((c) => ["Swindle", "Revolt", "RebuildFort"].includes(c.type));
  if (theft.length) {
    const g = el("div", { class: "theft", role: "group", "aria-label": "Theft and Forts" });
    g.appendChild(el("h4", {}, "Theft and Forts (15.5, 15.11)"));
    const who = (s) => answer.view.players[s]?.name ?? `seat ${s + 1}`;
    const row = el("div", { class: "row wrap" });
    for (const c of theft) {
      let text;
      if (c.type === "Swindle") text = `Swindle ${pieceWords(c.goods, names)} from ${who(c.target)} ($50)`;
      else if (c.type === "Revolt") text = `Revolt: take ${pieceWords(c.deed, names)}${c.fire?.length ? ` (firing ${fireWords(c.fire)})` : ""}`;
      else text = `Move your Fort from ${names.dotName(c.frm)} to ${names.dotName(c.site)}`;
      row.appendChild(cmdButton(text, c, send, { cls: c.type === "RebuildFort" ? "" : "danger", label: `${text} (${c.type === "Swindle" ? "15.53" : c.type === "Revolt" ? "15.54" : "15.11"})` }));
    }
    g.appendChild(row);
    box.appendChild(g);
  }
  if (m.demands?.length) {
    box.appendChild(el("p", { class: "hint" }, `Demand here: ${m.demands.map((d) => names.goodsName(d.split(":")[2])).join(", ")}.`));
  }
}

/** Holds a ship's load needs (3.431-3.432): one per Goods, one per two other markers off the Hull. */
export function holdsUsed(p, data) {
  const counts = {};
  for (const e of p.equipment) counts[e] = (counts[e] || 0) + 1;
  let onHull = 0;
  for (const [k, n] of Object.entries(counts)) onHull += Math.min(n, data.equipment?.[k]?.hull || 0);
  return p.goods.length + Math.ceil((p.fares.length + p.equipment.length - onHull) / 2);
}

/** A ship's working weapons in words (Lasers, Nova Balls, the Relic Laser), or "". */
export function weaponWords(p) {
  const out = [];
  for (const key of ["laser", "nova_ball"]) {
    const n = p.equipment.filter((e) => e === key).length - (p.damaged || []).filter((e) => e === key).length;
    if (n > 0) out.push(`${n > 1 ? `${n} ` : ""}${itemName(key)}${n > 1 ? "s" : ""}`);
  }
  if (p.relics.includes("laser")) out.push("Relic Laser");
  return out.join(", ");
}

/** Your ship: holds with their load, the hull, relics, IOUs; jettison when the rules allow. */
export function renderShip(root, player, answer, names, send) {
  root.replaceChildren();
  if (!player) return;
  const data = names.data;
  const ship = data.ships?.[player.ship] || { name: itemName(player.ship), holds: 0, dice: 0 };
  const card = el("div", { class: "ctl-group ship-card" });
  const used = holdsUsed(player, data);
  card.appendChild(el("h3", {}, `Your ship: ${ship.name}`));
  card.appendChild(el("p", { class: "hint" }, `${ship.dice} dice · ${used} of ${ship.holds} holds used`));
  const holds = el("div", { class: "holds", role: "list", "aria-label": "Holds" });
  const items = [...player.goods.map((g) => ["goods", g]), ...player.fares.map((f) => ["fare", f])];
  const hullKeys = new Set(Object.entries(data.equipment || {}).filter(([, e]) => e.hull).map(([k]) => k));
  const hull = [];
  const seen = {};
  for (const e of player.equipment) {
    seen[e] = (seen[e] || 0) + 1;
    if (hullKeys.has(e) && seen[e] <= (data.equipment[e].hull || 0)) hull.push(e); else items.push(["equipment", `equipment:${e}`]);
  }
  for (let i = 0; i < Math.max(ship.holds, used); i += 1) {
    const slot = el("div", { class: `hold${i >= ship.holds ? " over" : ""}`, role: "listitem" });
    holds.appendChild(slot);
  }
  // fill: Goods one per hold, others two per hold
  const slots = [...holds.children];
  let i = 0;
  let half = 0;
  for (const [kind, id] of items) {
    if (!slots[i]) break;
    const chip = el("span", { class: `cargo cargo-${kind}` }, pieceWords(id, names));
    slots[i].appendChild(chip);
    if (kind === "goods") { i += 1; half = 0; } else { half += 1; if (half === 2) { i += 1; half = 0; } }
  }
  for (const s of slots) if (!s.childNodes.length) s.appendChild(el("span", { class: "empty-hold" }, "empty"));
  card.appendChild(holds);
  const extras = [];
  if (hull.length) extras.push(`Hull: ${hull.map(itemName).join(", ")}`);
  const arms = weaponWords(player);
  if (arms) extras.push(`Weapons: ${arms}`);
  if (player.damaged?.length) extras.push(`Damaged (15.432, repaired where the Science sells it): ${player.damaged.map(itemName).join(", ")}`);
  if (player.forts?.length) extras.push(`Forts: ${player.forts.map((d) => names.dotLabel(d)).join(", ")}`);
  if (player.relics.length) extras.push(`Relics: ${player.relics.map(itemName).join(", ")}`);
  if (player.ious.length) extras.push(`IOUs: ${player.ious.map((k) => names.cultureName(k)).join(", ")}`);
  if (player.deeds.length) extras.push(`Deeds: ${player.deeds.map((d) => pieceWords(d, names)).join(", ")}`);
  for (const line of extras) card.appendChild(el("p", { class: "ship-line" }, line));
  const jettison = (answer.legal || []).filter((c) => c.type === "Jettison");
  if (jettison.length) {
    const row = el("div", { class: "row wrap" });
    for (const c of jettison) row.appendChild(cmdButton(`Jettison ${pieceWords(c.item, names)}`, c, send, { cls: "danger", label: `Jettison ${pieceWords(c.item, names)} (11.3)` }));
    card.appendChild(el("h4", {}, "Jettison (11.3)"));
    card.appendChild(row);
  }
  root.appendChild(card);
}

/** The offer on the table, if any: both sides see it; the one asked answers. */
export function renderOffer(root, answer, names, send, mySeat) {
  root.replaceChildren();
  const offer = answer.view.turn?.offer;
  if (!offer) return;
  const players = answer.view.players;
  const who = (s) => (s === mySeat ? "you" : players[s].name);
  const card = el("div", { class: "ctl-group urgent offer-card", role: "group", "aria-label": "Trade offer" });
  card.appendChild(el("h3", {}, `${mySeat === offer.frm ? "Your" : `${players[offer.frm].name}'s`} offer to ${who(offer.to)}`));
  const side = (title, items, cash) => {
    const parts = items.map((i) => pieceWords(i, names));
    if (cash) parts.push(`${money(cash)} in cash`);
    const p = el("p");
    p.append(el("strong", {}, `${title}: `), parts.length ? parts.join(", ") : "nothing");
    return p;
  };
  card.appendChild(side(`${offer.frm === mySeat ? "You give" : `${players[offer.frm].name} gives`}`, offer.give, offer.give_money));
  card.appendChild(side(`${offer.frm === mySeat ? "You ask for" : `${players[offer.frm].name} asks for`}`, offer.get, offer.get_money));
  const legal = answer.legal || [];
  const row = el("div", { class: "row" });
  const accept = legal.find((c) => c.type === "AnswerOffer" && c.accept);
  const refuse = legal.find((c) => c.type === "AnswerOffer" && !c.accept);
  const withdraw = legal.find((c) => c.type === "WithdrawOffer");
  if (mySeat === offer.to) {
    row.appendChild(cmdButton("Accept", accept || null, send, { cls: "primary", label: accept ? "Accept the offer" : "Accept (not possible now)" }));
    row.appendChild(cmdButton("Refuse", refuse || { type: "AnswerOffer", accept: false }, send, { label: "Refuse the offer" }));
  } else if (mySeat === offer.frm) {
    card.appendChild(el("p", { class: "hint" }, `Waiting for ${players[offer.to].name} to answer…`));
    if (withdraw) row.appendChild(cmdButton("Withdraw the offer", withdraw, send));
  } else {
    card.appendChild(el("p", { class: "hint" }, `Waiting for ${players[offer.to].name} to answer.`));
  }
  card.appendChild(row);
  root.appendChild(card);
}

/** Make an offer to a merchant on your dot (11.4): pieces and money each way. */
/** What the player has put in the trade form so far (open, fields, the focused field): a
 * redraw (a pushed view, a presence change) builds the form anew and must not lose it. */
function tradeFormState(root) {
  const det = root.querySelector("details.trade-form");
  if (!det) return null;
  const key = (i) => (i.type === "checkbox" ? `${i.dataset.side}:${i.value}` : i.id);
  const focused = det.contains(document.activeElement) ? key(document.activeElement) : null;
  const checked = new Set([...det.querySelectorAll("input[type=checkbox]:checked")].map(key));
  const value = (id) => det.querySelector(`#${id}`)?.value;
  return { open: det.open, to: value("offer-to"), give: value("offer-give-money"),
           get: value("offer-get-money"), checked, focused, key };
}

function restoreTradeForm(det, was, fill) {
  if (!was) return;
  det.open = was.open;
  const toSel = det.querySelector("#offer-to");
  if (was.to !== undefined && [...toSel.options].some((o) => o.value === was.to)) { toSel.value = was.to; fill(); }
  for (const id of ["offer-give-money", "offer-get-money"]) {
    const v = id === "offer-give-money" ? was.give : was.get;
    if (v !== undefined) det.querySelector(`#${id}`).value = v;
  }
  for (const i of det.querySelectorAll("input, select")) {
    if (i.type === "checkbox") i.checked = was.checked.has(was.key(i));
    if (was.focused && was.key(i) === was.focused) i.focus();
  }
}

export function renderTradeForm(root, answer, names, send) {
  const was = tradeFormState(root);
  root.replaceChildren();
  // offers are open-ended (any price): ``legal`` lists a sample (each piece given or asked
  // for nothing); money-only offers are fine too. Offered while trading, after landing, to
  // merchants on the same dot (11.1); the server checks the rest.
  const legal = (answer.legal || []).filter((c) => c.type === "OfferTrade");
  const view = answer.view;
  const turn = view.turn;
  if (!turn || turn.phase !== "trade" || !turn.landed || turn.offer) return;
  const me = view.players[turn.seat];
  const others = view.players.filter((p) => p.seat !== me.seat && p.dot === me.dot).map((p) => p.seat);
  if (!others.length) return;
  const det = el("details", { class: "ctl-group trade-form" });
  const names2 = others.map((s) => view.players[s].name).join(" or ");
  // closed, a details element shows only its summary: the summary says what opening it offers
  const summary = el("summary", {}, `Trade with ${names2} (same dot, 11.4)`);
  summary.appendChild(el("small", { class: "trade-hint" }, `Open to offer ${names2} money, Goods, Relics, Fares, Equipment or IOUs for theirs, at any price you both agree to.`));
  det.appendChild(summary);
  const form = el("form");
  const toSel = el("select", { id: "offer-to", "aria-label": "Offer to" });
  for (const s of others) toSel.appendChild(el("option", { value: String(s) }, view.players[s].name));
  const label = (text, control) => { const l = el("label", { class: "field" }); l.append(text, control); return l; };
  form.appendChild(label("Offer to ", toSel));
  const giveBox = el("fieldset", { class: "pieces" });
  const getBox = el("fieldset", { class: "pieces" });
  const giveMoney = el("input", { type: "number", min: "0", max: String(me.cash), value: "0", id: "offer-give-money", inputmode: "numeric" });
  const getMoney = el("input", { type: "number", min: "0", value: "0", id: "offer-get-money", inputmode: "numeric" });
  const fill = () => {
    const to = Number(toSel.value);
    giveBox.replaceChildren(el("legend", {}, "You give"));
    getBox.replaceChildren(el("legend", {}, `You ask from ${view.players[to].name}`));
    const mine = [...new Set(legal.filter((c) => c.to === to).flatMap((c) => c.give))];
    const theirs = [...new Set(legal.filter((c) => c.to === to).flatMap((c) => c.get))];
    for (const [box, items, side] of [[giveBox, mine, "give"], [getBox, theirs, "get"]]) {
      for (const item of items) {
        const l = el("label", { class: "check" });
        const cb = el("input", { type: "checkbox", value: item, "data-side": side });
        l.append(cb, ` ${pieceWords(item, names)}`);
        box.appendChild(l);
      }
    }
    giveBox.appendChild(label("Cash ", giveMoney));
    getBox.appendChild(label("Cash ", getMoney));
    getMoney.max = String(view.players[to].cash);
  };
  toSel.addEventListener("change", fill);
  fill();
  form.append(giveBox, getBox);
  const submit = el("button", { type: "submit", class: "primary", id: "offer-send" }, "Send the offer");
  form.appendChild(submit);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const pick = (side) => [...form.querySelectorAll(`input[data-side="${side}"]:checked`)].map((i) => i.value);
    send({ type: "OfferTrade", to: Number(toSel.value), give: pick("give"), get: pick("get"),
      give_money: Math.max(0, Number(giveMoney.value) || 0), get_money: Math.max(0, Number(getMoney.value) || 0) });
  });
  det.appendChild(form);
  root.appendChild(det);
  restoreTradeForm(det, was, fill);
}

export { same };
