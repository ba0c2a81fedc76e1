// The game log in words: each event (or run of steps) as one sentence.
import { END_WORDS, itemName, markerWords } from "./names.js";

const REASONS = {
  landed: "lands at", stopped_on_penalty: "stops on the penalty at", out_of_mp: "runs out of MP at",
  trapped: "stops (no way on) at", stayed: "stays put at", cannot_pay: "cannot pay and stops at",
};

/** One end of a Fare: a Culture, or the Galactic Base (``base``), by the same name both ways. */
function farePlace(key, names) { return key === "base" ? "Galactic Base" : names.cultureName(key); }

/** Money and Net Worth with thousands separators ("1,010"). */
export function money(n) { return Number(n).toLocaleString("en"); }

/** An item id (``goods:graw``, ``equipment:shield``, ``iou:dell``...) in words. */
export function itemWords(id, names) {
  const [kind, a, b] = String(id).split(":");
  switch (kind) {
    case "goods": return names.goodsName(a);
    case "factory_goods": return names.data.cultures?.[a]?.factory_goods || `${names.cultureName(a)} Factory Goods`;
    case "equipment": case "relic": case "ship": return itemName(a);
    case "iou": return `IOU of the ${names.cultureName(a)}`;
    case "fare": return `Fare ${farePlace(a, names)} → ${farePlace(b, names)}`;
    case "deed": return names.deedName(id);
    default: return id;
  }
}

/**
 * Turn new log entries into sentences. Runs of ``Moved`` by one seat become one sentence.
 * ``who(seat)`` names a seat. ``reader``: the seat reading a finished game's full log (null for
 * a spectator), whose private sightings stay "you" while the others' are named; by default
 * every private event reaching the reader is the reader's own. Returns [{text, kind}].
 */
export function describeLog(entries, names, who, reader = undefined) {
  const out = [];
  let run = null; // {seat, from, to, steps}
  const flush = () => {
    if (!run) return;
    out.push({
      kind: "move",
      text: `${who(run.seat)} moves ${run.steps} ${run.steps === 1 ? "dot" : "dots"}: ${names.dotLabel(run.from)} → ${names.dotLabel(run.to)} (${run.mp} MP).`,
    });
    run = null;
  };
  for (const ev of entries) {
    if (ev.redacted) continue;
    const d = ev.data || {};
    if (ev.type === "Moved") {
      if (run && run.seat === d.seat) { run.to = d.to; run.steps += 1; run.mp += d.mp; } else {
        flush();
        run = { seat: d.seat, from: d.frm, to: d.to, steps: 1, mp: d.mp };
      }
      continue;
    }
    if (["CultureObserved", "MarkerSpied"].includes(ev.type) && run) {
      // private sightings happen on the way: keep the move in one sentence, after it
    } else flush();
    const text = sentence(ev, d, names, who, reader);
    if (text) out.push({ text, kind: kindOf(ev.type) });
  }
  flush();
  for (const line of out) line.text = secondPerson(line.text);
  return out;
}

const IRREGULAR = { has: "have", is: "are", does: "do", goes: "go" };

