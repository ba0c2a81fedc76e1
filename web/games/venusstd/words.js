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

/** A dashboard die box in words: "navigation", "the throttle", "the Shuttle (ship upgrade)". */
export function boxWords(box, names) {
  const b = String(box ?? "");
  if (b === "navigation") return "navigation";
  if (b === "throttle") return "the throttle";
  if (b.startsWith("upgrade:")) return `the ${names.tech(b.slice(8).split(":")[0])} (ship upgrade)`;
  return humanType(b);
}
// reasons whose bare name reads wrong after an amount ("You pay c20 (pirates)")
const REASONS = { pirates: "lost to the pirates" };
// a card that pays or costs names the change by its id ("merchant-guild-seal"): its name
const CARD_KINDS = ["rewards", "encounters", "missions", "challenges"];
const cardName = (reason, names) => CARD_KINDS.map((k) => names?.catalog?.[k]?.[reason]).find(Boolean);
const why = (reason, names) => (reason ? ` (${REASONS[reason] || cardName(reason, names) || humanType(String(reason).replace(/:/g, " "))})` : "");

// Setup's steps (setup.py) in words: what the table waits for
const SETUP_STEPS = {
  choose_dial: "each merchant chooses the dial that starts at 2 (Setup 12)",
  reveal: "each merchant reveals a First Contact card (Light Speed Game 13)",
  starting_goods: "each merchant may buy starting goods (Light Speed Game 14)",
  choose_start: "each merchant chooses a starting space (Light Speed Game 17)",
  solo_pick: "choose your starting option (Solo Challenge Setup 10)",
  solo_picks: "the solo player chooses two starting options (Solo Challenge Setup 10)",
  starting_space: "each merchant chooses a starting space (Light Speed Game 17)",
};

// credits whose event already says the amount (a buy, a sale, a fare, a reward, training)
const SAID = new Set(["goods_bought", "equipment_bought", "technology_bought", "goods_sold", "fare",
  "second_mission", "reward_bought", "trade_in", "pilot training", "merchant_spaceport", "pirate_bounty"]);

// what losing to pirates costs ("Losing a Pirate Engagement" 1), by the event's ``loss``
const PIRATE_LOSS = {
  goods: "a goods token of their grade is lost",
  credits: "no goods of their grade aboard, so credits are lost",
  nothing: "the Salvage License saves the cargo and the credits",
};

/** The sentence of an event; null for events that say nothing to a player. */
/** A buy's price, with what the First Contact card paid of it ("Using First Contact
 * Credits": the discoverer spends the card's credits at that culture's market). */
function paid(d) {
  return `${money(d.price)}${d.iou ? ` (${money(d.iou)} of it First Contact credits)` : ""}`;
}

