// The turn's controls, from the legal commands: a jump as a player thinks of it (the world
// clicked on the map, its line's colour and chance, regular or station jump, random jump),
// cargo (pick up, deliver, abandon), the Action stage (build a station, buy an engine,
// petition with the Petition Table shown), the draw stage and the explicit end of turn, and
// the questions the rules ask (permission, the Emperor's price, Kluge, Telzey, where a
// special jump goes, the Insider's stations). Cards playable at any time are here too.
import { el, cmdButton } from "../../platform/dom.js";
import { askFirst } from "../../platform/confirm.js";
import { chance, percent } from "./data.js";
import { windowFor, windowStatus } from "./reactions.js";

export { cmdButton };

const of = (legal, type) => legal.filter((c) => c.type === type);
// the reaction windows' prompts have their own box (reactions.js)
const WINDOWS = ["avoid_calamity", "quarantine", "zap", "you_are_lost", "petition"];
// commands offered at any time, with their own controls (the deals panel, the card plays)
const ANYTIME = ["SetReactionPolicy", "PlayCard", "OfferDeal", "AnswerDeal", "WithdrawDeal", "WithdrawPermission", "DropOut"];

/** A window that waits for me though my setting does not ask me (nothing playable here, or
 * "never"): a pass now rather than the clock's. The window waits the clock for every seat
 * that stays silent, so its length tells nothing of anyone's cards; a quick pass tells only
 * what its player chooses to (docs/rulings.md, "The clock is the table's immediate"). */
function passNow(container, ctx) {
  const pass = of(ctx.legal, "PassReaction")[0];
  if (!pass) return;
  const p = el("p", { class: "st-pass-now" }, "Nothing asks you here: ");
  p.append(cmdButton("Pass now", pass, ctx.send, { class: "quiet", id: "st-pass-now" }), " or the table's clock passes you.");
  container.append(p);
}

/** Render the controls for this seat into ``container``. ``ctx``: {view, legal, extras,
 * names, me, send, picked (a world clicked), pick(world)}. */
export function renderTurn(container, ctx) {
  container.replaceChildren();
  const { view, legal, names, me } = ctx;
  const prompt = view.pending;
  const mine = prompt && prompt.seats.includes(me);
  const open = windowStatus(view, names, me);
  if (open) container.append(open);
  if (mine) {
    const part = PARTS[prompt.prompt];
    if (part) part(container, ctx);
    else if (!WINDOWS.includes(prompt.prompt)) generic(container, ctx, prompt.prompt);
    else if (!windowFor(view, me, ctx.stillAsked)) passNow(container, ctx);
  }
  for (const c of of(legal, "WithdrawPermission")) {
    section(container, "Permission", "st-withdraw").append(cmdButton("Withdraw the permission you gave", c, ctx.send, { id: "withdraw-permission", class: "quiet" }));
  }
  if (legal.some((c) => ["PickUp", "PickUpMission", "DeliverCompleted", "Abandon"].includes(c.type))) cargoControls(container, ctx);
  const plays = of(legal, "PlayCard");
  if (plays.length) playControls(container, ctx, plays);
  if (!mine && !plays.length && view.pending && !view.pending.seats.includes(me)) {
    const meanwhile = view.players?.[me] ? " You may offer deals meanwhile." : ""; // not a spectator
    const waited = view.pending.seats.map((s) => names.seat(s)).join(", ");
    container.append(el("p", { class: "muted", "data-waiting": view.pending.seats.join(" ") }, `Waiting for ${waited}.${meanwhile}`));
  }
}

function section(container, title, cls) {
  const box = el("div", { class: `st-controls ${cls}` });
  if (title) box.append(el("h4", {}, title));
  container.append(box);
  return box;
}

