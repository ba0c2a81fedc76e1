// Star Traders for the platform (the GameModule of web/platform/games.js): its names, its
// part of the table page (page.js), the log in words, the end summary, the start page's
// options. The modules of this folder each take (view, legal, send).
import { el } from "../../platform/dom.js";
import { loadComponents } from "./data.js";
import { StarTradersPage } from "./page.js";
import { createForm } from "./create.js";
import { describeEvent } from "./words.js";

export { StarTradersPage };

/** The game's stylesheet, added to the page once when a Star Traders table opens. */
function useStyles() {
  const href = "/games/startraders/startraders.css";
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  const link = el("link", { rel: "stylesheet", href });
  document.head.append(link);
}

const KIND = {
  TurnStarted: "turn", Jumped: "move", RandomJumped: "move", LostJump: "move", JumpFailed: "move",
  DealOffered: "trade", DealAccepted: "trade", StationGiven: "trade", CargoGiven: "trade",
  CardsGiven: "private", CardsSeen: "private", CardsDrawn: "private", GameWon: "turn",
};

/** The log in words: one line per event worth a sentence. */
export function describeLog(events, names, who, reader) {
  const me = reader ?? names.me ?? -1;
  if (who) names.who = who; // the table's seat names, before any view has come
  const out = [];
  const open = []; // reaction windows opened in this batch: [index in out, anything played]
  for (const ev of events) {
    if (ev.type === "ReactionPlayed" || ev.type === "CalamityAvoided") open.forEach((w) => { w[1] = true; });
    if (ev.type === "WindowClosed" && ev.data && open.length) {
      const [at, played] = open.pop();
      if (!played) { // an interval everyone passed: neither its opening nor its end is news
        if (at >= 0) out.splice(at, 1);
        continue;
      }
    }
    const text = describeEvent(ev, names, me);
    if (ev.type === "WindowOpened" && ev.data) open.push([text ? out.length : -1, false]);
    if (text) out.push({ text, kind: KIND[ev.type] || "event", seq: ev.seq, type: ev.type });
  }
  return out;
}

/** What the others' cards and the rules did to my seat without my asking, in words (kept until
 * "Got it"): Calamities on me, You Are Lost!, a refused station, a deal offered to me. */
function notices(names, seat, evs) {
  if (seat === null || seat === undefined) return [];
  const out = [];
  const add = (ev, text) => out.push({ text, key: `st-${ev.seq}` });
  for (const ev of evs) {
    const d = ev.data;
    if (!d) continue;
    if (ev.type === "WindowOpened" && d.kind === "avoid_calamity" && d.victim === seat && d.by !== seat) {
      add(ev, `${names.seat(d.by)} plays ${names.card(d.card)} on ${d.world ? names.world(d.world) : "you"}.`);
    } else if (ev.type === "LostJump" && d.seat === seat) {
      add(ev, `You Are Lost! Your ship ends up at ${names.world(d.to)}.`);
    } else if (ev.type === "StationLost" && d.seat === seat) {
      add(ev, `You lose your station at ${names.world(d.world)}.`);
    } else if (ev.type === "CargoRemoved" && d.seat === seat && d.why === "lost") {
      add(ev, `You lose your cargo of ${names.cargo(d.cargo)}.`);
    } else if (ev.type === "PermissionAnswered" && d.seat === seat && !d.granted) {
      add(ev, `${names.seat(d.owner)} refuses you the station at ${names.world(d.to)} this turn.`);
    } else if (ev.type === "DealOffered" && d.to === seat) {
      add(ev, `${names.seat(d.seat)} offers you a deal (see the offers in your panel).`);
    }
  }
  return out.map((n) => ({ ...n, text: n.text.replace(/!\.$/, "!") }));
}

// the game page's keys; the platform adds ?, m, f, t and Esc
/** @type {import("../../platform/games.js").Shortcut[]} */
const KEYS = [
  [["n"], "Next world one jump away (Enter shows its line and chance)", ["n"], () => cycle(1)],
  [["Shift", "n"], "Previous world one jump away", ["N"], () => cycle(-1)],
  [["j"], "Regular jump to the world chosen", ["j", "J"], "#jump-regular"],
  [["x"], "End the movement", ["x", "X"], "#end-movement"],
  [["d"], "Draw a Trader's Luck card", ["d", "D"], "#draw"],
  [["e"], "End your turn", ["e", "E"], "#end-turn"],
  [["p"], "Pass in a reaction window", ["p", "P"], '#st-reaction button[data-react="PassReaction"], #st-pass-now'],
];