/** The verb after "You" ("declares" -> "declare", "flies" -> "fly", "passes" -> "pass"). */
function youForm(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** A sentence about a seat named "You" (the tutorial's player, the sandbox's) in the second
 * person: "You declare ...", "Round 1: your turn.", "Bob refuses your offer." */
export function secondPerson(text) {
  if (!/\bYou\b/.test(text)) return text;
  return text
    .replace(/\bYou's\b/g, (m, at) => (at === 0 ? "Your" : "your"))
    .replace(/^You ([a-z]+)/, (m, verb) => `You ${youForm(verb)}`)
    .replace(/(\S )You\b/g, "$1you");
}

function kindOf(type) {
  if (["TurnStarted"].includes(type)) return "turn";
  if (["PenaltyDue", "PenaltyPaid"].includes(type)) return "penalty";
  if (["CultureObserved", "MarkerSpied"].includes(type)) return "secret";
  if (["GameWon", "CultureDiscovered", "MarkerRevealed"].includes(type)) return "news";
  if (["PawnAttacked", "Blasted", "PawnCombat", "HoldsPacked", "HitScored", "Theft"].includes(type)) return "combat";
  if (type.startsWith("Rastur")) return "rastur";
  return "plain";
}

/** Someone else's private sighting in a finished game's full log: named, in the past. */
function sighting(d, who, reader, own, theirs) {
  return reader === undefined || d.seat === reader ? own : `${who(d.seat)} ${theirs} (only ${who(d.seat)} knew).`;
}

function sentence(ev, d, names, who, reader) {
  const at = (dot) => names.dotLabel(dot);
  switch (ev.type) {
    case "GameCreated": return `A ${d.options?.scenario || ev.sandbox ? "sandbox " : ""}game begins on the ${d.edition === "classic-2012" ? "2012" : "1988"} board: ${d.players.join(", ")}${d.options?.game_length ? `; first to ${Number(d.options.game_length).toLocaleString("en")} Net Worth wins` : ""}.`;
    case "ScenarioPosition": return null;
    case "IOUsPlaced": case "MarkersPlaced": return null;
    case "FirstPlayerChosen": return `${who(d.seat)} rolls highest and goes first.`;
    case "StakeGiven": return `Every merchant starts with ${money(d.cash)} and a ${itemName(d.ship)} at the Galactic Base.`;
    case "MarketOpened": return null;
    case "TurnStarted": return `Round ${d.round}: ${who(d.seat)}'s turn.${d.start_penalty ? " (starting on a penalty)" : ""}`;
    case "RaceChosen": return `${who(d.seat)} plays the ${names.merchantName(d.race)}.`;
    case "HeadingDeclared": return `${who(d.seat)} declares the first dot: ${at(d.dot)}.`;
    case "DrivesSet": return d.off.length ? `${who(d.seat)} turns off: ${d.off.map(itemName).join(", ")}.` : `${who(d.seat)} has every drive on.`;
    case "GateLockSet": return `${who(d.seat)} ${d.on ? "locks" : "unlocks"} the Tele Gates (Gate Lock).`;
    case "DiceRolled": return `${who(d.seat)} rolls ${d.dice.join(", ")}${d.auto_pilot ? " (the last is the Auto Pilot's 4)" : ""}: ${d.dice.reduce((a, b) => a + b, 0)} MP.`;
    case "DieRerolled": return `${who(d.seat)} rerolls die ${d.die + 1} with the Mulligan Gear: ${d.value}.`;
    case "PilotNumberChosen": return `${who(d.seat)} chooses Pilot Number ${d.number}.`;
    case "MarkerRevealed": return `A "?" is turned face up at ${at(d.dot)}: ${markerWords(d.marker)}.`;
    case "FreeSkip": return `${who(d.seat)}'s drive skips the marker just revealed (a free step).`;
    case "MarkerSpied": return sighting(d, who, reader, `You spy ${markerWords(d.marker)} at ${at(d.dot)} (only you know).`,
      `spies ${markerWords(d.marker)} at ${at(d.dot)}`);
    case "CultureObserved": return sighting(d, who, reader, `You observe the ${names.cultureName(d.culture)} in the ${names.systemName(d.system)} (only you know).`,
      `observes the ${names.cultureName(d.culture)} in the ${names.systemName(d.system)}`);
    case "PenaltyDue": return d.amount ? `${who(d.seat)} meets a penalty of ${money(d.amount)} at ${at(d.dot)}.` : null;
    case "PenaltyPaid": return d.amount ? `${who(d.seat)} pays the ${money(d.amount)} penalty.` : null; // nothing paid: no payment to tell (as PenaltyDue)
    case "MovementEnded":
      if (d.landed && ["trapped", "out_of_mp"].includes(d.reason)) return `${who(d.seat)} lands at ${at(d.dot)}.`;
      return `${who(d.seat)} ${REASONS[d.reason] || "stops at"} ${at(d.dot)}.`;
    case "CultureDiscovered": return `${who(d.seat)} discovers the ${names.cultureName(d.culture)} in the ${names.systemName(d.system)} (they sell ${names.goodsName(d.culture)}).`;
    case "RelicPickedUp": return `${who(d.seat)} picks up the ${itemName(d.relic)}.`;
    case "TurnEnded": return `${who(d.seat)} ends the turn.`;
    case "GameWon":
      if (d.seat === null || d.seat === undefined) return d.reason === "rastur" ? "The last Rastur is drawn: the Rastur win, and nobody else does (16.5)." : "The game is over.";
      return `${who(d.seat)} wins with a Net Worth of ${money(d.net_worth)}!`;
    case "PawnAttacked": return `${who(d.seat)} blasts ${who(d.defender)} at ${at(d.dot)}, firing ${fireWords(d.fire)} (firepower ${d.firepower}).`;
    case "Blasted": return `${who(d.seat)} blasts ${targetWords(d.target, d, who)} at ${at(d.dot)}, firing ${fireWords(d.fire)}: rolls ${d.die} (attack ${d.attack}) against ${d.defense_die} (defense ${d.defense}, strength ${d.strength}) — ${d.won ? `destroyed${d.paid ? `, ${d.paid} paid` : ""}` : "it holds"}.`;
    case "PawnCombat": return `${who(d.defender)} ${d.fire.length ? `fires back with ${fireWords(d.fire)}` : "does not fire back"}. ${who(d.seat)} rolls ${d.die} (attack ${d.attack}), ${who(d.defender)} rolls ${d.defense_die} (defense ${d.defense}): ${d.won ? `${who(d.seat)} wins` : d.hit_by !== null && d.hit_by !== undefined ? `${who(d.defender)} wins` : "no hit"}.`;
    case "AttackDeclined": return `${who(d.seat)} holds fire.`;
    case "HitScored": return `${who(d.seat)} hits ${who(d.victim)}: ${d.hull ? `destroys the ${itemWords(d.hull, names)} on the Hull` : `damages Hold ${d.hold + 1}`}${d.damaged?.length ? ` (damaged: ${d.damaged.map(itemName).join(", ")})` : ""}${d.goods ? (d.claimed ? `, claims ${itemWords(d.goods, names)}` : `, ${itemWords(d.goods, names)} lost`) : ""}${d.fares?.length ? `, ${d.fares.length} Fare(s) lost` : ""}.`;
    case "Theft": return d.kind === "swindle"
      ? `${who(d.seat)} tries to swindle ${itemWords(d.goods, names)} from ${who(d.defender)} (pays ${d.cash}): rolls ${d.die} (${d.attack}) against ${d.defense_die} (${d.defense}) — ${d.won ? "stolen" : "it fails"}.`
      : `${who(d.seat)} leads a revolt against ${who(d.defender)}'s ${itemWords(d.deed, names)} (${d.cash} cash${d.fire?.length ? `, ${fireWords(d.fire)}` : ""}): rolls ${d.die} (${d.attack}) against ${d.defense_die} (${d.defense}) — ${d.won ? "taken" : "it fails"}.`;
    case "FortReturned": return `${who(d.seat)} takes back the Fort at ${at(d.dot)}.`;
    case "EquipmentRepaired": return `${who(d.seat)} has ${d.keys.map(itemName).join(", ")} repaired${d.culture ? ` by the ${names.cultureName(d.culture)}` : ""}.`;
    case "RasturDue": return d.due ? `${who(d.seat)} rolls a 1: a Rastur is drawn unless the Mulligan Gear rerolls it (16.21).` : null;
    case "RasturDrawn": return `${who(d.seat)} draws a Rastur of strength ${d.strength} (16.2: a 1 on the dice).`;
    case "RasturPlaced": return `${who(d.seat)} places the Rastur (strength ${d.strength}) at ${at(d.dot)}.`;
    case "RasturGeneration": return `Rastur generation (17.2): the die shows ${d.die}.`;
    case "RasturMoved": return `A Rastur of strength ${d.strength} moves from the ${d.frm} pool to the ${d.to === "transit" ? "Transit Box" : `${d.to} pool`}.`;
    case "RasturMerged": return `Two Rastur merge (${d.drawn.join(" and ")}): strength ${d.chosen} stays.`;
    case "RasturPooled": return null;
    case "Bought": return `${who(d.seat)} buys ${itemWords(d.item, names)}${d.culture && d.culture !== "base" ? ` from the ${names.cultureName(d.culture)}` : ""} for ${money(d.price)}${d.credit ? ` (${money(d.credit)} in trade-in credit)` : ""}.`;
    case "Sold": return `${who(d.seat)} sells ${itemWords(d.goods, names)} to the ${names.cultureName(d.culture)} for ${money(d.payoff)}${d.bonus ? `, +${money(d.bonus)} demand` : ""}.`;
    case "Bartered": return `${who(d.seat)} trades in ${itemWords(d.item, names)} for ${money(d.value)} credit.`;
    case "FarePickedUp": return `${who(d.seat)} picks up ${itemWords(d.fare, names)}.`;
    case "FareDelivered": return `${who(d.seat)} delivers ${itemWords(d.fare, names)} for ${money(d.paid)}.`;
    case "Jettisoned": return `${who(d.seat)} jettisons ${itemWords(d.item, names)}.`;
    case "CommissionPaid": return `${who(d.seat)} receives a ${money(d.amount)} commission.`;
    case "CommissionOwed": return `${who(d.seat)} earns a commission on ${money(d.value)} traded at his Spaceport (paid when the turn ends).`;
    case "HoldsPacked": return `${who(d.seat)} packs his Holds: ${d.holds.map((h) => h.map((t) => (t.startsWith("damaged:") ? `${itemName(t.slice(8))} (damaged)` : itemWords(t, names))).join(" + ")).join(" | ")}.`;
    case "DemandReturned": case "CupDrawn": return null;
    case "TradeOffered": return `${who(d.frm)} offers a trade to ${who(d.to)}.`;
    case "TradeAccepted": return `${who(d.to)} accepts ${who(d.frm)}'s offer.`;
    case "TradeRefused": return `${who(d.to)} refuses ${who(d.frm)}'s offer.`;
    case "TradeWithdrawn": return `${who(d.frm)} withdraws the offer.`;
    default: return `${ev.type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}.`;
  }
}

function fireWords(fire) {
  if (!fire?.length) return "nothing";
  const n = {};
  for (const f of fire) n[f] = (n[f] || 0) + 1;
  return Object.entries(n).map(([f, k]) => `${k > 1 ? `${k} ` : ""}${f.startsWith("relic:") ? "Relic Laser" : itemName(f.split(":")[1])}${k > 1 ? "s" : ""}`).join(" and ");
}

export { fireWords };

/** A Blast target (``fort``, ``rastur``, ``marker``, ``pawn:1``) in words. */
export function targetWords(target, d, who) {
  if (target.startsWith("pawn:")) return `${who(Number(target.split(":")[1]))}'s ship`;
  if (target === "fort") return d?.owner !== null && d?.owner !== undefined ? `${who(d.owner)}'s Fort` : "the Fort";
  if (target === "rastur") return d?.strength ? `the Rastur (strength ${d.strength})` : "the Rastur";
  if (target === "marker") return "the Penalty marker";
  return target;
}

/** A command in words (buttons for commands the panels have no special place for). */
export function commandWords(cmd, names) {
  switch (cmd.type) {
    case "EndTurn": return "End turn";
    case "PickUpRelic": return "Pick up the relic";
    case "StayPut": return "Stay put";
    case "Land": return "Land here";
    case "Buy": return `Buy ${itemWords(cmd.item, names)}`;
    case "Sell": return `Sell ${itemWords(cmd.goods, names)}`;
    case "Barter": return `Trade in ${itemWords(cmd.item, names)}`;
    case "PickUpFare": return `Pick up ${itemWords(cmd.fare, names)}`;
    case "DeliverFare": return `Deliver ${itemWords(cmd.fare, names)}`;
    case "Jettison": return `Jettison ${itemWords(cmd.item, names)}`;
    case "ChooseRace": return `Play the ${names.merchantName(cmd.race)}`;
    case "AnswerOffer": return cmd.accept ? "Accept the offer" : "Refuse the offer";
    case "WithdrawOffer": return "Withdraw the offer";
    case "Swindle": return `Swindle ${itemWords(cmd.goods, names)} from seat ${cmd.target + 1} ($50, 15.53)`;
    case "Revolt": return `Revolt: take ${itemWords(cmd.deed, names)}${cmd.fire?.length ? ` firing ${fireWords(cmd.fire)}` : ""} (15.54)`;
    case "RebuildFort": return `Move your Fort from ${names.dotLabel(cmd.frm)} to ${names.dotLabel(cmd.site)} (15.11)`;
    case "HoldFire": return "Hold fire";
    case "DrawRastur": return "Keep the 1: draw a Rastur";
    case "PlaceRastur": return `Place the Rastur at ${names.dotLabel(cmd.dot)}`;
    case "MoveTo": return `Step to ${names.dotLabel(cmd.dot)}${cmd.pilot ? ` (Pilot ${cmd.pilot})` : ""}`;
    case "DeclareHeading": return `Declare ${names.dotLabel(cmd.dot)} as your first dot (5.31)`;
    case "RollDice": return cmd.auto_pilot ? "Roll with the Auto Pilot (8.42)" : "Roll the dice";
    case "Reroll": return `Re-roll die ${cmd.die + 1} (8.44)`;
    case "ChoosePilotNumber": return `Take ${cmd.number} as the Pilot Number (6.41)`;
    case "MoveAlong": return `Fly to ${names.dotLabel(cmd.path[cmd.path.length - 1])} (${cmd.path.length} ${cmd.path.length === 1 ? "space" : "spaces"})`;
    case "PayPenalty": return "Pay the penalty and fly on (6.3)";
    case "StopHere": return "Stop here and pay nothing (6.3)";
    default: return cmd.type.replace(/([a-z])([A-Z])/g, "$1 $2");
  }
}

export { END_WORDS };