function moveControls(container, ctx) {
  const { legal, extras, names, send, picked, view } = ctx;
  const box = section(container, "Movement", "st-move");
  const jumps = extras?.jumps;
  if (jumps) box.append(el("p", { class: "muted" }, `${jumps.left} jump attempt${jumps.left === 1 ? "" : "s"} left from ${names.world(jumps.from)}. Click a ringed world on the map.`));
  const line = jumps?.lines.find((ln) => ln.to === picked);
  if (line) {
    const card = el("div", { class: "jump-card", "data-world": picked });
    card.append(el("strong", {}, `To ${names.world(picked)}`));
    const ink = el("span", { class: `line-chip line-${line.color}` }, `${line.color} line`);
    card.append(document.createTextNode(" "), ink);
    const regular = legal.find((c) => c.type === "Jump" && c.to === picked && c.kind === "regular");
    if (regular) {
      const label = line.regular ? `Regular jump: roll ${line.regular}+ (${percent(chance(line.regular))})` : "Regular jump: no roll needed";
      card.append(cmdButton(label, regular, send, { class: "primary", id: "jump-regular" }));
    }
    const station = legal.find((c) => c.type === "Jump" && c.to === picked && c.kind === "station");
    if (station && line.station !== null) {
      const owner = line.owner === ctx.me ? "your station" : `${names.seat(line.owner)}'s station: asks permission`;
      const label = `Station jump (${owner}): ${line.station ? `roll ${line.station}+ (${percent(chance(line.station))})` : "sure"}`;
      card.append(cmdButton(label, station, send, { id: "jump-station" }));
    }
    box.append(card);
  } else if (picked !== null && picked !== undefined) {
    box.append(el("p", { class: "notice" }, `${names.world(picked)} is not one jump from your ship.`));
  }
  const others = el("div", { class: "buttons" });
  for (const c of of(legal, "RandomJump")) others.append(cmdButton("Random jump (two dice name the world)", c, send, { id: "jump-random" }));
  for (const c of of(legal, "SpecialJump")) others.append(cmdButton(c.kind === "psychic" ? "Psychic Jump" : "Awesome Jump", c, send));
  for (const c of of(legal, "EndMovement")) others.append(cmdButton("End movement", c, send, { id: "end-movement" }));
  box.append(others);
  if (view.turn?.roll) box.append(el("p", { class: "st-roll" }, `Roll: ${view.turn.roll.roll ?? (view.turn.roll.dice || []).join(" and ")}`));
}

function cargoControls(container, ctx) {
  const { legal, names, send, view } = ctx;
  const box = section(container, "Cargo", "st-cargo");
  const row = el("div", { class: "buttons" });
  for (const c of of(legal, "PickUp")) {
    const k = view.contracts[c.slot];
    row.append(cmdButton(`Pick up ${k.cargo} (Contract #${c.slot + 1} to ${names.world(k.deliver)})`, c, send));
  }
  for (const c of of(legal, "PickUpMission")) row.append(cmdButton("Pick up the Imperial Cargo", c, send));
  for (const c of of(legal, "DeliverCompleted")) row.append(cmdButton(`Deliver to the Completed ${names.contractWords(c.contract)}`, c, send));
  for (const c of of(legal, "Abandon")) row.append(cmdButton(`Abandon ${names.cargo(c.cargo)} (5 Stellors, 3 Prestige)`, c, send, { class: "quiet" }));
  box.append(row);
}

function petitionTable(names, advanced) {
  const t = names.data.petition;
  const rows = advanced ? t.station : t.mission;
  const table = el("table", { class: "petition-table" });
  const cap = el("caption", {}, advanced ? "Imperial Station Petition Table (one die + Prestige bonus)" : `Petition Table (one die + 0/1/2 for Prestige under 20/25/more; ${t.prestige}+ Prestige to petition)`);
  table.append(cap);
  const head = el("tr", {});
  head.append(el("th", {}, "result"), el("th", {}, "outcome"));
  table.append(head);
  for (const [result, row] of Object.entries(rows).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const tr = el("tr", {});
    tr.append(el("td", {}, result), el("td", {}, petitionWords(row, advanced)));
    table.append(tr);
  }
  return table;
}

