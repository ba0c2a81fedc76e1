// The standard game in words: every event as one sentence (present tense) for the log, replay,
// notices and "since your last turn"; every command as a button's words; the prompt. Events
// and commands the words below do not know yet are still said in words from their type and
// fields ("Ann: throttle boost used (die 3)"), so a new rule never shows raw JSON.
import { humanType, money, titleCase } from "./names.js";

export const PHASES = [
  ["movement", "Movement"], ["first_contact", "First Contact"], ["transaction", "Transaction"], ["spaceport", "Merchant Spaceport"],
];

export function phaseName(key) {
  const p = PHASES.find(([k]) => k === key);
  return p ? p[1] : titleCase(key);
}

const SEAT_FIELDS = new Set(["seat", "by", "to_seat", "owner", "winner", "victim", "first"]);
const SPACE_FIELDS = new Set(["space", "to", "from", "at", "heading", "destination", "start", "target", "origin", "exit_space"]);
const QUIET_FIELDS = new Set(["seat", "type", "seq", "id", "redacted"]);

/** One field of an event or a command in words, by its name. */
export function fieldWords(key, value, names) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) {
    if (key === "path") return value.map((s) => names.space(s)).join(" → ");
    return value.map((v) => fieldWords(key.replace(/s$/, ""), v, names)).join(", ");
  }
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${humanType(k)} ${fieldWords(k, v, names)}`).join(", ");
  if (SEAT_FIELDS.has(key)) return names.seat(value);
  if (SPACE_FIELDS.has(key)) return names.space(value);
  if (key === "culture") return names.culture(value);
  if (key === "system") return names.system(value);
  if (key === "goods" || key === "good") return names.goods(value);
  if (key === "tech" || key === "technology") return names.tech(value);
  if (key === "equipment" || key === "item") return names.equipment(value);
  if (key === "mission") return names.mission(value);
  if (key === "reward") return names.reward(value);
  if (key === "passenger") return names.passenger(value);
  if (key === "pilot") return names.pilot(value);
  if (key === "phase") return phaseName(value);
  if (["credits", "price", "cost", "amount", "paid", "fare", "iou"].includes(key)) return money(value);
  if (key === "die" || key === "index") return `die ${Number(value) + 1}`;
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? value.replace(/[-_]+/g, " ") : String(value);
}

/** The fields of a command or event in words, without the seat: "box navigation, die 2". */
function detailWords(d, names) {
  const parts = Object.entries(d || {}).filter(([k, v]) => !QUIET_FIELDS.has(k) && v !== null && v !== undefined && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${humanType(k)} ${fieldWords(k, v, names)}`);
  return parts.join(", ");
}

const dice = (d) => (d || []).join(", ");

/** The sentence of an event; null for events that say nothing to a player. */
function sentence(ev, names, me) {
  const d = ev.data || {};
  const who = (s) => (s === me ? "You" : names.seat(s));
  const s = d.seat !== undefined && d.seat !== me ? "s" : "";
  if (ev.redacted) return null;
  switch (ev.type) {
    case "GameSetUp": case "StandardSetUp": return `The game is set up: ${(d.players || []).map((p) => p.name).join(", ")}${d.rounds ? `, ${d.rounds} rounds` : ""}.`;
    case "RoundStarted": return `Round ${d.round} begins${d.icon ? ` (${humanType(d.icon)})` : ""}.`;
    case "TurnStarted": return `Round ${d.round}: ${d.seat === me ? "your" : `${names.seat(d.seat)}'s`} turn.`;
    case "TurnEnded": return null;
    case "PhaseStarted": return null;
    case "PhaseEnded": return `${who(d.seat)} end${s} the ${phaseName(d.phase)} phase.`;
    case "MovementSkipped": return `${who(d.seat)} skip${s} the Movement phase.`;
    case "HeadingDeclared": return `${who(d.seat)} head${s} for ${names.space(d.to ?? d.heading ?? d.space)}.`;
    case "SpeedRolled": return `${who(d.seat)} roll${s} ${dice(d.dice)}${d.total !== undefined ? ` (movement value ${d.total})` : ""}.`;
    case "ThrottleRolled": return `${who(d.seat)} roll${s} a fourth speed die for the throttle: ${d.value ?? d.die}.`;
    case "DieAssigned": return `${who(d.seat)} assign${s} a ${d.value ?? ""} to ${humanType(d.box ?? d.slot ?? "the dashboard")}.`.replace("a  to", "a die to");
    case "ShipMoved": case "Moved": return `${who(d.seat)} move${s} to ${names.space(d.to ?? d.space)}${d.path?.length > 1 ? ` (${d.path.length - 1} spaces)` : ""}${d.left !== undefined ? `, ${d.left} left` : ""}.`;
    case "Landed": return `${who(d.seat)} land${s} at ${names.space(d.space ?? d.to)}.`;
    case "CultureDiscovered": case "FirstContact": return `${who(d.seat)} make${s} first contact with the ${names.culture(d.culture)}${d.system ? ` in the ${names.system(d.system)}` : ""}${d.iou ? ` (${money(d.iou)} on the card)` : ""}.`;
    case "GoodsBought": return `${who(d.seat)} buy${s} ${names.goods(d.goods ?? d.token)}${d.price !== undefined ? ` for ${money(d.price)}` : ""}.`;
    case "GoodsSold": return `${who(d.seat)} sell${s} ${names.goods(d.goods ?? d.token)}${d.price !== undefined ? ` for ${money(d.price)}` : ""}.`;
    case "MarketShifted": return `The ${names.culture(d.culture)} market shifts${d.condition ? ` to ${humanType(d.condition)}` : ""}.`;
    case "GameEnded": case "GameWon": return d.seat !== undefined && d.seat !== null ? `${who(d.seat)} win${s} the game${d.credits !== undefined ? ` with ${money(d.credits)}` : ""}!` : "The game is over.";
    default: break;
  }
  const detail = detailWords(d, names);
  const actor = d.seat !== undefined ? `${who(d.seat)}: ` : "";
  return `${actor}${humanType(ev.type)}${detail ? ` (${detail})` : ""}.`;
}

