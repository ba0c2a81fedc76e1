// Merchant of Venus, the standard game, on a table's game page (the GamePage of
// web/platform/games.js): the board with its pieces and the highlighted spaces a command can
// take the ship to; the turn panel: the round track, the phase bar (Movement, First Contact,
// Transaction, Merchant Spaceport) with the commands legal now, the dashboard (dials, dice and
// their boxes), the markets, my ship's cargo, missions, rewards and passengers.
import { el, cmdButton } from "../../platform/dom.js";
import { zoomButtons } from "../../platform/mapview.js";
import { animatePawn, pawnSpot } from "../../platform/pawns.js";
import { StandardBoard, drawPieces, drawTargets, shipSpace } from "./board.js";
import { renderCommands } from "./commands.js";
import { DASHBOARD_TYPES, renderDashboard } from "./dashboard.js";
import { MARKET_TYPES, renderMarkets } from "./market.js";
import { renderShip } from "./ship.js";
import { PHASES, commandWords, phaseName, promptWords } from "./words.js";
import { money, titleCase } from "./names.js";

const $ = (id) => document.getElementById(id);
const MAP_LABEL = "The galactic cluster. Drag or use the arrow keys to pan, the wheel, pinch or + and - to zoom, 0 to fit. Tab to the highlighted spaces.";

/** Commands that name a space the ship goes to or faces: the map's highlights. */
const SPACE_TYPES = new Set(["DeclareHeading", "MoveTo", "Step", "MoveAlong", "Land", "ChooseExit", "UseTelegate", "PlaceSpaceport", "BuildSpaceport"]);

/** The space a command names (where the ship goes, faces or builds), or null. */
export function spaceOf(cmd) {
  const s = cmd.to ?? cmd.space ?? cmd.heading ?? cmd.exit ?? cmd.destination ?? (Array.isArray(cmd.path) ? cmd.path[cmd.path.length - 1] : null);
  return s === null || s === undefined ? null : String(s);
}

/** The latest ship movement of ``evs``: {seat, spaces}, or null. */
export function lastMove(evs) {
  let run = null;
  for (const ev of evs) {
    const d = ev.data;
    if (!d || !["ShipMoved", "Moved", "Stepped", "Teleported"].includes(ev.type)) continue;
    if (!run || run.seat !== d.seat) run = { seat: d.seat, spaces: [] };
    const path = d.path || [...(d.skipped || []), d.to ?? d.space];
    run.spaces.push(...path.filter((s) => s !== null && s !== undefined).map(String));
  }
  return run && run.spaces.length ? run : null;
}

export class StandardPage {
  /** @param {import("../../platform/games.js").GameHost} host */
  constructor(host) {
    this.host = host;
    this.names = host.names;
    this.seat = host.seat;
    this.board = new StandardBoard($("board"));
    this.answer = null;
    this.parts = null;
    this.shownTargets = "";
  }

  async load() {
    this.board.container.setAttribute("aria-label", MAP_LABEL);
    await this.board.load();
    this.board.onSpace = (space) => this.clickSpace(space);
    if (!this.board.container.parentElement.querySelector(":scope > .zoom-bar")) {
      zoomButtons(this.board, this.board.container.parentElement, {
        label: "Centre on the ship whose turn it is",
        at: () => { const v = this.host.view(); return v?.turn ? String(shipSpace(v.players[v.turn.seat])) : null; },
      });
    }
    this.buildPanel();
  }

  buildPanel() {
    const root = $("controls");
    root.replaceChildren();
    root.classList.add("vs-panel");
    this.parts = {};
    const add = (name, tag, attrs) => { this.parts[name] = el(tag, attrs); root.append(this.parts[name]); };
    add("rounds", "div", { id: "vs-rounds", class: "vs-rounds" });
    add("phases", "ol", { id: "vs-phases", class: "vs-phases", "aria-label": "The turn's phases" });
    add("dashboard", "section", { id: "vs-dashboard", class: "vs-box", "aria-label": "Dashboard" });
    add("commands", "div", { id: "vs-commands", class: "vs-commands" });
  }

  send(cmd) { return this.host.send(cmd); }