/** Focus the next (``step`` 1) or previous (-1) world one jump away on the map, wrapping. */
function cycle(step) {
  const all = [...document.querySelectorAll("#board .reach-world, #board .pick-world")];
  if (!all.length) return false;
  const at = all.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
  all[next].focus();
  return true;
}

/** The latest jump in ``evs`` with where it started: {seat, from, to}, or null. */
function lastJump(evs) {
  let jump = null;
  for (const ev of evs) {
    const d = ev.data;
    if (!d) continue;
    if ((ev.type === "Jumped" || ev.type === "RandomJumped") && d.origin !== undefined) jump = { seat: d.seat, from: d.origin, to: d.to };
    else if (ev.type === "LostJump" && jump && jump.seat === d.seat) jump = { ...jump, to: d.to };
  }
  return jump;
}

/** The ship glides from the world it left to where the pieces already show it (at most
 * ``totalMs``); an abort puts it in place at once. */
function glide(board, jump, { totalMs = 700, signal = null } = {}) {
  const ship = jump && board.svg?.querySelector(`.ship[data-seat="${jump.seat}"]`);
  const a = jump && board.dot(String(jump.from));
  const b = jump && board.dot(String(jump.to));
  if (!ship || !a || !b || matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = () => { ship.removeAttribute("transform"); resolve(undefined); };
    signal?.addEventListener("abort", done, { once: true });
    const frame = (now) => {
      if (signal?.aborted) return;
      const k = Math.min(1, (now - t0) / totalMs);
      const left = 1 - k * (2 - k); // ease out
      ship.setAttribute("transform", `translate(${dx * left} ${dy * left})`);
      if (k < 1) requestAnimationFrame(frame); else done();
    };
    requestAnimationFrame(frame);
  });
}

const COMMAND = {
  Jump: (c, n) => `${c.kind === "station" ? "Station jump" : "Jump"} to ${n.world(c.to)}`,
  RandomJump: () => "Random jump", EndMovement: () => "End movement", BuildStation: () => "Build a station",
  BuyEngine: () => "Buy an engine", Petition: () => "Petition the Emperor", SkipAction: () => "No Action",
  Draw: () => "Draw a card", EndTurn: () => "End turn", PassReaction: () => "Pass",
  PickUp: (c) => `Pick up from Contract #${c.slot + 1}`, OfferDeal: (c, n) => `Offer ${n.seat(c.to)} a deal`,
  AnswerDeal: (c) => (c.accept ? "Accept the deal" : "Refuse the deal"), WithdrawDeal: () => "Withdraw the offer",
  PayPetition: (c) => (c.pay ? "Pay the Emperor" : "Refuse the price"),
  AnswerPermission: (c) => (c.grant ? "Grant permission" : "Refuse permission"),
  PlayCard: (c, n) => `Play ${n.card(c.card)}`, AvoidCalamity: (c, n) => `Avoid the Calamity (${n.card(c.card)})`,
  PlayYouAreLost: (c, n) => `Play ${n.card(c.card)}`, Zap: (c, n) => `${n.card(c.card)} ${c.delta > 0 ? "+" : ""}${c.delta}`,
  Reroll: () => "Re-roll", SetReactionPolicy: (c) => `Reaction setting: ${c.policy}`,
};

export function commandWords(cmd, names) {
  const f = COMMAND[cmd.type];
  return f ? f(cmd, names) : cmd.type.replace(/([a-z])([A-Z])/g, "$1 $2");
}

async function loadNames() {
  useStyles();
  const names = await loadComponents();
  names.playerLabel = (p) => p.name;
  // the lobby's seat choice: a Personality (Optional Rules, "Selecting Personalities")
  names.choiceName = (key) => names.personality(key);
  names.choiceLabel = (key) => names.personality(key).replace(/^the /, "The ");
  names.choiceColor = (seat) => names.color(seat);
  names.choiceHelp = (key) => names.data.personality_help?.[key] || "";
  names.scoreTop = 30; // Prestige: the chart's axis (the Prestige track ends at 30)
  names.playerColor = (p) => names.color(p.seat);
  return names;
}