function sentence(ev, names, me) {
  const d = ev.data || {};
  const who = (s) => (s === me ? "You" : names.seat(s));
  const vb = (seat, verb) => (seat === me ? verb : /(s|sh|ch)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`);
  const s = d.seat !== undefined && d.seat !== me ? "s" : "";
  if (ev.redacted) return null;
  switch (ev.type) {
    case "GameSetUp": return `The game is set up: ${(d.players || []).map((p) => `${p.name} (${titleCase(p.pilot)} pilot, ${p.color})`).join(", ")}.`;
    case "ScenarioSetUp": case "ScenarioStarted": return "A position is set up.";
    case "Asked": case "Answered": case "DeckShuffled": case "LoadedDieUsed": case "PhaseStarted": case "TurnEnded": return null;
    // told to nobody while the game runs (redacted, said above); a finished game's full log
    // has the cards: its replay says where each lay (Setup 3)
    case "FirstContactPlaced": return d.cards ? `The First Contact cards are placed face down: ${Object.entries(d.cards).map(([sys, c]) => `${names.system(sys)}, the ${names.culture(c)}`).join("; ")} (Setup 3).` : null;
    case "SetupStepStarted": return `Setup: ${SETUP_STEPS[d.step] || humanType(d.step)}.`;
    case "DialsSet": return `${who(d.seat)} ${vb(d.seat, "set")} the dials: laser ${d.laser}, shield ${d.shield}${why(d.reason)}.`;
    case "ShipPlaced": return `${d.seat === me ? "Your" : `${names.seat(d.seat)}'s`} ship is placed at ${names.space(d.space)}.`;
    case "CreditsChanged": if (SAID.has(d.reason)) return null; return `${who(d.seat)} ${vb(d.seat, d.delta >= 0 ? "gain" : "pay")} ${money(Math.abs(d.delta))}${why(d.reason, names)}.`;
    case "FameChanged": return `${who(d.seat)} ${vb(d.seat, d.delta >= 0 ? "gain" : "lose")} ${Math.abs(d.delta)} fame${why(d.reason, names)}.`;
    case "InfamyChanged": return `${who(d.seat)} ${vb(d.seat, d.delta >= 0 ? "gain" : "lose")} ${Math.abs(d.delta)} infamy${why(d.reason, names)}.`;
    case "PilotLevelSet": return `${d.seat === me ? "Your" : `${names.seat(d.seat)}'s`} pilot is now level ${d.level}${why(d.reason)}.`;
    case "TechGranted": return `${who(d.seat)} ${vb(d.seat, "get")} ${names.tech(String(d.tech).split(":")[0])}${why(d.reason)}.`;
    case "RoundStarted": return `Round ${d.round} begins${d.icons?.length ? ` (${d.icons.map(humanType).join(", ")})` : ""}.`;
    case "RoundMarkerFlipped": return `The round marker is flipped: the epic game goes on past round ${d.round}.`;
    case "ProductionRoundsMarked": return `Production rounds: ${(d.rounds || []).join(", ")}.`;
    case "TurnStarted": return `Round ${d.round}: ${d.seat === me ? "your" : `${names.seat(d.seat)}'s`} turn.`;
    case "PhaseEnded": return `${who(d.seat)} end${s} the ${phaseName(d.phase)} phase.`;
    case "MovementSkipped": return `${who(d.seat)} ${vb(d.seat, "skip")} the Movement phase.`;
    case "MovementEnded": return null; // MoveEnded says how (landed, spent, stopped)
    case "HeadingDeclared": return d.toward ? `${who(d.seat)} ${vb(d.seat, "head")} for ${names.space(d.toward)}${d.use_drive === false ? ", drive off" : ""}.` : `${who(d.seat)} ${vb(d.seat, "turn")} the drive off this turn.`;
    case "SpeedRolled": return `${who(d.seat)} ${vb(d.seat, "roll")} the speed dice: ${dice(d.dice)} (movement value ${(d.dice || []).reduce((a, b) => a + b, 0) + (d.bonus || 0)}${d.bonus ? `, ${d.bonus} added` : ""}).`;
    case "DieAssigned": return `${who(d.seat)} ${vb(d.seat, "assign")} the ${d.value} to ${boxWords(d.box, names)}.`;
    case "SpeedDieAdded": return `${who(d.seat)} ${vb(d.seat, "roll")} a fourth speed die for the throttle: ${d.value}.`;
    case "SpeedDieRerolled": return `${who(d.seat)} ${vb(d.seat, "reroll")} speed die ${Number(d.die) + 1}: ${d.value}.`;
    case "ShipMoved": return `${who(d.seat)} ${vb(d.seat, "move")} to ${names.space(d.path?.[d.path.length - 1])}${d.path?.length > 1 ? `, skipping ${d.path.slice(0, -1).map((x) => names.space(x)).join(", ")}` : ""}.`;
    case "MoveWaits": return null;
    case "MoveEnded": {
      // End Movement: landed (a surface city or spaceport), on an asteroid (the turn ends),
      // every point spent, or stopped by the rules (the reason in words, never a space id)
      const at = names.space(d.space);
      if (d.how === "landed") return `${who(d.seat)} ${vb(d.seat, "land")} at ${at}.`;
      if (d.how === "asteroid") return `${who(d.seat)} ${vb(d.seat, "land")} on the ${at}: ${d.seat === me ? "your" : "the"} turn ends.`;
      const whose = d.seat === me ? "Your" : `${names.seat(d.seat)}'s`;
      if (d.how === "spent") return `${whose} move ends at ${at}: every movement point spent.`;
      const reason = d.reason && !/[.]/.test(d.reason) ? ` (${d.reason === "pirates" ? "beaten by the pirates" : humanType(d.reason)})` : "";
      return `${whose} move stops at ${at}${reason}.`;
    }
    case "HazardChecked": return `${titleCase(humanType(d.attribute))} check at ${names.space(d.space)}: ${d.seat === me ? "you roll" : `${names.seat(d.seat)} rolls`} ${d.roll} against ${d.value}: ${d.passed ? "passed" : "failed"}${d.reroll ? " (reroll)" : ""}.`;
    case "DialLowered": return `${d.seat === me ? "Your" : `${names.seat(d.seat)}'s`} ${d.dial} dial goes down to ${d.to}.`;
    case "PurpleRolled": return `${who(d.seat)} ${vb(d.seat, "roll")} the purple die${d.purpose ? ` for the ${humanType(d.purpose)}` : ""}: ${d.value}.`;
    case "TelegateJumped": return `${who(d.seat)} ${vb(d.seat, "jump")} through ${names.space(d.space)} to ${names.space(d.to)}${d.value ? ` (${d.value})` : ""}.`;
    case "ExitChosen": return `${who(d.seat)} ${vb(d.seat, "choose")} ${d.mover === d.seat ? "the" : `${names.seat(d.mover)}'s`} exit: ${names.space(d.to)}.`;
    case "MovementAdded": return `${who(d.seat)} ${vb(d.seat, "get")} ${d.points} movement point${d.points === 1 ? "" : "s"} more${why(d.reason)}.`;
    case "PilotTrained": return `${d.seat === me ? "Your" : `${names.seat(d.seat)}'s`} pilot trains to level ${d.level}: ${names.pilot(d.face)}.`;
    case "FirstContactRevealed": return `${who(d.seat)} ${vb(d.seat, "make")} first contact: the ${names.culture(d.culture)} of the ${names.system(d.system)}.`;
    case "CardDrawn": return d.card ? `${titleCase(d.deck)} card drawn: ${names.name(`${d.deck}s`, d.card)}${d.seat !== undefined ? ` (${who(d.seat)})` : ""}.` : `A ${humanType(d.deck)} card is drawn.`;
    case "CardDiscarded": return null;
    // -- trade (First Contact, Transaction, Merchant Spaceport phases)
    case "FirstContactMade": return `${who(d.seat)} ${vb(d.seat, "make")} first contact with the ${names.culture(d.culture)} in the ${names.system(d.system)}: ${money(d.iou)} on the card, ${d.condition === "active" ? "an" : "a"} ${d.condition} market.`;
    case "GoodsBought": return `${who(d.seat)} ${vb(d.seat, "buy")} ${names.goods(d.token)} for ${paid(d)}.`;
    case "GoodsSold": return `${who(d.seat)} ${vb(d.seat, "sell")} ${names.goods(d.token)} to the ${names.culture(d.at)} for ${money(d.value)}${d.black_market ? " on the black market" : ""}${d.demand ? " (demand)" : ""}.`;
    case "EquipmentBought": return `${who(d.seat)} ${vb(d.seat, "buy")} a ${names.equipment(d.kind)} for ${paid(d)}.`;
    case "TechnologyBought": return `${who(d.seat)} ${vb(d.seat, "buy")} ${names.tech(d.token)} for ${paid(d)}.`;
    case "MarketShifted": return `The ${names.culture(d.culture)} market shifts: ${d.condition} market now.`;
    case "GoodsProduced": return `The ${names.culture(d.culture)} produce ${(d.tokens || []).length || "no"} goods${d.why ? ` (${humanType(d.why)})` : ""}.`;
    case "PassengerPickedUp": return `${who(d.seat)} ${vb(d.seat, "pick")} up the ${names.passenger(d.passenger)}${d.shuttle ? " by shuttle" : ""}.`;
    case "PassengerDroppedOff": return `${who(d.seat)} ${vb(d.seat, "drop")} off the ${names.passenger(d.passenger)}: fare ${money(d.fare)}${d.bonus ? ` and ${money(d.bonus)} more` : ""}.`;
    case "PassengerPlaced": return `The ${names.passenger(d.passenger)} waits for a ship at ${d.at === "base" ? "Galactic Base" : `the ${names.culture(d.at)}`}.`;
    case "SpaceportBuilt": return `${who(d.seat)} ${vb(d.seat, "build")} a merchant spaceport at ${names.space(d.space)} for ${money(d.price)}.`;
    case "DrillPlaced": return `${who(d.seat)} ${vb(d.seat, "place")} a drill at ${names.space(d.space)}.`;
    case "DrillsRecovered": return "The drills are recovered and paid (drill icon).";
    case "CargoJettisoned": return `${who(d.seat)} ${vb(d.seat, "jettison")} ${names.cargo(d.token)}${d.infamy ? ` (${d.infamy} infamy)` : ""}.`;
    case "CargoLost": return `${who(d.seat)} ${vb(d.seat, "lose")} ${names.cargo(d.token)}.`;
    case "CargoOffloaded": return `${who(d.seat)} ${vb(d.seat, "offload")} ${names.cargo(d.token)}.`;
    case "CultureSuppliesPrepared": case "MarketStacked": case "DemandPlaced": case "TechnologyUsed": case "TechnologyReturned": case "EncounterCardReturned": return null;
    // -- cards: encounters, pirates, missions, rewards
    case "MissionTaken": return `${who(d.seat)} ${vb(d.seat, "take")} the mission ${names.mission(d.card)}${d.destination ? ` (to ${names.system(d.destination)})` : ""}.`;
    case "MissionCompleted": return `${who(d.seat)} ${vb(d.seat, "complete")} the mission ${names.mission(d.card)}${d.fame ? `: ${d.fame} fame, counted at the end of the game` : ""}.`;
    case "SecondMissionBought": return `${who(d.seat)} ${vb(d.seat, "buy")} a second mission.`;
    case "RewardKept": return `${who(d.seat)} ${vb(d.seat, "keep")} the reward ${names.reward(d.card)}.`;
    case "RewardBought": return `${who(d.seat)} ${vb(d.seat, "buy")} the reward ${names.reward(d.card)} for ${money(d.credits)}.`;
    case "RewardTradedIn": return `${who(d.seat)} ${vb(d.seat, "trade")} in the reward ${names.reward(d.card)} for ${money(d.credits)}.`;
    case "PirateEngaged": return `${who(d.seat)} ${vb(d.seat, "engage")} the pirates at ${names.space(d.space)} with ${d.seat === me ? "your" : "their"} ${d.attribute}: ${d.result ?? d.die} against ${d.value}, ${d.won ? "won" : "lost"}.`;
    case "PirateDefeated": return `${who(d.seat)} ${vb(d.seat, "defeat")} the pirates at ${names.space(d.space)}${d.credits ? ` and ${vb(d.seat, "take")} ${money(d.credits)}` : ""}.`;
    case "PirateBeatPlayer": return `The pirates at ${names.space(d.space)} beat ${d.seat === me ? "you" : names.seat(d.seat)}${d.loss ? `: ${PIRATE_LOSS[d.loss] || `${humanType(d.loss)} lost`}` : ""}; an infamy token goes under them (Losing a Pirate Engagement).`;
    case "PirateAmbush": return `Pirates ambush ${d.seat === me ? "you" : names.seat(d.seat)} at ${names.space(d.space)}.`;
    case "TokenPlaced": return `A ${humanType(d.token)} token is placed at ${names.space(d.space)}${d.card ? ` (${names.name("encounters", d.card)})` : ""}.`;
    case "TelegatePlaced": return `The telegate ${d.number} token is placed at ${names.space(d.space)}.`;
    case "FirstContactCardsSeen": return d.cards ? `${who(d.seat)} ${vb(d.seat, "see")} the face-down First Contact cards: ${Object.entries(d.cards).map(([sys, c]) => `${names.system(sys)}, the ${names.culture(c)}`).join("; ")} (Data Probe).` : null;
    case "EncounterCardSeen": return d.card ? `${who(d.seat)} ${vb(d.seat, "see")} the encounter card ${names.name("encounters", d.card)}.` : null;
    case "TitleTaken": return `${who(d.seat)} ${vb(d.seat, "take")} the title ${names.name("titles", d.card)}.`;
    case "EffectDieRolled": return `${who(d.seat)} ${vb(d.seat, "roll")} the effect die for ${names.name("encounters", d.card)}${d.value !== undefined ? `: ${d.value}` : ""}.`;
    case "CardDialTurned": return `${d.seat === me ? "Your" : `${names.seat(d.seat)}'s`} ${d.dial} dial turns to ${d.value}${why(d.reason)}.`;
    case "EncounterProduction": return `The ${names.culture(d.culture)} produce goods (${names.name("encounters", d.card)}).`;
    case "IntelUsed": return `${who(d.seat)} ${vb(d.seat, "use")} the intel card ${names.name("intel", d.card)}${d.price ? ` (${money(d.price)})` : ""}.`;
    case "CardSetBesideTrack": return `${titleCase(names.name("titles", d.card))} is set beside the round track.`;
    case "ChallengesPlaced": return `The challenge cards are placed: ${(d.cards || []).map((c) => `${names.name("challenges", c.card)} (round ${c.round}, fee ${money(c.fee)})`).join(", ")}.`;
    case "EncounterDeckPeeked": return `${who(d.seat)} ${vb(d.seat, "put")} the encounter card back on the ${d.bottom ? "bottom" : "top"} of the deck.`;
    case "EncounterOfferAnswered": return `${who(d.seat)} ${d.accept ? vb(d.seat, "accept") : vb(d.seat, "refuse")} the offer of ${names.name("encounters", d.card)}.`;
    case "EncounterOutcomeHeld": case "EncounterOutcomeReleased": return null;
    // goods the pirates took, or a mission's delivery: the token by name, never silent
    case "GoodsReturnedToSupply": return `${titleCase(names.cargo(d.token))} leaves ${d.seat === me ? "your" : names.seat(d.seat) + "'s"} hold for its culture's supply.`;
    case "FirstContactCardsSwapped": return `${who(d.seat)} ${vb(d.seat, "swap")} the First Contact cards of ${(d.systems || []).map((x) => `the ${names.system(x)}`).join(" and ")}.`;
    case "MissionReturned": return `${who(d.seat)} ${vb(d.seat, "return")} the mission ${names.mission(d.card)}.`;
    case "MissionsExchanged": return `${who(d.seat)} ${vb(d.seat, "exchange")} missions with ${d.other === me ? "you" : names.seat(d.other)}.`;
    case "FinalScoringStarted": return `Final scoring after round ${d.round}.`;
    case "SpaceportsSold": return `${who(d.seat)} ${vb(d.seat, "sell")} ${d.spaceports.length} merchant spaceport${d.spaceports.length === 1 ? "" : "s"}.`;
    case "FameCounted": return `${who(d.seat)} ${vb(d.seat, "count")} ${d.total} fame${d.infamy ? ` (infamy ${d.infamy})` : ""}${d.disqualified ? ": disqualified by infamy" : ""}.`;
    case "ChallengeActivated": return `The challenge card ${names.name("challenges", d.card)} becomes active.`;
    case "ChallengeCompleted": return `The challenge card ${names.name("challenges", d.card)} is completed.`;
    case "SoloPicked": return `${who(d.seat)} ${vb(d.seat, "take")} ${soloPick(d.pick)} (Solo Challenge Setup 10).`;
    case "GameEnded": {
      const w = d.winners || [];
      const score = (seat) => (d.scores?.[seat] !== undefined ? ` with ${money(d.scores[seat])}` : "");
      if (d.reason in SOLO_LOST) return `The game ends: ${SOLO_LOST[d.reason]}; the game is lost.`;
      if (!w.length) return `The game ends${d.reason ? ` (${humanType(d.reason)})` : ""}: nobody wins.`;
      if (w.length === 1) return `The game ends: ${w[0] === me ? "you win" : `${names.seat(w[0])} wins`}${score(w[0])}!`;
      return `The game ends: ${w.map((x) => `${x === me ? "you" : names.seat(x)}${score(x)}`).join(" and ")} share the glory!`;
    }
    default: break;
  }
  const detail = detailWords(d, names);
  const actor = d.seat !== undefined ? `${who(d.seat)}: ` : "";
  return `${actor}${humanType(ev.type)}${detail ? ` (${detail})` : ""}.`;
}