  /** A click on a space: the legal command it stands for (a highlighted space), else a word. */
  clickSpace(space) {
    if (!this.answer || this.host.replaying() || this.host.busy()) return;
    const cmds = this.answer.legal.filter((c) => SPACE_TYPES.has(c.type) && spaceOf(c) === space);
    if (cmds.length) { this.send(cmds[0]); return; }
    if (this.targets?.length) {
      this.host.showError({ message: `${this.names.space(space)} is not a choice now: pick one of the ${this.targets.length} highlighted spaces (also listed in the panel).` }, "hint");
    }
  }

  /** The newest answer: highlights and the turn panel (the pieces: ``drawPieces``). */
  render(answer, turnState = {}) {
    const replaying = !!turnState.replaying;
    const a = { ...answer, legal: replaying ? [] : answer.legal || [], extras: replaying ? {} : answer.extras || {} };
    this.answer = a;
    const view = a.view;
    this.names.setView(view);
    if (!this.parts) this.buildPanel();
    const send = (c) => this.send(c);
    const legal = a.legal;
    renderRounds(this.parts.rounds, view);
    renderPhases(this.parts.phases, view, this.names);
    const active = view.turn ? view.players[view.turn.seat] : null;
    const me = this.seat !== null ? view.players[this.seat] : null;
    renderDashboard(this.parts.dashboard, active && view.turn?.seat === this.seat ? active : active || me, view.turn, legal, this.names, send);
    // the map's choices: commands naming a space, and the reachable spaces the view lists
    this.targets = this.targetsOf(a);
    drawTargets(this.board, this.targets, (t) => { if (!this.host.busy()) this.send(t.cmd); });
    this.followTargets(view);
    renderMoves($("moves"), this.targets, this.names, send);
    const handled = new Set([...DASHBOARD_TYPES, ...(this.targets.length ? SPACE_TYPES : [])]);
    renderMarkets($("market"), view, legal, this.names, send);
    if ($("market").querySelector(".vs-market")) for (const t of MARKET_TYPES) handled.add(t);
    renderCommands(this.parts.commands, legal, this.names, send, handled);
    renderShip($("shipcard"), me, view, legal, this.names, send);
  }

  /** ``{space, label, badge, cmd}`` for every legal command that names a space. */
  targetsOf(a) {
    const out = [];
    const seen = new Set();
    const reach = new Map((a.extras.reachable || a.view.turn?.reachable || []).map((r) => [String(r.space ?? r.to ?? r.dot), r]));
    for (const c of a.legal) {
      if (!SPACE_TYPES.has(c.type)) continue;
      const space = spaceOf(c);
      if (space === null || seen.has(`${c.type}:${space}`)) continue;
      seen.add(`${c.type}:${space}`);
      const r = reach.get(space);
      const left = r?.mp_left ?? r?.left ?? r?.mp ?? c.mp_left ?? c.left;
      out.push({ space, cmd: c, kind: c.type === "DeclareHeading" ? "heading" : "dest", badge: left, label: `${commandWords(c, this.names)}${left !== undefined ? ` (${left} left)` : ""}` });
    }
    return out;
  }

  /** New choices on the map: bring them into view once (not against the player's hand). */
  followTargets(view) {
    const key = this.targets.map((t) => t.space).join(",");
    if (key === this.shownTargets) return;
    this.shownTargets = key;
    if (!this.targets.length || this.board.userRecently?.()) return;
    const at = view.turn ? shipSpace(view.players[view.turn.seat]) : null;
    this.board.follow([...(at !== null ? [String(at)] : []), ...this.targets.map((t) => t.space)]);
  }

  drawPieces(view) {
    this.names.setView(view);
    drawPieces(this.board, view, this.names);
  }

  hasMotion(evs) { return lastMove(evs) !== null; }

  motionStart(evs) {
    const move = lastMove(evs);
    return move ? pawnSpot(this.board, move.seat) : null;
  }

  animate(evs, { totalMs = 700, signal = null, start = null } = {}) {
    const move = lastMove(evs);
    if (!move) return Promise.resolve();
    const stepMs = Math.max(40, Math.min(170, totalMs / Math.max(1, move.spaces.length)));
    return animatePawn(this.board, move.seat, move.spaces, { stepMs, signal, start });
  }

  promptWords(answer) { return promptWords(answer, this.names, this.seat ?? -1); }

  turnWords(answer) { return this.promptWords(answer); }