const KIND = {
  TurnStarted: "turn", RoundStarted: "turn", GameWon: "turn", GameEnded: "turn",
  HeadingDeclared: "move", SpeedRolled: "move", ShipMoved: "move", Moved: "move", Landed: "move",
  GoodsBought: "trade", GoodsSold: "trade", CultureDiscovered: "trade", FirstContact: "trade",
};

/** One event in words for reader ``me`` (capitalised, one sentence), or null. */
export function describeEvent(ev, names, me = -1) {
  const text = sentence(ev, names, me);
  if (!text) return null;
  return text[0].toUpperCase() + text.slice(1);
}

/** The log in words: one line per event worth a sentence. */
export function describeLog(events, names, who, reader) {
  if (who) names.who = who;
  const me = reader ?? names.me ?? -1;
  const out = [];
  for (const ev of events) {
    const text = describeEvent(ev, names, me);
    if (!text) continue;
    const kind = ev.redacted ? "private" : KIND[ev.type] || (/Bought|Sold|Paid|Credit|Passenger|Spaceport/.test(ev.type) ? "trade" : /Move|Telegate|Navigat|Hazard|Pirate/.test(ev.type) ? "move" : "event");
    out.push({ text, kind, seq: ev.seq, type: ev.type });
  }
  return out;
}

const COMMAND = {
  EndPhase: () => "End this phase",
  EndTurn: () => "End turn",
  SkipMovement: () => "Skip the Movement phase",
  DeclareHeading: (c, n) => `Head for ${n.space(c.to ?? c.space ?? c.heading)}`,
  RollSpeed: () => "Roll the speed dice",
  AssignDie: (c) => `Assign ${c.value !== undefined ? `the ${c.value}` : `die ${Number(c.die ?? c.index) + 1}`} to ${humanType(c.box ?? c.slot ?? "a box")}`,
  MoveTo: (c, n) => `Move to ${n.space(c.to ?? c.space)}`,
  Step: (c, n) => `Move to ${n.space(c.to ?? c.space)}`,
  Land: (c, n) => (c.space ? `Land at ${n.space(c.space)}` : "Land here"),
  BuyGoods: (c, n) => `Buy ${n.goods(c.goods ?? c.token)}${c.price !== undefined ? ` for ${money(c.price)}` : ""}`,
  SellGoods: (c, n) => `Sell ${n.goods(c.goods ?? c.token)}${c.price !== undefined ? ` for ${money(c.price)}` : ""}`,
  TakeBack: () => "Take back",
};

/** A command in words (its button); unknown ones from their type and fields. */
export function commandWords(cmd, names) {
  const f = COMMAND[cmd.type];
  if (f) return f(cmd, names);
  const detail = detailWords(cmd, names);
  const head = humanType(cmd.type);
  return `${head[0].toUpperCase()}${head.slice(1)}${detail ? `: ${detail}` : ""}`;
}

/** What the rules ask now, in one sentence. */
export function promptWords(answer, names, me) {
  const view = answer.view;
  if (view.winner !== null && view.winner !== undefined) return `${names.seat(view.winner)} wins the game.`;
  if (view.over || view.stage === "over") return "The game is over.";
  const turn = view.turn;
  if (!turn) return "Waiting for the game to begin…";
  const phase = phaseName(turn.phase);
  const seats = answer.pending?.seats || [turn.seat];
  if (seats.includes(me) && answer.legal?.length) {
    const types = new Set(answer.legal.map((c) => c.type));
    if (types.has("DeclareHeading")) return `Your ${phase} phase: click a highlighted space to declare your heading, or roll.`;
    if (types.has("RollSpeed")) return `Your ${phase} phase: roll the speed dice.`;
    if (types.has("AssignDie")) return `Your ${phase} phase: assign dice to your dashboard, or move.`;
    return `Your ${phase} phase.`;
  }
  const whom = seats.map((s) => names.seat(s)).join(", ");
  return `${whom}: ${phase} phase.`;
}