const KIND = {
  TurnStarted: "turn", RoundStarted: "turn", GameWon: "turn", GameEnded: "turn", SetupStepStarted: "turn",
  HeadingDeclared: "move", SpeedRolled: "move", ShipMoved: "move", Moved: "move", Landed: "move",
  GoodsBought: "trade", GoodsSold: "trade", CultureDiscovered: "trade", FirstContact: "trade",
};

/** The replay bar's words for an event the log keeps silent (the log has it in another line
 * or it is the rules' bookkeeping), or null for the platform's neutral phrase. */
export function quietWords(ev, names, who) {
  const d = ev.data || {};
  const whose = (s) => (Number.isInteger(s) && s >= 0 ? `${who ? who(s) : names.seat(s)}'s` : "The");
  switch (ev.type) {
    case "PhaseStarted": return `${whose(d.seat)} ${phaseName(d.phase)} phase begins.`;
    case "TurnEnded": return `${whose(d.seat)} turn ends.`;
    case "MovementEnded": return `${whose(d.seat)} movement ends.`;
    case "Asked": return `The rules ask ${Number.isInteger(d.seat) && d.seat >= 0 ? (who ? who(d.seat) : names.seat(d.seat)) : "a merchant"} a question${d.prompt ? ` (${humanType(String(d.prompt))})` : ""}.`;
    case "Answered": return "The question is answered.";
    case "DeckShuffled": return `The ${d.deck ? `${humanType(String(d.deck))} ` : ""}deck is shuffled.`;
    case "MoveWaits": return d.wait ? `${whose(d.seat)} move waits (${humanType(String(d.wait))}).` : `${whose(d.seat)} move goes on.`;
    default: return null;
  }
}

