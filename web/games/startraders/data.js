// Star Traders' pieces in words: worlds, jumplines, cards, Contracts, Personalities, seats.
// Everything comes from the engine's data (GET /api/games/star-traders/data), loaded once.
import { getJSON } from "../../platform/api.js";

let loading = null;

export const SEAT_COLORS = ["#4aa8ff", "#ffd23f", "#3fd07a", "#ff5a4e", "#f4f4f8", "#c77dff"];
export const LINE_INK = { orange: "#f08a24", red: "#e0403a", violet: "#a463f2", blue: "#3b82f6", green: "#22c55e" };

const PERSONALITY = {
  navigator: "the Navigator", psychic: "the Psychic", "lucky-lou": "Lucky Lou",
  negotiator: "the Negotiator", engineer: "the Engineer", insider: "the Insider", hero: "the Hero",
  "awesome-andi": "Awesome Andi", seer: "the Seer", "verdant-velma": "Verdant Velma",
  banker: "the Banker", "pirate-pete": "Pirate Pete",
};

/** The components, fetched once per page. */
export function loadComponents() {
  if (!loading) loading = getJSON("/api/games/star-traders/data").then((data) => new Names(data));
  return loading;
}

export class Names {
  constructor(data) {
    this.data = data;
    this.worlds = new Map(data.worlds.map((w) => [w.number, w]));
    this.lines = new Map();
    for (const ln of data.jumplines) {
      this.lines.set(`${ln.a}-${ln.b}`, ln);
      this.lines.set(`${ln.b}-${ln.a}`, ln);
    }
    this.players = [];
    /** @type {((seat: number) => string) | null} the table's seat names, before any view has come */
    this.who = null;
  }

  /** Remember the table's players (names by seat) from the latest view. */
  setPlayers(players) { this.players = players || []; }

  world(n) {
    const w = this.worlds.get(Number(n));
    return w ? `${w.name} (${w.number})` : `world ${n}`;
  }

  line(a, b) { return this.lines.get(`${a}-${b}`) || null; }

  neighbours(n) {
    const out = [];
    for (const ln of this.data.jumplines) {
      if (ln.a === Number(n)) out.push(ln.b);
      else if (ln.b === Number(n)) out.push(ln.a);
    }
    return out.sort((x, y) => x - y);
  }

  card(id) { return this.data.luck[id]?.name || id; }

  cardKind(id) { return this.data.luck[id]?.kind || ""; }

  contract(id) { return this.data.contracts[String(id)] || null; }

  /** "Stasis Cubes from Jaxin (56) to Zed (54)" */
  contractWords(c) {
    const card = typeof c === "object" ? c : this.contract(c);
    if (!card) return `contract ${c}`;
    return `${card.cargo} from ${this.world(card.pickup)} to ${this.world(card.deliver)}`;
  }

  personality(key) { return key ? (PERSONALITY[key] || key) : "no Personality"; }

  seat(seat) {
    if (seat === null || seat === undefined || seat < 0) return "nobody";
    return this.players[seat]?.name || this.who?.(seat) || `Seat ${seat + 1}`;
  }

  color(seat) { return SEAT_COLORS[seat % SEAT_COLORS.length]; }

  cargo(name) { return name === "imperial" ? "Imperial Cargo" : name; }
}

/** The chance of a roll of one die reaching ``need`` (0: no roll needed). */
export function chance(need) {
  if (!need) return 1;
  return Math.max(0, Math.min(6, 7 - need)) / 6;
}

export const percent = (p) => `${Math.round(p * 100)}%`;