function endSummary(view, names) {
  const winner = view.winner ?? null;
  const stations = (seat) => Object.values(view.stations || {}).filter((s) => s === seat).length;
  // a phone's dialog holds four columns: the Personality and the engines are left out there
  // (the players' list has them)
  const wide = window.innerWidth >= 600;
  return {
    title: winner === null ? "The game is over" : `${names.seat(winner)} wins!`,
    text: view.end?.reason === "mission" ? "The Imperial Mission is completed." : view.end?.reason === "last-trader" ? "The last Trader left wins." : view.end?.reason === "imperial-chain" ? "A chain of Imperial Stations is complete." : "",
    columns: ["Trader", "Prestige", "Stellors", ...(wide ? ["Engines"] : []), "Stations"],
    row: (p) => [`${p.name}${p.personality && wide ? ` (${names.personality(p.personality)})` : ""}${p.out ? ", out" : ""}`, String(p.prestige),
      p.stellors === undefined ? "?" : String(p.stellors), ...(wide ? [String(p.engines)] : []), String(stations(p.seat))],
    order: (a, b) => Number(b.seat === winner) - Number(a.seat === winner) || b.prestige - a.prestige,
    winner,
  };
}

function playerLine(p, names) {
  return `${p.personality ? `${names.personality(p.personality)} · ` : ""}${names.world(p.world)} · ${p.engines} engines · ${p.cards} card${p.cards === 1 ? "" : "s"}${p.hold.length ? ` · ${p.hold.map((c) => names.cargo(c)).join(", ")}` : ""}${p.mission !== null ? " · on a mission" : ""}${p.out ? " · dropped out" : ""}`;
}

/** The table's options in words (the lobby). */
function optionWords(lobby) {
  const o = lobby.options || {};
  const parts = [o.advanced ? "the advanced game (Imperial Stations)" : "the basic game"];
  if (o.reaction_timer) parts.push(`reaction windows close after ${o.reaction_timer} s`);
  if (o.personalities === "none") parts.push("no Personalities");
  parts.push(`${lobby.seats.length} ${lobby.seats.length === 1 ? "seat" : "seats"}`);
  return parts.join(" · ");
}

/** @type {import("../../platform/games.js").GameModule} */
export default {
  id: "startraders",
  rulesets: ["star-traders"],
  title: "Star Traders",
  styles: ["/games/startraders/startraders.css"],
  playersTitle: "Traders",
  // where the game is (the end dialog, the title, the host's tools): the Insider placing her
  // stations is play already; a winner ends it
  stage: (view) => (view.winner !== null && view.winner !== undefined ? "over" : "playing"),
  goal: () => null, // Prestige is no race to a number: the Imperial Mission (or chain) wins
  loadNames,
  optionWords,
  choiceTitle: "Personality",
  createPage(host) {
    host.names.me = host.seat ?? -1;
    const page = /** @type {StarTradersPage & import("../../platform/games.js").GamePage} */ (new StarTradersPage(host));
    page.hasMotion = (evs) => lastJump(evs) !== null;
    page.animate = (evs, opts) => glide(page.board, lastJump(evs), opts);
    page.playerLine = (p) => playerLine(p, host.names);
    page.playerMoney = (p) => ({ title: "Prestige (only your own Stellors are shown to you)", big: `${p.prestige} Prestige`, small: p.stellors === undefined ? `${p.engines} engines` : `${p.stellors} Stellors` });
    page.turnWords = (answer) => page.promptWords(answer);
    page.endSummary = (view) => endSummary(view, host.names);
    page.followUp = () => null;
    page.refused = () => {};
    return page;
  },
  describeLog,
  commandWords,
  sinceWorthy: (line) => ["move", "trade", "turn"].includes(line.kind) || /deliver|station|Mission|wins/.test(line.text),
  secretsOf: () => ({}),
  notices,
  // what a seat's own play causes (passes by the seat's reaction setting and stages the rules
  // change are not plays)
  playedTypes: new Set(["JumpDeclared", "RandomJumped", "TurnEnded", "ReactionPlayed", "PetitionRolled", "StationBuilt", "CargoPickedUp", "DealOffered"]),
  score: (p) => p.prestige,
  scoreName: "Prestige",
  keyboard: {
    keys: KEYS,
    next: ["#st-reaction button[data-react]:not([data-react=PassReaction])", "#st-reaction button", ".st-ask button", "#jump-regular", "#draw", "#end-turn", "#end-movement", "#skip-action"],
    urgent: 3,
    panel: "#st-turn button",
  },
  createForm,
};