function petitionWords(row, advanced) {
  const what = advanced ? "the Imperial Station" : "the Mission";
  const out = [];
  if (row.lose_turn) out.push("lose your next turn");
  if (row.price !== undefined) out.push(row.price ? `${what} for ${row.price} Stellors` : `${what} free`);
  if (row.spend) out.push(`spend ${row.spend} Prestige`);
  if (row.spend_fraction) out.push(`spend 1/${row.spend_fraction} of your Prestige`);
  if (row.refuse_stellors || row.refuse_prestige) out.push(`refusing costs ${[row.refuse_stellors ? `${row.refuse_stellors} Stellors` : "", row.refuse_prestige ? `${row.refuse_prestige} Prestige` : ""].filter(Boolean).join(" and ")}`);
  if (row.price === undefined && row.stellors) out.push(`lose ${row.stellors} Stellors`);
  if (row.price === undefined && row.prestige) out.push(`lose ${row.prestige} Prestige`);
  return out.join("; ") || "nothing";
}

function actionControls(container, ctx) {
  const { legal, names, send, view, me } = ctx;
  const box = section(container, "Action", "st-action");
  const row = el("div", { class: "buttons" });
  const p = view.players[me];
  const prices = names.data.prices;
  for (const c of of(legal, "BuildStation")) row.append(cmdButton(`Build a station at ${names.world(p.world)} (${prices.station} Stellors, +${view.advanced ? 3 : 2} Prestige)`, c, send, { id: "build-station" }));
  for (const c of of(legal, "BuyEngine")) row.append(cmdButton(`Buy engine #${p.engines + 1} (${prices.engines[String(p.engines + 1)]} Stellors)`, c, send, { id: "buy-engine" }));
  for (const c of of(legal, "Petition")) row.append(cmdButton(view.advanced ? "Petition for an Imperial Station" : "Petition the Emperor for a Mission", c, send, { id: "petition" }));
  for (const c of of(legal, "DestroyEngine")) row.append(cmdButton(`Raid ${names.seat(c.target)}: destroy an engine (3 Prestige, 5+ to hit)`, c, send));
  for (const c of of(legal, "SkipAction")) row.append(cmdButton("No Action", c, send, { id: "skip-action", class: "quiet" }));
  box.append(row);
  if (of(legal, "Petition").length) box.append(petitionTable(names, view.advanced));
}

function drawControls(container, ctx) {
  const { legal, names, send } = ctx;
  const box = section(container, "Draw", "st-draw");
  const row = el("div", { class: "buttons" });
  for (const c of of(legal, "Draw")) row.append(cmdButton("Draw a Trader's Luck card", c, send, { id: "draw", class: "primary" }));
  for (const c of of(legal, "Exchange")) row.append(cmdButton(exchangeWords(c, names), c, send, { class: "quiet" }));
  for (const c of of(legal, "EndTurn")) row.append(cmdButton("End turn", c, send, { id: "end-turn", class: "primary" }));
  box.append(row);
}

function exchangeWords(c, names) {
  const cards = [c.card, ...(c.cards || [])].map((x) => names.card(x));
  return `Exchange ${cards.join(" and ")}`;
}

/** A prompt with no control of its own: a button per legal command of the prompt, worded. */
function generic(container, ctx, prompt) {
  const box = section(container, prompt.replace(/_/g, " "), "st-ask");
  const row = el("div", { class: "buttons" });
  for (const c of ctx.legal.filter((x) => !ANYTIME.includes(x.type))) row.append(cmdButton(commandWords(c, ctx.names), c, ctx.send));
  box.append(row);
}

/** Any command in a few words (the generic control). */
export function commandWords(c, names) {
  const parts = Object.entries(c).filter(([k]) => k !== "type").map(([k, v]) => {
    if (k === "card") return names.card(v);
    if (k === "cards") return (v || []).map((x) => names.card(x)).join(", ");
    if (k === "world" || k === "to") return v === null ? "nowhere" : names.world(v);
    if (k === "cargo") return names.cargo(v);
    if (k === "stellors") return `${v} Stellors`;
    return `${k.replace(/_/g, " ")} ${v}`;
  }).filter(Boolean);
  const verb = c.type.replace(/([a-z])([A-Z])/g, "$1 $2");
  return parts.length ? `${verb}: ${parts.join(", ")}` : verb;
}

