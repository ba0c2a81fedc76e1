// The table's settings in the create form, the same for every game: a time per move (minutes,
// hours or days; at the end a bot plays the turn), which seats bots play and which bot,
// whether spectators may chat; and a ruleset's own options drawn from the server's schema
// (``options_schema`` of ``GET /api/games``) where the game draws no form of its own.

/** The words of the bots the platform knows; a game's own kind reads "<Kind> bot". */
export const BOT_WORDS = {
  trader: "Trader bot (plans trade routes)",
  random: "Random bot (any legal move)",
};
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
 * The platform's settings of a new table, drawn into ``box``: the time per move and
 * "spectators may chat". ``values()`` answers the body fields (``turn_timer``,
 * ``spectator_chat``).
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
  on.addEventListener("change", () => { amount.disabled = unit.disabled = !on.checked; if (on.checked) amount.focus(); });
  const timerRow = el("div", { className: "timer-row" },
    el("label", { className: "check" }, on, " Time per move:"), amount, unit);
  const timerHint = el("small", { className: "hint", textContent: "when it runs out, a bot plays the turn; the player can take the seat back" });
  const chat = el("input", { type: "checkbox", id: "t-spectator-chat" });
  box.append(timerRow, timerHint, el("label", { className: "check" }, chat, " Spectators may chat"));
  return {
    values() {
      const out = { spectator_chat: chat.checked };
      const seconds = on.checked ? timerSeconds(amount.value, unit.value) : null;
      if (seconds !== null) out.turn_timer = seconds;
      return out;
    },
  };
}

/**
 * One line per seat: a player, or a bot of one of the ruleset's kinds (``bots``; the first is
 * the ruleset's own). ``keep`` maps seats to the kinds chosen before (redrawn seat counts
 * keep them). ``values()`` answers the body's ``bots``: ``[{seat, kind}]``.
 */
export function botSeats(box, count, bots, keep = new Map()) {
  box.replaceChildren();
  const selects = [];
  for (let i = 0; i < count; i += 1) {
    const sel = el("select", { id: `bot-${i}`, dataset: { seat: String(i) } });
    sel.setAttribute("aria-label", `Who plays seat ${i + 1}`);
    sel.appendChild(el("option", { value: "", textContent: "A player (sent a link)" }));
    for (const b of bots) sel.appendChild(el("option", { value: b, textContent: botWords(b) }));
    const was = keep.get(i);
    sel.value = was && bots.includes(was) ? was : "";
    selects.push(sel);
    box.appendChild(el("label", { className: "bot-seat" }, el("span", { textContent: `Seat ${i + 1}` }), sel));
  }
  return {
    chosen: () => new Map(selects.filter((s) => s.value).map((s) => [Number(s.dataset.seat), s.value])),
    values: () => selects.filter((s) => s.value).map((s) => ({ seat: Number(s.dataset.seat), kind: s.value })),
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
