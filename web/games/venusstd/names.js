// Words for the standard game's things: spaces (from the board's SVG, ``g[data-space]`` with
// its kind, system and name), systems, cultures, goods, technologies, equipment, passengers,
// missions, rewards, players and their colours. The board SVG is fetched once per page and
// shared with the map (board.js). Anything the data does not name is said from its key
// ("bionic-perfume" -> "Bionic Perfume"), never left raw.
import { getText } from "../../platform/api.js";

export const BOARD_SVG = "/api/games/venus-standard/board.svg";
// the play areas' colours (Setup 7: orange, red, green, white), as inks
export const INK = { orange: "#f0892b", red: "#e0463b", green: "#3fbf6a", white: "#f4f4f8", blue: "#4aa8ff", purple: "#b07cf0" };
export const SEAT_COLORS = [INK.orange, INK.red, INK.green, INK.white];

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
  return String(type).replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]+/g, " ").toLowerCase();
}

export function money(n) { return `c${Number(n).toLocaleString("en")}`; }

// the Game Board Legend's spaces (engine/venus_standard/board.py SpaceKind)
const KIND_WORDS = {
  blue: "blue space", yellow: "yellow space", red: "red space", laser_hazard: "laser hazard",
  shield_hazard: "shield hazard", piloting_hazard: "piloting hazard", asteroid: "asteroid", encounter: "encounter space",
  navigation: "navigation space", telegate: "telegate", orbit: "orbit space", surface_city: "surface city",
  neutral_spaceport: "neutral spaceport", galactic_base: "Galactic Base",
};

export function kindWords(kind) { return KIND_WORDS[kind] || (kind ? humanType(kind) : "space"); }

export class StandardNames {
  /** ``spaces``: id -> {kind, system, route, telegate, x, y} read from the board SVG. */
  constructor(spaces = new Map()) {
    this.spaces = spaces;
    this.players = [];
    this.catalog = {}; // the names of things by kind and key (GET /api/games/venus-standard/data)
    /** @type {((seat: number) => string) | null} the table's seat names, before any view has come */
    this.who = null;
  }

  /** Read the spaces of the board SVG text (no map needed: the lobby and the log use it). */
  static fromSvg(text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const spaces = new Map();
    for (const g of doc.querySelectorAll("[data-space]")) {
      spaces.set(g.dataset.space, {
        kind: g.dataset.kind || null, system: g.dataset.system || null, route: g.dataset.route || null,
        telegate: g.dataset.telegate || null,
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

  /** A seat's ink: its play area's colour (``player.color``), else by seat. */
  color(seat) {
    const c = this.players[seat]?.color;
    const taken = this.players.slice(0, Number(seat)).some((p) => p.color === c); // (a scenario's players may share one)
    return (!taken && (INK[c] || (c?.startsWith?.("#") && c))) || SEAT_COLORS[Number(seat) % SEAT_COLORS.length];
  }

  /** A space in words: its printed name (surface cities, spaceports, Galactic Base), else its
   * kind and where it is: "an encounter space of the Water World", "telegate 2 on the Jungle
   * Station route". */
  space(id) {
    if (id === null || id === undefined) return "nowhere";
    const named = this.catalog?.spaces?.[id];
    if (named) return named;
    const s = this.spaces.get(String(id));
    if (!s) return titleCase(id);
    const kind = s.kind === "telegate" && s.telegate ? `telegate ${s.telegate}` : kindWords(s.kind);
    if (s.system) return `${kind} (${this.system(s.system)})`;
    if (s.route) return `${kind} (${this.route(s.route)} route)`;
    return kind;
  }

  route(key) { return this.name("routes", key); }

  spaceKind(id) { return this.spaces.get(String(id))?.kind || null; }

  system(key) { return this.name("systems", key); }

  culture(key) { return this.name("cultures", key); }

  /** A goods token ("nillis:g2") or kind ("nillis") by its culture's goods. */
  goods(key) { return this.name("goods", String(key).split(":")[0]); }

  /** A racial technology token ("shuttle:1") or kind. */
  tech(key) { return this.name("technologies", String(key).split(":")[0]); }

  /** A token in a hold: goods ("graw:g1"), a passenger ("diva") or a technology. */
  cargo(key) {
    const k = String(key);
    const kind = k.split(":")[0];
    if (this.catalog?.passengers?.[k]) return `${this.passenger(k)} (passenger)`;
    if (this.catalog?.goods?.[kind] && this.catalog?.cultures?.[kind]) return this.goods(k);
    if (this.catalog?.technologies?.[kind]) return this.tech(k);
    return titleCase(kind);
  }

  equipment(key) { return this.name("equipment", key); }

  mission(key) { return this.name("missions", key); }

  reward(key) { return this.name("rewards", key); }

  passenger(key) { return this.name("passengers", key); }

  pilot(key) { return this.name("pilots", key); }

  /** A card's text (missions, rewards, encounters), or "". */
  text(key) { return this.catalog?.texts?.[key] || ""; }

  /** A thing's name from the catalogue (``{kind: {key: name}}``), else said from its key. */
  name(kind, key) {
    if (key === null || key === undefined) return "none";
    let entry = this.catalog?.[kind]?.[key];
    if (entry === undefined && typeof key !== "object") { // a card of another file (titles, intel...)
      for (const names of Object.values(this.catalog || {})) if (names[key] !== undefined) { entry = names[key]; break; }
    }
    if (typeof entry === "string") return entry;
    if (entry?.name) return entry.name;
    if (typeof key === "object") return key.name || titleCase(key.id || key.key || JSON.stringify(key));
    return titleCase(key);
  }
}
