// Merchant of Venus, the standard game (2012), for the platform: the GameModule of
// web/platform/games.js. The board is ``vsboard``'s SVG; the rules are the ``venus-standard``
// ruleset's; every command the rules offer is drawn (commands.js), the important ones with
// their own UI (the map, the dashboard, the markets).
import { getJSON } from "../../platform/api.js";
import { createForm } from "./create.js";
import { StandardNames, boardSvg, titleCase } from "./names.js";
import { StandardPage } from "./page.js";
import { secretsOf } from "./secrets.js";
import { commandWords, describeEvent, describeLog, quietWords } from "./words.js";

export { StandardPage };

// events a seat causes by playing (a bot playing my seat sends these)
const PLAYED = new Set(["DialsSet", "HeadingDeclared", "SpeedRolled", "DieAssigned", "ShipMoved", "MoveEnded",
  "MovementSkipped", "GoodsBought", "GoodsSold", "EquipmentBought", "TechnologyBought", "PassengerPickedUp",
  "PassengerDroppedOff", "SpaceportBuilt", "PilotTrained", "MissionCompleted", "TurnEnded"]);

// what the rules or the cards did to my seat without my asking: a failed hazard check
// ("Hazards"), pirates ("Pirates"), cargo lost, a dial turned by a card, a move the rules
// ended; said as notices (kept until "Got it")
const NOTICE = {
  HazardChecked: (d) => !d.passed,
  PirateBeatPlayer: () => true, PirateAmbush: () => true, CargoLost: () => true,
  CardDialTurned: () => true, DialLowered: () => true,
  MoveEnded: (d) => d.how === "stopped",
};

function notices(names, seat, evs) {
  if (seat === null || seat === undefined) return [];
  return evs.filter((ev) => ev.data?.seat === seat && NOTICE[ev.type]?.(ev.data))
    .map((ev) => ({ text: describeEvent(ev, names, seat), key: `vs-${ev.seq}` }))
    .filter((n) => n.text);
}

// the game page's keys; the platform adds ?, u, m, f, t and Esc
/** @type {import("../../platform/games.js").Shortcut[]} */
const KEYS = [
  [["r"], "Roll the speed dice", ["r", "R"], "#vs-roll"],
  [["n"], "Next highlighted space", ["n"], () => cycle(1)],
  [["Shift", "n"], "Previous highlighted space", ["N"], () => cycle(-1)],
  [["e"], "End this phase", ["e", "E"], "#vs-EndPhase"],
];

function cycle(step) {
  const all = [...document.querySelectorAll("#moves .vs-move")].filter((b) => !/** @type {HTMLButtonElement} */ (b).disabled);
  if (!all.length) return false;
  const at = all.indexOf(document.activeElement);
  all[at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length].focus();
  return true;
}

const VARIANT = {
  standard: () => "standard game, 30 rounds", "light-speed": () => "light speed game (from round 16)",
  "solo-challenge": () => "solo challenge", epic: (o) => `epic game, ${o.epic_rounds || "31-60 (five dice + 30)"} rounds`,
};
const OPTIONAL = {
  title_intel_in_play: "Title & Intel Cards in Play", asteroid_telegate: "Asteroid System Telegate",
  maximum_production: "Maximum Production", demand: "Demand",
};

/** The table's options in words (the lobby): the variant, the optional rules, take-backs. */
function optionWords(lobby) {
  const o = lobby.options || {};
  const parts = [(VARIANT[o.variant || "standard"] || (() => titleCase(o.variant)))(o)];
  const optional = Object.entries(OPTIONAL).filter(([k]) => o[k]).map(([, words]) => words);
  if (optional.length) parts.push(`optional rules: ${optional.join(", ")}`);
  if (o.takebacks === false) parts.push("no take-backs");
  parts.push(`${lobby.seats.length} ${lobby.seats.length === 1 ? "seat" : "seats"}`);
  return parts.join(" · ");
}

async function loadNames() {
  const [svg, catalog] = await Promise.all([boardSvg(), getJSON("/api/games/venus-standard/data").catch(() => ({}))]);
  const names = /** @type {StandardNames & import("../../platform/games.js").GameNames} */ (StandardNames.fromSvg(svg));
  names.catalog = catalog;
  names.playerLabel = (p) => p.name;
  names.playerColor = (p) => names.color(p.seat);
  names.choiceName = (key) => titleCase(key);
  names.choiceLabel = (key) => titleCase(key);
  // Setup 8: what a pilot is, where it is chosen (the Pilot cards: level, skill, ability)
  names.choiceHelp = (key) => catalog?.pilot_help?.[key] || "A pilot of the standard game.";
  names.choiceColor = (seat) => names.color(seat);
  return names;
}

/** @type {import("../../platform/games.js").GameModule} */
export default {
  id: "venusstd",
  rulesets: ["venus-standard"],
  title: "Merchant of Venus (standard game)",
  styles: ["/games/venusstd/standard.css"],
  playersTitle: "Merchants",
  choiceTitle: "Pilot",
  loadNames,
  optionWords,
  createPage(host) {
    host.names.me = host.seat ?? -1;
    return new StandardPage(host);
  },
  createForm,
  describeLog,
  quietWords,
  commandWords,
  sinceWorthy: (line) => line.kind !== "turn" && !/ends? the .* phase/.test(line.text),
  secretsOf,
  notices,
  playedTypes: PLAYED,
  stage: (view) => view.stage, // "setup", "playing", "over"
  goal: () => null, // the most credits after round 30 wins: no race to a number
  score: (p) => p.score ?? p.credits ?? 0,
  scoreName: "Credits",
  keyboard: {
    keys: KEYS,
    // the questions the rules ask: in the panel, or (a navigation exit) on the map's list
    next: ["#vs-commands.urgent button", "#moves.urgent .vs-move", "#vs-roll", "#vs-dashboard .vs-assign", "#moves .vs-move", "#vs-EndPhase", "#market button"],
    urgent: 2,
    panel: "#controls button:not(:disabled), #moves button:not(:disabled)",
  },
};
