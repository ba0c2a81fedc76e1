// The standard game's sandbox (``GameDefinition.sandbox``, ``docs/scenarios.md``): a position
// from a scenario, played by one person in every seat on the real rules, through the sandbox
// API (``server/sandbox.py``). ``HotSeat`` is the table: it hosts the standard game's own
// table client (``StandardPage`` of page.js, through the GameHost of web/platform/games.js)
// and plays each command as the seat the game waits for; the sandbox page
// (``data-page="sandbox"``: pick a preset or edit its JSON, start, reset) and the tutorial
// (tutorial.js) are both made of it: the page hears ``sandbox:start``, ``sandbox:answer``
// and ``sandbox:render`` (the panel drawn anew) and may hold a command back (``guard``).
import { getJSON, sandbox } from "../../platform/api.js";
import { el } from "../../platform/dom.js";
import { keepFocus, useNextActions } from "../../platform/focus.js";
import { inkFor } from "../../platform/pawns.js";
import { bindShortcuts } from "../../platform/shortcuts.js";
import standard from "./index.js";

const GAME = "venus-standard";
const SCENARIOS = "/games/venusstd/scenarios/";
const MOVE_MS = 700; // a ship's flight on the map, at most (as on a table's page)
/** An element of the page by id, used as the kind it is (an input, a select...). */
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/** A sandbox game played hot seat on this page: the map (``#board``), the turn panel
 * (``#controls``, ``#moves``, ``#market``, ``#shipcard``), ``#prompt``, ``#error``,
 * ``#players`` and ``#log``. Each answer is told to the page as a ``sandbox:answer`` event
 * (``sandbox:start`` for a new game); ``guard`` may keep a command back with a sentence. */
export class HotSeat {
  constructor() {
    this.id = null;
    this.answer = null; // the newest answer, as a GamePage reads it ({seq, view, legal, pending, extras})
    this.events = []; // every log entry of this game so far
    this.scenario = null; // the scenario playing (Reset starts it again)
    this.busy = false;
    this.motion = null; // the flight being drawn (a promise)
    /** @type {((cmd: Object) => (string|null)) | null} a sentence that keeps a command back */
    this.guard = null;
    /** @type {any} the game's names (``loadNames``), ``me`` the seat playing */
    this.names = null;
    /** @type {import("./page.js").StandardPage | null} */
    this.page = null;
  }

  /** The board, the names and the keys, once. */
  async load() {
    this.names = await standard.loadNames({});
    this.page = /** @type {import("./page.js").StandardPage} */ (standard.createPage({
      names: this.names,
      seat: null, // every seat: the one the game waits for (``take``)
      who: (s) => this.who(s),
      send: (cmd) => this.send(cmd),
      replaying: () => false,
      busy: () => this.busy,
      view: () => this.answer?.view ?? null,
      lastEvent: (type) => this.events.findLast((e) => e.type === type && !e.redacted) ?? null,
      showError: (err, kind) => this.showError(err, kind),
    }));
    await this.page.load();
    useNextActions(standard.keyboard);
    bindShortcuts(this.page.board, standard.keyboard);
  }

  who(seat) { return this.answer?.view.players[seat]?.name ?? `Seat ${seat + 1}`; }

  /** Nothing in flight: no command on its way, no ship flying on the map. */
  idle() { return !this.busy && !this.motion; }

  /** Start ``scenario`` (a scenario of the standard game, as its JSON). */
  async start(scenario) {
    this.clearError();
    this.setBusy(true);
    try {
      const first = await sandbox.start(GAME, scenario);
      this.id = first.id;
      this.scenario = scenario;
      this.events = [];
      this.answer = null;
      this.page.plan = null;
      $("log").replaceChildren();
      this.take(first);
      this.page.board.fit();
      this.setBusy(false);
      this.render();
      this.page.showActive(this.answer.view, true);
      document.dispatchEvent(new CustomEvent("sandbox:start", { detail: { answer: this.answer } }));
    } catch (err) {
      this.setBusy(false);
      this.showError(err);
    }
  }

  /** A sandbox answer taken in: its log written, the acting seat made the page's seat. */
  take(raw) {
    this.events.push(...raw.log);
    const seq = this.events.length ? this.events[this.events.length - 1].seq : 0;
    this.answer = { ...raw, seq, pending: raw.view.pending ?? null };
    const seat = raw.seat >= 0 ? raw.seat : null;
    this.page.seat = seat;
    this.names.me = seat ?? -1;
    this.appendLog(raw.log);
  }

  /** Play ``cmd`` as the seat the game waits for; draw the answer and the ship's flight; go
   * on with what the player already chose (a landing after the flight: ``followUp``). */
  async send(cmd) {
    if (this.busy || !this.id) return;
    const held = this.guard?.(cmd);
    if (held) { this.showError({ message: held }, "hint"); return; }
    this.clearError();
    this.setBusy(true);
    let raw;
    try {
      raw = await sandbox.command(GAME, this.id, cmd);
    } catch (err) {
      this.page.refused();
      this.setBusy(false);
      this.render();
      this.showError(err);
      return;
    }
    const start = this.page.hasMotion(raw.log) ? this.page.motionStart(raw.log) : null;
    this.take(raw);
    const goOn = this.page.followUp(cmd, raw.log, this.answer);
    this.setBusy(false);
    this.render();
    if (start !== null) this.fly(raw.log, start);
    document.dispatchEvent(new CustomEvent("sandbox:answer", { detail: { cmd, answer: this.answer } }));
    if (goOn) { await this.send(goOn); return; }
    keepFocus({ urgent: true }); // focus.js: the question asked now, else the next action
  }