  playerLine(p) {
    const bits = [this.names.space(shipSpace(p))];
    bits.unshift(`${titleCase(p.pilot)} pilot, level ${p.pilot_level ?? 1}`);
    const cargo = p.cargo || p.holds_used;
    if (Array.isArray(cargo) && cargo.length) bits.push(`${cargo.length} in the hold`);
    if (p.missions?.length) bits.push(`${p.missions.length} mission${p.missions.length === 1 ? "" : "s"}`);
    return bits.join(" · ");
  }

  playerMoney(p) {
    return { title: "Credits (the most credits after final scoring wins)", big: money(p.credits ?? 0), small: `fame ${p.fame ?? 0} · infamy ${p.infamy ?? 0}` };
  }

  /** "End of the Game": the score after final scoring, the fame counted; shared glory names
   * every winner ("Winning the Game"). */
  endSummary(view) {
    const winners = view.end?.winners || view.winners || [];
    const winner = winners.length ? winners[0] : null;
    const score = (p) => p.score ?? p.credits ?? 0;
    const names = winners.map((s) => this.names.seat(s));
    return {
      title: !winners.length ? "The game is over" : `${names.join(" and ")} ${winners.length > 1 ? "share the glory" : "wins"}!`,
      text: view.end?.reason && !winners.length ? `The game ended: ${view.end.reason.replace(/_/g, " ")}.` : `After round ${view.round} the merchant with the most credits after final scoring wins (End of the Game).`,
      columns: ["Merchant", "Credits", "Fame", "Infamy"],
      row: (p) => [p.name, money(score(p)), String(p.total_fame ?? p.fame ?? 0), String(p.infamy ?? 0)],
      order: (a, b) => winners.includes(b.seat) - winners.includes(a.seat) || score(b) - score(a),
      winner,
    };
  }

  followUp() { return null; }

  refused() {}

  setBusy(on) {
    for (const b of document.querySelectorAll("#controls button, #market button, #moves button, #shipcard button")) if (on) b.disabled = true;
  }

  showActive(view = null, always = false) {
    const v = view || this.answer?.view;
    if (!v?.turn) return;
    const at = shipSpace(v.players[v.turn.seat]);
    if (at !== null && (always || !this.board.userRecently())) this.board.follow([String(at)]);
  }
}

/** The round track: "Round 4 of 30" and a mark per round with its icons (passenger, drill,
 * production), the rounds played dimmed ("Beginning a New Round"). */
function renderRounds(root, view) {
  root.replaceChildren();
  const last = view.last_round ?? 30;
  const round = view.round ?? 0;
  const icons = new Map((view.round_track || []).map((r) => [r.round, r.icons || []]));
  root.append(el("span", { class: "vs-round" }, round ? `Round ${round} of ${last}` : `Setup · ${last} rounds`));
  const track = el("div", { class: "vs-track", role: "img", "aria-label": `Round track: round ${round} of ${last}` });
  for (let r = 1; r <= last; r += 1) {
    const icon = icons.get(r) || [];
    track.append(el("i", {
      class: `${r < round ? "past" : r === round ? "now" : ""}${icon.map((k) => ` icon-${k}`).join("")}`,
      title: `Round ${r}${icon.length ? `: ${icon.join(", ")}` : ""}`, "data-round": r,
    }));
  }
  root.append(track);
}

/** The phase bar: the four phases of a turn, the current one marked. */
function renderPhases(root, view, names) {
  root.replaceChildren();
  const now = view.turn?.phase;
  for (const [key, label] of PHASES) {
    const li = el("li", { class: key === now ? "now" : "", "data-phase": key, "aria-current": key === now ? "step" : null }, label);
    root.append(li);
  }
  if (view.turn) root.setAttribute("aria-label", `${names.seat(view.turn.seat)}'s turn: ${phaseName(now)} phase`);
}

/** The highlighted spaces as a list (the map's choices for the keyboard and the phone). */
function renderMoves(root, targets, names, send) {
  root.replaceChildren();
  if (!targets.length) return;
  const kind = targets.every((t) => t.kind === "heading") ? "Declare your heading" : "Where to";
  root.append(el("h3", {}, kind));
  const list = el("div", { class: "vs-moves" });
  for (const t of targets) list.append(cmdButton(t.label, t.cmd, send, { class: "vs-move", "data-space": t.space }));
  root.append(list);
  void names;
}
