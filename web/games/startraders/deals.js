// Deals (Trades and Deals): offer any player a trade of Stellors, stations, cards,
// right-to-deliver markers, cargo and engines (the last two only on the same world); the open
// offers between me and another, with Accept / Refuse for the one asked and Withdraw for the
// offerer. Offers may be made at any time, during anyone's turn.
import { el } from "../../platform/dom.js";
import { cmdButton } from "./turn.js";
import { bundleWords } from "./words.js";

/** The open offers I make or am made. */
export function renderOffers(container, ctx) {
  const { view, legal, names, me, send } = ctx;
  container.replaceChildren();
  const offers = view.offers || [];
  if (!offers.length) return;
  container.append(el("h4", {}, "Open offers"));
  for (const o of offers) {
    const card = el("div", { class: "st-offer", "data-offer": o.id });
    const from = o.seat === me ? "You offer" : `${names.seat(o.seat)} offers`;
    const to = o.to === me ? "you" : names.seat(o.to);
    card.append(el("p", {}, `${from} ${to}: ${bundleWords(o.give, names)} for ${bundleWords(o.get, names)}.`));
    const row = el("div", { class: "buttons" });
    for (const c of legal.filter((x) => (x.type === "AnswerDeal" || x.type === "WithdrawDeal") && x.offer === o.id)) {
      const label = c.type === "WithdrawDeal" ? "Withdraw" : c.accept ? "Accept" : "Refuse";
      row.append(cmdButton(label, c, send, { class: c.accept ? "primary" : "quiet", "data-answer": label.toLowerCase() }));
    }
    card.append(row);
    container.append(card);
  }
}

function checks(name, items) {
  const box = el("fieldset", { class: "deal-items", "data-items": name });
  for (const [value, label] of items) {
    const id = `deal-${name}-${value}`.replace(/[^a-zA-Z0-9_-]/g, "_");
    const input = el("input", { type: "checkbox", id, value, "data-item": name });
    box.append(el("span", { class: "deal-item" }, null));
    box.lastChild.append(input, el("label", { for: id }, label));
  }
  return box;
}

/** The form to offer a deal. ``ctx.dealTo``: the seat chosen (kept across redraws). */
export function renderDealForm(container, ctx) {
  const { view, names, me, send } = ctx;
  container.replaceChildren();
  const mine = view.players?.[me];
  if (!mine || mine.out || !view.pending) return;
  const others = view.players.filter((p) => p.seat !== me && !p.out);
  if (!others.length) return;
  const form = el("form", { class: "st-deal-form", id: "deal-form" });
  const toSel = el("select", { id: "deal-to", name: "to" });
  for (const p of others) {
    const opt = el("option", { value: p.seat }, p.name);
    if (p.seat === ctx.dealTo) opt.selected = true;
    toSel.append(opt);
  }
  const toLabel = el("label", { for: "deal-to" }, "To ");
  form.append(el("p", {}, null));
  form.lastChild.append(toLabel, toSel);
  const sides = el("div", { class: "deal-sides" });
  form.append(sides);
  const draw = () => {
    sides.replaceChildren();
    const them = view.players[Number(toSel.value)];
    ctx.dealTo = them.seat;
    const same = them.world === mine.world;
    sides.append(side("give", "You give", mine, names, view, same, true), side("get", `You get from ${them.name}`, them, names, view, same, false));
    if (!same) sides.append(el("p", { class: "muted" }, "Cargo and engines trade only between ships on the same world."));
  };
  toSel.addEventListener("change", draw);
  draw();
  const submit = el("button", { type: "submit", id: "deal-send", class: "primary" }, "Offer");
  form.append(submit);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const bundle = (name) => {
      const part = form.querySelector(`[data-side="${name}"]`);
      const picked = (item) => [...part.querySelectorAll(`input[data-item="${item}"]:checked`)].map((i) => i.value);
      return {
        stellors: Number(part.querySelector("input[name=stellors]").value || 0),
        stations: picked("stations").map(Number),
        cards: picked("cards"),
        rights: picked("rights").map(Number),
        cargo: picked("cargo"),
        engines: Number(part.querySelector("input[name=engines]")?.value || 0),
      };
    };
    send({ type: "OfferDeal", to: Number(toSel.value), give: bundle("give"), get: bundle("get") });
  });
  container.append(form);
}

function side(name, title, p, names, view, same, own) {
  const box = el("div", { class: "deal-side", "data-side": name });
  box.append(el("h5", {}, title));
  const money = el("label", {}, "Stellors ");
  money.append(el("input", { type: "number", name: "stellors", min: 0, max: own ? p.stellors : 999, value: 0, inputmode: "numeric" }));
  box.append(money);
  const stations = Object.entries(view.stations || {}).filter(([, s]) => s === p.seat).map(([w]) => [w, `station ${names.world(w)}`]);
  if (stations.length) box.append(checks("stations", stations));
  if (own && (p.hand || []).length) box.append(checks("cards", p.hand.map((c) => [c, names.card(c)])));
  if (!own && p.cards) box.append(el("p", { class: "hint" }, `${p.cards} card${p.cards === 1 ? "" : "s"} held, unseen: a card can only be offered by its holder.`));
  const rights = (view.completed || []).filter((e) => (e.rights?.[String(p.seat)] || 0) > 0).map((e) => [e.contract.id, `right: ${e.contract.cargo} → ${names.world(e.contract.deliver)}`]);
  if (rights.length) box.append(checks("rights", rights));
  if (same) {
    const cargo = p.hold.filter((c) => c !== "imperial");
    if (cargo.length) box.append(checks("cargo", cargo.map((c) => [c, c])));
    const eng = el("label", {}, "Engines ");
    eng.append(el("input", { type: "number", name: "engines", min: 0, max: p.engines, value: 0 }));
    box.append(eng);
  }
  return box;
}