/** One event in words for reader ``me`` (capitalised, one sentence), or null. */
export function describeEvent(ev, names, me = -1) {
  const text = sentence(ev, names, me);
  if (!text) return null;
  return text[0].toUpperCase() + text.slice(1);
}

/** The log in words: one line per event worth a sentence; a ship's steps in a row are one
 * flight ("You fly to the Colony World east city (8 spaces)"). */
export function describeLog(events, names, who, reader) {
  if (who) names.who = who;
  const me = reader ?? names.me ?? -1;
  const out = [];
  let flight = null; // {line, seat, spaces}: the ShipMoved run being written
  const made = new Set(events.filter((e) => e.type === "FirstContactMade").map((e) => e.data?.system));
  for (const ev of events) {
    if (ev.type === "FirstContactRevealed" && made.has(ev.data?.system)) continue; // FirstContactMade says it all
    if (ev.type === "ShipMoved" && ev.data && flight && flight.seat === ev.data.seat && out[out.length - 1] === flight.line) {
      flight.spaces.push(...ev.data.path);
      const end = flight.spaces[flight.spaces.length - 1];
      flight.line.text = `${ev.data.seat === me ? "You fly" : `${names.seat(ev.data.seat)} flies`} to ${names.space(end)} (${flight.spaces.length} spaces).`;
      flight.line.seq = ev.seq;
      continue;
    }
    const text = describeEvent(ev, names, me);
    if (!text) continue;
    const kind = ev.redacted ? "private" : KIND[ev.type] || (/Bought|Sold|Paid|Credit|Passenger|Spaceport/.test(ev.type) ? "trade" : /Move|Telegate|Navigat|Hazard|Pirate/.test(ev.type) ? "move" : "event");
    out.push({ text, kind, seq: ev.seq, type: ev.type });
    flight = ev.type === "ShipMoved" && ev.data ? { line: out[out.length - 1], seat: ev.data.seat, spaces: [...ev.data.path] } : null;
  }
  return out;
}

