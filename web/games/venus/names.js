// Words for things on the board: dot labels, systems, cultures, merchants, player colors.

const COLORS = { green: "#3fd07a", yellow: "#ffd23f", blue: "#4aa8ff", white: "#f4f4f8", black: "#2b2b33", red: "#ff5a4e" };
const SEAT_COLORS = ["#4aa8ff", "#ffd23f", "#3fd07a", "#ff5a4e", "#f4f4f8", "#c77dff"];
const KIND_WORDS = {
  space: "space dot", penalty: "penalty oval", asteroid: "asteroid", qbox: '"?" box',
  circle: "navigation circle", surface_city: "surface city", space_city: "space city",
};
export const END_WORDS = {
  land: "land", penalty: "stop on the penalty", out_of_mp: "out of MP", trapped: "stop (no way on)",
  reveal: 'reveal the "?"',
};

export class Names {
  constructor(data) {
    this.data = data;
    this.dots = new Map(data.dots.map((d) => [d.id, d]));
    this.systems = new Map(data.systems.map((s) => [s.id, s]));
    this.routes = new Map(data.routes.map((r) => [r.id, r]));
  }

  /** The dot's own name: a city, an orbit, or its kind. */
  dotName(id) {
    const d = this.dots.get(id);
    if (!d) return id;
    if (d.name) return d.name;
    if (d.orbit) return `${d.orbit} orbit`;
    if (d.kind === "penalty") return `${d.color ? `${d.color} ` : ""}penalty ${d.penalty}`;
    if (d.kind === "space") return d.color ? `${d.color} dot` : "space dot";
    return KIND_WORDS[d.kind] || d.kind;
  }

  /** Where the dot is: its system, or the trade route it lies on. */
  whereName(id) {
    const d = this.dots.get(id);
    if (!d) return "";
    if (d.system) return this.systems.get(d.system)?.name || d.system;
    const r = this.routes.get(d.route);
    return r ? `route ${r.name.replace(" - ", "–")}` : "";
  }

  /** Which way ``dot`` lies from ``from`` along the trade route it is on ("towards Colony
   * World"): what tells apart two dots of one route that read the same; "" when it is not on
   * a route or the way is not plain. */
  towards(from, dot) {
    const d = this.dots.get(dot);
    const r = d && this.routes.get(d.route);
    if (!r) return "";
    const ends = r.name.split(" - ");
    const index = (id) => Number(String(id).split(".")[1]);
    const here = this.dots.get(from);
    let forward = null;
    if (here?.route === d.route) forward = index(dot) > index(from);
    else if (here?.system) forward = here.system === r.id.split("--")[0];
    if (forward === null || ends.length !== 2) return "";
    return `towards ${forward ? ends[1] : ends[0]}`;
  }

  /** Where a dot lies along its trade route ("3rd dot from Giant Planet"), or "". */
  routePlace(dot) {
    const d = this.dots.get(dot);
    const r = d && this.routes.get(d.route);
    const n = Number(String(dot).split(".")[1]);
    if (!r || !Number.isInteger(n)) return "";
    const suffix = n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th";
    return `${n}${suffix} dot from ${r.name.split(" - ")[0]}`;
  }

  /** "Jewelport orbit, Jungle Planet" */
  dotLabel(id) {
    const where = this.whereName(id);
    const name = this.dotName(id);
    return where && where !== name ? `${name}, ${where}` : name;
  }

  // the lobby's seat choice (GameNames): a race, with its color
  choiceName(race) { return this.merchantName(race); }
  choiceLabel(race) { return `${this.merchantName(race)}${this.data.merchants[race]?.color ? ` (${this.data.merchants[race].color})` : ""}`; }
  choiceColor(seat, race) { return this.playerColor({ seat, race }); }

  kindWords(id) { return KIND_WORDS[this.dots.get(id)?.kind] || ""; }

  cultureName(key) { return this.data.cultures[key]?.name || key; }
  goodsName(key) { return this.data.cultures[key]?.goods || key; }
  systemName(id) { return this.systems.get(id)?.name || id; }

  /** "Spaceport Deed of Neutron Port (Multi-Generation Ship)", "Factory Deed of the Dell". */
  deedName(id) {
    const [, kind, key] = String(id).split(":");
    if (kind === "factory") return `Factory Deed of the ${this.cultureName(key)}`;
    if (kind === "spaceport") {
      const d = this.data.spaceport_deeds?.[key];
      if (d) return `Spaceport Deed of ${d.orbit} (${this.systemName(d.system)})`;
      return `Spaceport Deed of ${String(key).split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ")}`;
    }
    return `${kind} deed`;
  }

  merchantName(race) { return race ? (this.data.merchants[race]?.name || race) : ""; }

  playerColor(player) {
    const named = player.race && this.data.merchants[player.race]?.color;
    return COLORS[named] || SEAT_COLORS[player.seat % SEAT_COLORS.length];
  }

  playerLabel(player) {
    const race = this.merchantName(player.race);
    return race ? `${player.name} (${race})` : player.name;
  }
}

const ITEM_WORDS = {
  yellow_drive: "Yellow Drive", red_drive: "Red Drive", combined_drive: "Combined Drive", shield: "Shield",
  air_foil: "Air Foil", auto_pilot: "Auto Pilot", jump_start: "Jump Start", mulligan_gear: "Mulligan Gear",
  spy_eye: "Spy Eye", switch_switch: "Switch Switch", gate_lock: "Gate Lock", laser: "Laser", nova_ball: "Nova Ball", fort: "Fort",
  scout: "Scout", clipper: "Clipper", transport: "Transport", freighter: "Freighter",
};

export function itemName(key) {
  return ITEM_WORDS[key] || String(key).replace(/_/g, " ");
}

/** A "?" marker in words. */
export function markerWords(m) {
  if (!m) return "";
  switch (m.kind) {
    case "telegate": return `Tele Gate ${m.number}`;
    case "penalty": return `${m.color} penalty ${m.amount}`;
    case "relic": return `Relic: ${itemName(m.relic)}`;
    case "open_port": return "Open Spaceport";
    case "empty": return "empty (plain asteroid)";
    default: return "face down";
  }
}
