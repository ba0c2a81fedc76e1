// The table's settings in the create form, the same for every game: a time per move (minutes,
// hours or days; at the end a bot plays the turn, at the level the host picks), which seats
// bots play and at which level (easy, normal, hard: ``levels`` of ``GET /api/games``) or which
// other bot, whether spectators may chat, whether hints are on (docs/players.md, "Bot levels
// and hints"); and a ruleset's own options drawn from the server's schema (``options_schema``
// of ``GET /api/games``) where the game draws no form of its own.

/** The words of the bots the platform knows; a game's own kind reads "<Kind> bot". */
export const BOT_WORDS = {
  trader: "Trader bot (plans trade routes)",
  random: "Random bot (any legal move)",
};
/** The bot levels every game offers (``server/levels.py``), in order. */
export const LEVELS = [["easy", "Easy"], ["normal", "Normal"], ["hard", "Hard"]];
const UNITS = { minutes: 60, hours: 3600, days: 86400 };
const MAX_TIMER = 14 * 86400;

/** "star-trader" -> "Star trader bot". */
export function botWords(kind) {
  if (BOT_WORDS[kind]) return BOT_WORDS[kind];
  const words = kind.replace(/[-_]+/g, " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} bot`;
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** Seconds of a time per move, or null (no timer). */
export function timerSeconds(amount, unit) {
  const n = Number(amount);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(MAX_TIMER, Math.round(n * (UNITS[unit] || 60)));
}

/**
 * The platform's settings of a new table, drawn into ``box``: the time per move and the level
 * a bot plays a timed-out turn at, "spectators may chat" and hints. ``values()`` answers the
 * body fields (``turn_timer``, ``timeout_level``, ``spectator_chat``, ``hints``).
 */
export function tableSettings(box) {
  box.replaceChildren();
  const on = el("input", { type: "checkbox", id: "t-timer-on" });
  const amount = el("input", { type: "number", id: "t-timer", min: "1", max: "999", value: "1", disabled: true });
  amount.setAttribute("aria-label", "Time per move");
  const unit = el("select", { id: "t-timer-unit", disabled: true });
  unit.setAttribute("aria-label", "Unit of the time per move");
  for (const [u, label] of [["minutes", "minutes"], ["hours", "hours"], ["days", "days"]]) unit.appendChild(el("option", { value: u, textContent: label }));
  unit.value = "days";
  const level = el("select", { id: "t-timeout-level", disabled: true });
  for (const [value, label] of LEVELS) level.appendChild(el("option", { value, textContent: label }));
  on.addEventListener("change", () => { amount.disabled = unit.disabled = level.disabled = !on.checked; if (on.checked) amount.focus(); });
  const timerRow = el("div", { className: "timer-row" },
    el("label", { className: "check" }, on, " Time per move:"), amount, unit);
  const levelRow = el("label", { className: "field timeout-level" }, "then a bot plays the turn at level ", level);
  const timerHint = el("small", { className: "hint", textContent: "when it runs out, a bot plays the turn; the player can take the seat back" });
  const chat = el("input", { type: "checkbox", id: "t-spectator-chat" });
  const hints = el("input", { type: "checkbox", id: "t-hints" });
  const hintsHint = el("small", { className: "hint", textContent: "a player whose turn it is may ask “What would a strong player do?”; everyone at the table sees that hints are on" });
  box.append(timerRow, levelRow, timerHint, el("label", { className: "check" }, chat, " Spectators may chat"),
    el("label", { className: "check" }, hints, " Hints for learners"), hintsHint);
  return {
    values() {
      const out = { spectator_chat: chat.checked, hints: hints.checked };
      const seconds = on.checked ? timerSeconds(amount.value, unit.value) : null;
      if (seconds !== null) {
        out.turn_timer = seconds;
        out.timeout_level = level.value;
      }
      return out;
    },
  };
}

/**
 * The choices of a bot seat: each level (``levels`` of ``GET /api/games``: ``{level, label,
 * kind, exact}``) as "<Level> bot", its value the kind that plays it, or ``level:<level>``
 * when the game has no bot of that level (the server plays it one level down, and the
 * words say so); then the ruleset's other kinds (``bots``: a random bot) in their words.
 * Without levels (an older server), the kinds alone.
 */
export function botChoices(bots, levels = []) {
  const out = [];
  const byLevel = new Set();
  for (const lv of levels) {
    if (lv.exact) {
      byLevel.add(lv.kind);
      out.push([lv.kind, `${lv.label} bot`]);
    } else {
      const as = levels.find((other) => other.exact && other.kind === lv.kind);
      out.push([`level:${lv.level}`, `${lv.label} bot (plays as ${as ? as.label.toLowerCase() : lv.kind}: this game has no ${lv.level} bot yet)`]);
    }
  }
  for (const b of bots) if (!byLevel.has(b)) out.push([b, botWords(b)]);
  return out;
}

/**
 * One line per seat: a player, or a bot at a level or of another of the ruleset's kinds
 * (``botChoices``; the first is the ruleset's own, easy). ``keep`` maps seats to the choices
 * made before (redrawn seat counts keep them). ``values()`` answers the body's ``bots``:
 * ``[{seat, kind}]`` or ``[{seat, level}]``.
 */
export function botSeats(box, count, bots, keep = new Map(), levels = []) {
  box.replaceChildren();
  const selects = [];
  const choices = botChoices(bots, levels);
  for (let i = 0; i < count; i += 1) {
    const sel = el("select", { id: `bot-${i}`, dataset: { seat: String(i) } });
    sel.setAttribute("aria-label", `Who plays seat ${i + 1}`);
    sel.appendChild(el("option", { value: "", textContent: "A player (sent a link)" }));
    for (const [value, label] of choices) sel.appendChild(el("option", { value, textContent: label }));
    const was = keep.get(i);
    sel.value = was && choices.some(([v]) => v === was) ? was : "";
    selects.push(sel);
    box.appendChild(el("label", { className: "bot-seat" }, el("span", { textContent: `Seat ${i + 1}` }), sel));
  }
  const pick = (s) => (s.value.startsWith("level:") ? { level: s.value.slice(6) } : { kind: s.value });
  return {
    chosen: () => new Map(selects.filter((s) => s.value).map((s) => [Number(s.dataset.seat), s.value])),
    values: () => selects.filter((s) => s.value).map((s) => ({ seat: Number(s.dataset.seat), ...pick(s) })),
  };
}

/**
 * A ruleset's table options drawn from its JSON Schema (the server's), for the options no
 * game form draws (``skip``): yes/no options as check boxes, options with a list of values
 * as a select. ``values()`` answers the options set to something else than their default.
 */
export function schemaOptions(box, schema, skip = []) {
  box.replaceChildren();
  const fields = [];
  for (const [name, prop] of Object.entries(schema?.properties || {})) {
    if (skip.includes(name)) continue;
    const type = prop.type || (prop.anyOf || []).map((t) => t.type).find((t) => t && t !== "null");
    const label = prop.description || prop.title || name;
    if (type === "boolean") {
      const input = el("input", { type: "checkbox", id: `opt-${name}`, checked: prop.default === true });
      box.appendChild(el("label", { className: "check" }, input, ` ${label}`));
      fields.push({ name, get: () => input.checked, dflt: prop.default ?? false });
    } else if (Array.isArray(prop.enum)) {
      const sel = el("select", { id: `opt-${name}` });
      for (const v of prop.enum) sel.appendChild(el("option", { value: String(v), textContent: String(v) }));
      if (prop.default !== undefined && prop.default !== null) sel.value = String(prop.default);
      box.appendChild(el("label", { className: "field" }, `${label} `, sel));
      const numeric = type === "integer" || type === "number";
      fields.push({ name, get: () => (numeric ? Number(sel.value) : sel.value), dflt: prop.default });
    }
  }
  return {
    count: fields.length,
    values: () => Object.fromEntries(fields.map((f) => [f.name, f.get()]).filter(([n, v]) => v !== fields.find((f) => f.name === n).dflt)),
  };
}