  fly(log, start) {
    const motion = this.page.animate(log, { totalMs: MOVE_MS, start }).finally(() => {
      if (this.motion === motion) this.motion = null;
    });
    this.motion = motion;
  }

  setBusy(on) {
    this.busy = on;
    document.body.classList.toggle("is-busy", on);
    this.page?.setBusy(on);
  }

  /** The newest answer: the pieces, the turn panel, the prompt, the merchants. */
  render() {
    const a = this.answer;
    if (!a) return;
    const view = a.view;
    this.page.drawPieces(view);
    const seat = this.page.seat;
    this.page.render(a, { mine: seat !== null, activeIsMe: view.turn?.seat === seat, who: (s) => this.who(s), lobby: {}, seat, replaying: false });
    const words = this.page.promptWords(a);
    // hot seat: whom the panel plays for now, when there is more than one merchant
    $("prompt").textContent = seat === null || view.players.length < 2 ? words : `As ${this.who(seat)}: ${words}`;
    this.renderPlayers(view);
    const over = standard.stage(view) === "over";
    document.title = `${over ? "Game over" : view.turn ? `${this.who(view.turn.seat)}'s turn` : "Sandbox"} — ${document.body.dataset.title || "Sandbox"} — Starport`;
    document.dispatchEvent(new CustomEvent("sandbox:render", { detail: { answer: a } }));
  }

  renderPlayers(view) {
    const items = view.players.map((p) => {
      const color = this.names.playerColor(p);
      const chip = el("span", { class: "chip chip-label", "aria-hidden": "true" }, p.name.slice(0, 1));
      chip.style.background = color;
      chip.style.color = inkFor(color);
      const m = this.page.playerMoney(p);
      const money = el("span", { class: "money", title: m.title });
      money.append(el("b", {}, m.big), el("br"), m.small);
      const active = view.turn?.seat === p.seat;
      const li = el("li", { class: `player${active ? " active" : ""}`, "data-seat": p.seat, "aria-current": active ? "true" : null });
      li.append(chip, el("strong", {}, this.names.playerLabel(p)), money, el("span", { class: "ship" }, this.page.playerLine(p)));
      return li;
    });
    $("players").replaceChildren(...items);
  }

  /** The log in words: "you" when one merchant plays, else each merchant by name (hot seat:
   * "you" would be whoever played last). */
  appendLog(entries) {
    const log = $("log");
    const reader = (this.answer?.view.players.length ?? 1) < 2 ? undefined : -1;
    for (const { text, kind } of standard.describeLog(entries, this.names, (s) => this.who(s), reader)) {
      log.append(el("li", { class: `log-${kind}` }, text));
    }
    log.scrollTop = log.scrollHeight;
  }

  showError(err, kind = "error") {
    const box = $("error");
    box.textContent = err?.message || String(err);
    box.dataset.kind = kind;
    box.hidden = false;
  }

  clearError() {
    const box = $("error");
    box.hidden = true;
    box.textContent = "";
  }
}

/** A preset of ``scenarios/`` (its file name), as JSON. */
export function preset(file) { return getJSON(`${SCENARIOS}${file}`); }

/** The sandbox page: the presets of ``scenarios/index.json`` to pick (or the one its address
 * names, ``#telegate``), started, played, reset; the scenario's JSON to edit and start. */
async function sandboxPage() {
  const table = new HotSeat();
  window.starport = table; // for the console and the browser tests
  const select = $("scenario");
  const json = $("scenario-json");
  const desc = $("scenario-desc");
  const startPreset = async (file) => {
    try {
      const scenario = await preset(file);
      json.value = JSON.stringify(scenario, null, 1);
      desc.textContent = scenario.description || "";
      history.replaceState(null, "", `#${file.replace(/\.json$/, "")}`);
      await table.start(scenario);
    } catch (err) {
      table.showError(err);
    }
  };
  $("scenario-form").addEventListener("submit", (e) => { e.preventDefault(); startPreset(select.value); });
  $("reset").addEventListener("click", () => { if (table.scenario) table.start(table.scenario); });
  $("json-form").addEventListener("submit", (e) => {
    e.preventDefault();
    let scenario;
    try {
      scenario = JSON.parse(json.value);
    } catch (err) {
      table.showError({ message: `That is not JSON: ${err.message}` });
      return;
    }
    desc.textContent = scenario.description || "Your own scenario.";
    table.start(scenario);
  });
  try {
    await table.load();
    const presets = await getJSON(`${SCENARIOS}index.json`);
    select.replaceChildren(...presets.map((p) => el("option", { value: p.file }, p.name)));
    const wanted = `${location.hash.slice(1)}.json`;
    if (presets.some((p) => p.file === wanted)) select.value = wanted;
    await startPreset(select.value);
  } catch (err) {
    table.showError(err);
  }
}

if (document.body.dataset.page === "sandbox") sandboxPage();
