// Merchant of Venus for the platform: the GameModule of ``web/platform/games.js``.
import { boardData } from "./api.js";
import { Names } from "./names.js";
import { createForm } from "./create.js";
import { VenusPage } from "./page.js";
import { secretsOf } from "./pieces.js";
import { commandWords, describeLog } from "./words.js";

// events a seat causes by playing (a bot playing my seat sends these)
const PLAYED = new Set(["HeadingDeclared", "DrivesSet", "GateLockSet", "DiceRolled", "Moved", "PenaltyPaid",
  "MovementEnded", "Bought", "Sold", "Bartered", "FarePickedUp", "FareDelivered", "Jettisoned", "RelicPickedUp",
  "TurnEnded", "TradeOffered", "PawnAttacked", "Blasted", "AttackDeclined"]);

/** Why the rules stopped a ship, in words (``MovementEnded.reason``); null: the player chose. */
function stopWords(d, at, cmd) {
  switch (d.reason) {
    case "cannot_pay": return `Your ship stopped at ${at}: you could not pay the penalty, so you must stop there (6.3).`;
    case "trapped": return `Your ship stopped at ${at}: there is no way on from there (5.22).`;
    case "out_of_mp": return d.landed ? null : `Your MP ran out at ${at}.`;
    case "stopped_on_penalty": return cmd?.type === "StopHere" ? null : `Your ship stopped on the penalty at ${at} (6.3).`;
    default: return null;
  }
}

/** What the rules did to my seat in ``evs`` without my asking: the rules stopped my ship (6.3
 * a penalty I could not pay, 5.22 no way on), my turn ended by itself (4.4: movement over in
 * space). ``cmd``: the command of mine they answer, if any. */
function notices(names, seat, evs, cmd) {
  const out = [];
  const mine = (e) => e.data?.seat === seat;
  evs.forEach((ev, i) => {
    if (ev.type !== "MovementEnded" || !mine(ev)) return;
    const at = names.dotLabel(ev.data.dot);
    const stop = stopWords(ev.data, at, cmd);
    const ended = evs.slice(i + 1).some((e) => e.type === "TurnEnded" && mine(e)) && ev.data.reason !== "stayed";
    const over = ended && !ev.data.landed
      ? `Your turn is over: the move ended in space at ${at}, and only a City, Spaceport or Asteroid can be landed on (4.4, 6.2).`
      : null;
    const text = [stop, over].filter(Boolean).join(" ");
    if (text) out.push({ text, key: `stop-${ev.seq}` });
  });
  return out;
}

// the game page's keys; the platform adds ?, m, f, t and Esc
/** @type {import("../../platform/games.js").Shortcut[]} */
const KEYS = [
  [["r"], "Roll the dice", ["r", "R"], "#roll"],
  [["n"], "Next destination (or first dot): focus it and draw its path", ["n"], () => cycle(1)],
  [["Shift", "n"], "Previous destination", ["N"], () => cycle(-1)],
  [["l"], "Land here", ["l", "L"], "#land-here"],
  [["p"], "Pay the penalty and go on", ["p", "P"], "#pay"],
  [["s"], "Stop here (on a penalty)", ["s", "S"], "#stop"],
  [["e"], "End your turn", ["e", "E"], "#end-turn"],
];

/** Focus the next (``step`` 1) or previous (-1) choice of the move lists, wrapping. */
function cycle(step) {
  const all = [...document.querySelectorAll("#moves .move-list button")].filter((b) => !/** @type {HTMLButtonElement} */ (b).disabled);
  if (!all.length) return false;
  const at = all.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
  all[next].focus();
  return true;
}

/** The table's options in words, for the lobby. */
function optionWords(lobby) {
  const o = lobby.options;
  const parts = [o.edition === "classic-2012" ? "Classic game, 2012 edition" : "Avalon Hill 1988 edition",
    `first to ${Number(o.game_length || 2000).toLocaleString("en")} Net Worth wins`];
  if (o.small_bank) parts.push("small bank");
  if (o.takebacks === false) parts.push("no take-backs");
  parts.push(`${lobby.seats.length} ${lobby.seats.length === 1 ? "seat" : "seats"}`);
  return parts.join(" · ");
}

/** @type {import("../../platform/games.js").GameModule} */
export default {
  id: "venus",
  rulesets: ["venus"],
  title: "Merchant of Venus",
  styles: ["/games/venus/board.css"],
  playersTitle: "Merchants",
  async loadNames(lobby) { return new Names(await boardData(lobby.options.edition || "avalon-hill")); },
  createPage: (host) => new VenusPage(host),
  createForm,
  optionWords,
  choiceTitle: "Race / color",
  describeLog,
  commandWords,
  // "since your last turn": what the others did that matters, not their routine steps
  sinceWorthy: (l) => l.kind !== "turn" && !/declares the first dot|ends the turn|chooses Pilot/.test(l.text),
  secretsOf,
  notices,
  playedTypes: PLAYED,
  stage: (view) => view.stage, // "setup", "playing", "over"
  goal: (view) => view.target ?? null, // the Net Worth that wins (3.1)
  score: (p) => p.net_worth,
  scoreName: "Net Worth",
  keyboard: {
    keys: KEYS,
    // where the focus goes after a redraw (focus.js): a question the rules ask now (an attack,
    // an offer, pay or stop, land or go on), the roll, the Pilot Number, a destination (else a
    // first dot, else a next dot), End turn (the market's buttons follow it: one Tab away)
    next: [
      "#combat .urgent button", "#offer .urgent button", "#controls .urgent button",
      "#land-here", "#pay", "#stop", "#roll", "#controls .pilot-btn",
      "#moves .dests .dest-btn", "#moves .move-list button[aria-pressed='false']", "#moves .steps button",
      "#end-turn", "#market button",
    ],
    urgent: 5,
    panel: "#panel .urgent button:not(:disabled), #roll:not(:disabled), #moves button:not(:disabled), #market button:not(:disabled), #end-turn",
  },
};