function simple(title, label) {
  return (container, ctx) => {
    const box = section(container, title, "st-ask");
    const row = el("div", { class: "buttons" });
    for (const c of ctx.legal.filter((x) => label(x, ctx) !== null)) row.append(cmdButton(label(c, ctx), c, ctx.send));
    box.append(row);
  };
}

const PARTS = {
  move: moveControls,
  action: actionControls,
  draw: drawControls,
  permission: simple("Permission", (c, { view, names }) => c.type !== "AnswerPermission" ? null
    : c.grant ? `Grant ${names.seat(view.pending.detail?.seat ?? view.turn?.seat)} the use of your station` : "Refuse"),
  petition_price: (container, ctx) => {
    simple("The Emperor's price", (c, { view }) => c.type !== "PayPetition" ? null
      : c.pay ? payWords(view.turn?.petition || {}) : refuseWords(view.turn?.petition || {}))(container, ctx);
    container.lastChild.append(petitionTable(ctx.names, ctx.view.advanced));
  },
  kluge_payoff: simple("Kluge", (c) => c.type !== "ChooseKlugePayoff" ? null : c.engine ? "Take an engine" : "Take the Stellors and Prestige"),
  telzey_look: simple("Telzey", (c, { names }) => c.type !== "LookAtCards" ? null : `Look at ${names.seat(c.seat)}'s cards`),
  choose_jump: simple("Where to", (c, { names }) => c.type !== "ChooseJump" ? null : c.world === null ? "Stay" : `Jump to ${names.world(c.world)}`),
  auction: (container, ctx) => {
    const a = ctx.view.auction || {};
    simple(`Sealed bid for the station at ${ctx.names.world(a.world)}`, (c) => c.type !== "Bid" ? null
      : c.stellors ? `Bid ${c.stellors} Stellors` : "No bid")(container, ctx);
  },
  first_die: simple("The first die (Verdant Velma)", (c, { view }) => c.type !== "RerollFirstDie" ? null
    : c.reroll ? `Re-roll the first die (${view.turn?.roll?.die ?? view.pending?.detail?.die ?? "?"})` : "Keep it"),
  discard: simple("Too many cards: discard one", (c, { names }) => c.type !== "Discard" ? null : `Discard ${names.card(c.card)}`),
  abandon_excess: simple("Too much cargo: abandon one", (c, { names }) => c.type !== "Abandon" ? null : `Abandon ${names.cargo(c.cargo)}`),
  personality_bid: (container, ctx) => {
    const who = ctx.view.pending?.detail?.personality;
    simple(`Sealed bid for ${who ? ctx.names.personality(who) : "the Personality"}`, (c) => c.type !== "Bid" ? null
      : c.stellors ? `Bid ${c.stellors} Stellors` : "No bid")(container, ctx);
  },
  place_station: simple("The Insider's stations", (c, { names }) => c.type !== "PlaceStation" ? null : `Station at ${names.world(c.world)}`),
};

function payWords(p) {
  return `Pay ${p.price ?? 0} Stellors${p.spend ? ` and spend ${p.spend} Prestige` : ""}`;
}

function refuseWords(p) {
  const cost = [p.refuse_stellors ? `${p.refuse_stellors} Stellors` : "", p.refuse_prestige ? `${p.refuse_prestige} Prestige` : ""].filter(Boolean);
  return cost.length ? `Refuse (lose ${cost.join(" and ")})` : "Refuse";
}

function playWords(c, names, me) {
  const target = c.target === me ? "yourself" : names.seat(c.target);
  const extra = c.world ? ` at ${names.world(c.world)}` : c.cargo ? ` (${c.cargo})` : "";
  return `Play ${names.card(c.card)}${c.as_kind ? ` as ${c.as_kind}` : ""} on ${target}${extra}`;
}

