// Words for the standard game's things: spaces (from the board's SVG, ``g[data-space]`` with
// its kind, system and name), systems, cultures, goods, technologies, equipment, passengers,
// missions, rewards, players and their colours. The board SVG is fetched once per page and
// shared with the map (board.js). Anything the data does not name is said from its key
// ("bionic-perfume" -> "Bionic Perfume"), never left raw.
import { getText } from "../../platform/api.js";

export const BOARD_SVG = "/boards/venus-standard.svg";
export const SEAT_COLORS = ["#f0892b", "#3fbf6a", "#e0463b", "#4aa8ff"]; // orange, green, red, blue: the book's ships

let svgText = null;

/** The board's SVG text, fetched once per page (the map and the names share it). */
export function boardSvg() {
  if (!svgText) svgText = getText(BOARD_SVG).catch((err) => { svgText = null; throw err; });
  return svgText;
}

/** "bionic-perfume" / "bionic_perfume" / "BionicPerfume" -> "Bionic Perfume". */
export function titleCase(key) {
  const s = String(key ?? "").replace(/[-_]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return s.replace(/\b([a-z])/g, (m) => m.toUpperCase());
}

/** "SpeedRolled" -> "speed rolled". */
export function humanType(type) {
  return String(type).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

export function money(n) { return `c${Number(n).toLocaleString("en")}`; }

const KIND_WORDS = {
  blue: "blue space", yellow: "yellow space", red: "red space", laser: "laser hazard",
  shield: "shield hazard", piloting: "piloting hazard", asteroid: "asteroid", encounter: "encounter space",
  navigation: "navigation space", telegate: "telegate", orbit: "orbit space", city: "surface city",
  surface_city: "surface city", spaceport: "spaceport", neutral_spaceport: "neutral spaceport",
  galactic_base: "Galactic Base", base: "Galactic Base",
};

export class StandardNames {
  /** ``spaces``: id -> {kind, system, name, number} read from the board SVG. */
  constructor(spaces = new Map()) {
    this.spaces = spaces;
    this.players = [];
    this.catalog = {}; // the names of things by kind and key (GET /api/venus-standard/names)
  }

  /** Read the spaces of the board SVG text (no map needed: the lobby and the log use it). */
  static fromSvg(text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const spaces = new Map();
    for (const g of doc.querySelectorAll("[data-space]")) {
      const title = g.querySelector("title")?.textContent || null;
      spaces.set(g.dataset.space, {
        kind: g.dataset.kind || null, system: g.dataset.system || null,
        name: g.dataset.name || title, number: g.dataset.number || g.dataset.telegate || null,
      });
    }
    return new StandardNames(spaces);
  }

  /** Remember the table's players (names by seat) from the latest view. */
  setView(view) {
    if (view?.players) this.players = view.players;
  }

  seat(s) {
    if (s === null || s === undefined) return "nobody";
    return this.players[s]?.name || this.who?.(s) || `Seat ${Number(s) + 1}`;
  }

  color(seat) { return SEAT_COLORS[Number(seat) % SEAT_COLORS.length]; }

  /** A space in words: "the Jungle World surface city", "telegate 2", "a navigation space (Nebula Habitat route)". */
  space(id) {
    if (id === null || id === undefined) return "nowhere";
    const s = this.spaces.get(String(id));
    if (!s) return titleCase(id);
    if (s.name && !/^[a-z]+-?\d+$/i.test(s.name)) return s.name;
    const kind = KIND_WORDS[s.kind] || (s.kind ? `${humanType(s.kind)} space` : "space");
    if (s.kind === "galactic_base" || s.kind === "base") return "Galactic Base";
    if (s.kind === "telegate" && s.number) return `telegate ${s.number}${s.system ? ` (${this.system(s.system)})` : ""}`;
    return s.system ? `${this.system(s.system)} ${kind}` : `${kind} ${id}`;
  }

  spaceKind(id) { return this.spaces.get(String(id))?.kind || null; }

  system(key) { return this.name("systems", key); }

  culture(key) { return this.name("cultures", key); }

  goods(key) { return this.name("goods", key); }

  tech(key) { return this.name("technologies", key); }

  equipment(key) { return this.name("equipment", key); }

  mission(key) { return this.name("missions", key); }

  reward(key) { return this.name("rewards", key); }

  passenger(key) { return this.name("passengers", key); }

  pilot(key) { return this.name("pilots", key); }

  /** A thing's name from the catalogue (``{kind: {key: name}}``), else said from its key. */
  name(kind, key) {
    if (key === null || key === undefined) return "none";
    const entry = this.catalog?.[kind]?.[key];
    if (typeof entry === "string") return entry;
    if (entry?.name) return entry.name;
    if (typeof key === "object") return key.name || titleCase(key.id || key.key || JSON.stringify(key));
    return titleCase(key);
  }
}