// Solo Challenge Setup 10: the starting options in the book's words
const SOLO_PICKS = {
  c50: "c50",
  "c30-hard-burn": "c30 and a Hard Burn",
  "c30-data-probe": "c30 and a Data Probe",
  "c30-less-fancy-spoiler": "c30 and a Less Fancy Spoiler (chosen twice: the Fancy Spoiler)",
  "stealth-field": "a Stealth Field",
  lasers: "+2 lasers",
  shields: "+2 shields",
  "laser-and-shield": "+1 laser and +1 shield",
};
const soloPick = (pick) => SOLO_PICKS[pick] || humanType(pick);
// how a solo challenge is lost ("Challenges", "Winning the Solo Challenge Game")
const SOLO_LOST = {
  challenge_fee_unpaid: "the challenges' fees cannot be paid at the round's start (Challenges)",
  challenges_incomplete: "challenges are left incomplete after the last round (Winning the Solo Challenge Game)",
};

const COMMAND = {
  SoloPick: (c) => `Take ${soloPick(c.pick)}`,
  EndPhase: () => "End this phase",
  EndTurn: () => "End turn",
  SkipMovement: () => "Skip the Movement phase",
  ChooseDial: (c) => `Start with the ${c.dial} dial at 2`,
  RevealFirstContact: (c, n) => `Reveal the First Contact card of the ${n.system(c.system)}`,
  ChooseStart: (c, n) => `Start at ${n.space(c.space)}`,
  EndStep: () => "Done",
  DeclareHeading: (c, n) => (c.toward ? `Head for ${n.space(c.toward)}` : "Turn the drive off this turn"),
  RollSpeed: () => "Roll the speed dice",
  AssignDie: (c, n) => `Assign die ${Number(c.die) + 1} to ${boxWords(c.box, n)}`,
  RerollDie: (c) => `Reroll speed die ${Number(c.die) + 1}`,
  UseHardBurn: () => "Use the Hard Burn",
  MoveTo: (c, n) => `Fly to ${n.space(c.path?.[c.path.length - 1])}`,
  Step: (c, n) => `Step to ${n.space(c.to)}`,
  Land: () => "Land here",
  DeclineNavigation: () => "Go on without a navigation die (the player to the left chooses the exit)",
  ChooseExit: (c, n) => `Exit to ${n.space(c.to)}`,
  RollTelegate: () => "Roll the purple die for the telegate",
  AnswerHazard: (c) => ({ stop: "Stop here", push_on: "Push on (lower the dial)", reroll: "Reroll the check" }[c.choice] || humanType(c.choice)),
  PlaceDrill: (c) => (c.place ? "Place a drill here (c10 each even round)" : "No drill here"),
  TrainPilot: (c, n) => `Train your pilot: ${n.pilot(c.face)} (c60)`,
  BuyGoods: (c, n) => `Buy ${n.goods(c.token)}`,
  BuyEquipment: (c, n) => `Buy a ${n.equipment(c.equipment)}`,
  BuyTechnology: (c, n) => `Buy ${n.tech(c.token)}`,
  BuyStartingGoods: (c, n) => `Buy ${n.goods(c.token)} (starting goods)`,
  SellGoods: (c, n) => `Sell ${n.goods(c.token)}${c.black_market ? " on the black market" : ""}`,
  PickUpPassenger: (c, n) => `Pick up the ${n.passenger(c.passenger)}`,
  DropOffPassenger: (c, n) => `Drop off the ${n.passenger(c.passenger)}`,
  ShuttlePickUp: (c, n) => `Shuttle: pick up the ${n.passenger(c.passenger)}`,
  ShuttleDropOff: (c, n) => `Shuttle: drop off the ${n.passenger(c.passenger)}`,
  DoneShuttling: () => "Done with the Shuttle",
  Offload: (c, n) => `Offload ${n.cargo(c.token)}`,
  Jettison: (c, n) => `Jettison ${n.cargo(c.token)}`,
  DoneJettisoning: () => "Done jettisoning",
  BuildSpaceport: (c, n) => `Build a merchant spaceport at ${n.space(c.space)} (c200)`,
  UseMarketFlux: (c, n) => `Market Flux: shift the ${n.culture(c.culture)} market`,
  UseDataProbe: (c, n) => `Data Probe: look at ${c.systems.map((x) => n.system(x)).join(" and ")}`,
  SwapFirstContactCards: (c) => (c.swap ? "Swap the First Contact cards" : "Keep the First Contact cards"),
  ReturnEncounterCard: (c) => `Return the encounter card to the ${c.to}`,
  PutBackEncounter: (c) => `Put the encounter card back on the ${c.bottom ? "bottom" : "top"}`,
  EngagePirates: (c) => `Engage the pirates with your ${c.attribute}${c.points ? ` (${c.points} movement points)` : ""}`,
  AnswerOffer: (c) => (c.accept ? "Accept the offer" : "Refuse the offer"),
  KeepReward: (c) => (c.keep ? "Keep the reward" : "Trade the reward in"),
  GiveUpGoods: (c, n) => `Give up ${n.cargo(c.token)}`,
  CompleteMission: (c, n) => `Complete the mission ${n.mission(c.mission)}${c.goods ? ` with ${n.goods(c.goods)}` : ""}`,
  BuySecondMission: () => "Buy a second mission",
  BuyReward: (c, n) => `Buy the reward ${n.reward(c.card)}`,
  UseIntel: (c, n) => `Use the intel card ${n.name("intel", c.card)}${c.mission ? ` on ${n.mission(c.mission)}` : ""}`,
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

// questions the rules ask outside a phase's own actions (``pending.prompt``), in words
const ASKS = {
  choose_dial: "choose the dial that starts at 2 (Setup 12)",
  reveal: "reveal a First Contact card (Light Speed Game 13)",
  starting_goods: "buy starting goods, then Done (Light Speed Game 14)",
  choose_start: "choose your starting space (Light Speed Game 17)",
  solo_pick: "choose your starting option (Solo Challenge Setup 10)",
  solo_picks: "choose two starting options (Solo Challenge Setup 10)",
  starting_space: "choose your starting space (Light Speed Game 17)",
  navigation_exit: "choose where the ship leaves the navigation space (Navigation Spaces: the player to the left decides)",
  jettison: "make room: jettison cargo or say done (Making Room in a Ship)",
  shuttle: "pick up or drop off passengers with the Shuttle, then Done, at the End Movement step (Shuttle)",
  engage_pirates: "engage the pirates with your laser, shield or pilot (Pirates)",
  encounter_offer: "accept or refuse the encounter's offer (Encounters)",
  lose_goods: "choose the goods the pirates take (Pirates)",
  trade_in: "keep the reward or trade it in (Rewards)",
  encounter_peek: "put the encounter card back on the top or the bottom of the deck",
  data_probe_swap: "swap the two First Contact cards or keep them (Data Probe)",
  data_probe_encounter: "return the encounter card to the top or the bottom (Data Probe)",
};

// questions the rules ask in the middle of a flight (the Movement phase waits for them)
const FLIGHT_ASKS = {
  AnswerHazard: "the hazard check failed: stop here, or push on by turning that dial down one (Hazards).",
  PlaceDrill: "an asteroid: place one of your drill tokens here, or not (Drills: the tokens are your merchant spaceports' too).",
  RollTelegate: "roll the purple die for the telegate (Telegates).",
  DeclineNavigation: "choose the exit from the navigation space, or decline it (Navigation Spaces).",
};

/** Whether the legal commands hold the answers to a question asked mid-flight (see FLIGHT_ASKS). */
export function flightQuestion(legal) { return (legal || []).some((c) => c.type in FLIGHT_ASKS); }

export function askWords(prompt) { return ASKS[prompt] || humanType(prompt); }

/** What the rules ask now, in one sentence. */
export function promptWords(answer, names, me) {
  const view = answer.view;
  if (view.stage === "over") {
    const w = view.end?.winners || view.winners || [];
    return w.length ? `The game is over: ${w.map((s) => (s === me ? "you" : names.seat(s))).join(" and ")} ${w.length > 1 || w[0] === me ? "win" : "wins"}.` : "The game is over.";
  }
  const pending = answer.pending || view.pending;
  if (!pending) return "Waiting for the game to begin…";
  const seats = pending.seats || [];
  const isPhase = PHASES.some(([k]) => k === pending.prompt);
  const mine = seats.includes(me) && answer.legal?.length;
  if (!isPhase) {
    const what = askWords(pending.prompt);
    if (mine) return `${view.stage === "setup" ? "Setup: " : ""}${what[0].toUpperCase()}${what.slice(1)}.`;
    return `Waiting for ${seats.map((s) => names.seat(s)).join(", ")}: ${what}.`;
  }
  const phase = phaseName(pending.prompt);
  if (mine) {
    const types = new Set(answer.legal.map((c) => c.type));
    for (const [type, ask] of Object.entries(FLIGHT_ASKS)) if (types.has(type)) return `Your ${phase} phase: ${ask}`;
    if (types.has("DeclareHeading")) return `Your ${phase} phase: click a highlighted space to declare your heading, or roll.`;
    if (types.has("RollSpeed")) return `Your ${phase} phase: roll the speed dice.`;
    if (types.has("AssignDie")) return `Your ${phase} phase: assign dice to your dashboard, or move.`;
    return `Your ${phase} phase.`;
  }
  return `${seats.map((s) => names.seat(s)).join(", ")}: ${phase} phase.`;
}