/** What a card play would do now, in words: "Bob loses 2 Prestige". */
export function playEffect(c, view, names, me) {
  const kind = c.as_kind || names.cardKind(c.card);
  const info = names.data.luck[c.card] || {};
  const who = c.target === me ? "you" : names.seat(c.target);
  const lose = c.target === me ? "lose" : "loses";
  const victim = view.players?.[c.target];
  switch (kind) {
    case "favor": return `${who} ${c.target === me ? "gain" : "gains"} ${info.amount} Prestige`;
    case "disfavor": return `${who} ${lose} ${info.amount} Prestige`;
    case "gotcha": return c.target === me ? "nothing changes hands" : `you take ${Math.min(2, victim?.prestige ?? 2)} Prestige from ${who}`;
    case "lose-cargo": return `${who} ${lose} the ${names.cargo(c.cargo)}`;
    case "lose-station": return `${who} ${lose} the station at ${names.world(c.world)}`;
    case "takeover": return c.target === me ? "nothing changes hands; your movement ends and it is your Action" : `the station at ${names.world(c.world)} becomes yours; your movement ends and it is your Action`;
    case "piracy": return c.target === me ? "nothing changes hands" : `you take ${c.cargo ? `the ${names.cargo(c.cargo)}` : "no cargo"} and ${Math.min(2, victim?.prestige ?? 2)} Prestige from ${who}`;
    case "stressed": return `${who} ${c.target === me ? "pay" : "pays"} ${victim?.personality === "engineer" ? 5 : 10} Stellors for repairs or ${lose} an engine`;
    case "envoy": return `${who} must take the Imperial Envoy to ${names.world(info.world)}`;
    case "quarantine": return `no ship leaves ${names.world(c.world)} until the Quarantine ends`;
    case "priority-run": return "one more jump attempt this turn";
    case "superjump": return `your ship jumps to ${names.world(c.world)}, no roll needed`;
    case "codebreaker": return `a station jump to ${names.world(c.world)} without asking its owner`;
    default: return "";
  }
}

/** A Calamity played on oneself (the book allows it: Calamity Cards) */
function selfHarm(c, names, me) {
  const kind = c.as_kind || names.cardKind(c.card);
  return c.target === me && !!names.data.luck[c.card]?.calamity && !["quarantine"].includes(kind);
}

/** The card plays open now, card by card: its face, then each play with what it would do;
 * plays on others first; a Calamity on oneself last, and only on a second press. */
function playControls(container, ctx, plays) {
  const { names, me, view, send } = ctx;
  const box = section(container, "Play a card", "st-plays");
  const details = el("details", {});
  details.append(el("summary", {}, `${plays.length} card play${plays.length === 1 ? "" : "s"} open to you now`));
  const cards = [...new Set(plays.map((c) => c.card))];
  for (const card of cards) {
    const part = el("div", { class: "st-play-card", "data-card": card });
    part.append(el("h5", {}, names.card(card)), el("p", { class: "card-face" }, names.data.card_faces?.[card] || ""));
    const row = el("div", { class: "buttons" });
    const mine = plays.filter((c) => c.card === card);
    const order = [...mine.filter((c) => !selfHarm(c, names, me)), ...mine.filter((c) => selfHarm(c, names, me))];
    for (const c of order) {
      const effect = playEffect(c, view, names, me);
      const label = `${playWords(c, names, me)}${effect ? `: ${effect}` : ""}`;
      const b = cmdButton(label, c, send, { class: "quiet", "data-target": c.target });
      if (selfHarm(c, names, me)) {
        b.dataset.self = "1";
        askFirst(b, `${names.card(card)} is a Calamity: played on yourself, ${effect || "it strikes you"}.`, "Play it on yourself: press again", () => send(c));
      }
      row.append(b);
    }
    part.append(row);
    details.append(part);
  }
  box.append(details);
}
