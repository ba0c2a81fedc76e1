// Merchant of Venus, the standard game, on a table's game page (the GamePage of
// web/platform/games.js): the board with its pieces and the highlighted spaces a command can
// take the ship to; the turn panel: the round track, the phase bar (Movement, First Contact,
// Transaction, Merchant Spaceport) with the commands legal now, the dashboard (dials, dice and
// their boxes), the markets, my ship's cargo, missions, rewards and passengers.
import { el } from "../../platform/dom.js";
import { zoomButtons } from "../../platform/mapview.js";
import { animatePawn, pawnSpot } from "../../platform/pawns.js";
import { StandardBoard, drawPieces, drawTargets, shipSpace } from "./board.js";
import { renderCommands } from "./commands.js";
import { DASHBOARD_TYPES, renderDashboard } from "./dashboard.js";
import { renderMarkets } from "./market.js";
import { renderQuestions } from "./questions.js";
import { faceDownAt } from "./secrets.js";
import { renderShip } from "./ship.js";
import { PHASES, commandWords, flightQuestion, phaseName, promptWords } from "./words.js";
import { money, titleCase } from "./names.js";

const $ = (id) => document.getElementById(id);
const MAP_LABEL = "The galactic cluster. Drag or use the arrow keys to pan, the wheel, pinch or + and - to zoom, 0 to fit. Tab to the highlighted spaces.";

/** The space a map command names (a heading, a step, a navigation exit), or null. */
function spaceOf(c) {
  const s = c.type === "DeclareHeading" ? c.toward : c.type === "Step" || c.type === "ChooseExit" ? c.to
    : c.type === "ChooseStart" || c.type === "BuildSpaceport" ? c.space : null;
  return s === null || s === undefined ? null : String(s);
}

/** The latest ship movement of ``evs``: {seat, spaces}, or null. */
export function lastMove(evs) {
  let run = null;
  for (const ev of evs) {
    const d = ev.data;
    if (!d || !["ShipMoved", "TelegateJumped"].includes(ev.type)) continue;
    if (!run || run.seat !== d.seat) run = { seat: d.seat, spaces: [] };
    const path = d.path || [d.to];
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
    this.plan = null; // a destination to land on once the ship is there
    this.opened = new Map(); // market cards the player opened or closed himself
  }

  async load() {
    this.board.container.setAttribute("aria-label", MAP_LABEL);
    await this.board.load();
    this.board.onSpace = (space) => this.clickSpace(space);
    // each space's tooltip says where it is, not only its kind ("yellow space (Colony World)")
    for (const [id, place] of this.board.places) {
      const title = place.el.querySelector(":scope > title");
      if (title) title.textContent = this.names.space(id);
    }
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
    const t = this.targets?.find((x) => x.space === space);
    if (t) { this.pick(t); return; }
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
    const me = this.seat !== null ? view.players[this.seat] : null;
    renderDashboard(this.parts.dashboard, view, legal, this.names, send, this.seat);
    // the map's choices: commands naming a space, and the reachable spaces the view lists
    this.targets = this.targetsOf(a);
    drawTargets(this.board, this.targets, (t) => this.pick(t));
    this.followTargets(view);
    const mover = view.movement?.seat;
    renderMoves($("moves"), this.targets, (t) => this.pick(t), mover !== undefined && mover !== null && mover !== this.seat ? `${this.names.seat(mover)}'s ship` : "your ship");
    // every legal command is drawn once: by the map, the dashboard, a market or my ship card,
    // else in the generic list
    const onMap = new Set(this.targets.map((t) => t.space));
    const drawn = new Set(legal.filter((c) => DASHBOARD_TYPES.has(c.type) || onMap.has(spaceOf(c))));
    for (const c of renderMarkets($("market"), view, legal, this.names, send, this.seat, this.opened)) drawn.add(c);
    // a question the rules ask (not a phase's own actions) takes the focus (focus.js)
    const prompt = a.pending?.prompt;
    const asked = (!!prompt && !PHASES.some(([k]) => k === prompt)) || flightQuestion(legal);
    // a question's answers stay in the panel, where the question is asked and brought into
    // view (the goods the pirates take: "Losing a Pirate Engagement"), not on the ship card
    const answers = new Set(asked ? legal.filter((c) => c.type === "GiveUpGoods") : []);
    for (const c of renderShip($("shipcard"), me, view, legal.filter((c) => !answers.has(c)), this.names, send)) drawn.add(c);
    // a question with a form of its own (questions.js) stands first, above the generic list
    const question = document.createDocumentFragment();
    // a Data Probe's look: the two cards told to this seat only, for its switch question
    const seen = a.pending?.prompt === "data_probe_swap" ? this.host.lastEvent?.("FirstContactCardsSeen")?.data?.cards : null;
    for (const c of renderQuestions(question, a, this.seat, this.names, send, seen)) drawn.add(c);
    renderCommands(this.parts.commands, legal.filter((c) => !drawn.has(c)), this.names, send, new Set(), view);
    this.parts.commands.prepend(question);
    this.parts.commands.classList.toggle("urgent", asked && !!this.parts.commands.querySelector("button"));
    // a question answered on the map (a navigation exit, Navigation Spaces): its list too
    $("moves").classList.toggle("urgent", asked && this.targets.length > 0);
  }

  /** The map's choices now, ``{space, label, badge, cmd, kind, end}``: the headings, the
   * navigation exits, the single steps, and every destination of ``view.movement.reach``
   * (a ``MoveTo`` along its path; "Movement Phase > Move"), one per space, with the
   * movement left as a badge. */
  targetsOf(a) {
    const out = new Map();
    const add = (t) => { if (t.space !== null && !out.has(t.space)) out.set(t.space, t); };
    const names = this.names;
    for (const c of a.legal) {
      if (c.type === "DeclareHeading" && c.toward) add({ space: String(c.toward), cmd: c, kind: "heading", label: commandWords(c, names) });
      if (c.type === "ChooseExit") add({ space: String(c.to), cmd: c, kind: "heading", label: commandWords(c, names) });
      // Light Speed Game 17's starting space; a merchant spaceport's orbit space
      if (c.type === "ChooseStart") add({ space: String(c.space), cmd: c, kind: "land", label: commandWords(c, names) });
      if (c.type === "BuildSpaceport") add({ space: String(c.space), cmd: c, kind: "reveal", label: commandWords(c, names) });
    }
    const mv = a.view.movement;
    const moving = a.legal.some((c) => c.type === "Step" || c.type === "Land");
    if (mv && moving && mv.seat === this.seat) {
      const rank = { land: 0, spent: 1, stop: 2, hazard: 3 };
      const best = new Map();
      for (const r of mv.reach || []) {
        const was = best.get(r.space);
        if (!was || rank[r.end] < rank[was.end]) best.set(r.space, r);
      }
      for (const r of best.values()) {
        const how = { land: "land there", spent: "the move ends there", stop: "the move stops there", hazard: "past a hazard" }[r.end] || r.end;
        add({
          space: String(r.space), cmd: { type: "MoveTo", path: r.path }, end: r.end,
          kind: { land: "land", hazard: "penalty", stop: "reveal" }[r.end] || "dest", badge: r.mp_left,
          label: `Fly to ${names.space(r.space)}: ${how}, ${r.mp_left} left`,
        });
      }
    }
    for (const c of a.legal) {
      if (c.type === "Step") add({ space: String(c.to), cmd: c, kind: "step", label: commandWords(c, names) });
    }
    return [...out.values()];
  }

  /** A destination picked on the map or in the list: fly there; "land there" lands too. */
  pick(t) {
    if (this.host.busy() || this.host.replaying()) return;
    this.plan = t.end === "land" ? { space: t.space } : null;
    this.send(t.cmd);
  }

  /** After a flight: land where the player chose to land, once the ship is there. */
  followUp(cmd, events, answer) {
    const plan = this.plan;
    this.plan = null;
    if (!plan || cmd.type !== "MoveTo" || !answer) return null;
    const land = (answer.legal || []).find((c) => c.type === "Land");
    return land && answer.view.movement?.at === plan.space ? land : null;
  }

  /** New choices on the map: bring them into view once (not against the player's hand). */
  followTargets(view) {
    const key = this.targets.map((t) => t.space).join(",");
    if (key === this.shownTargets) return;
    this.shownTargets = key;
    if (!this.targets.length || this.board.userRecently?.()) return;
    const at = view.turn ? shipSpace(view.players[view.turn.seat]) : null;
    const ids = [...(at !== null ? [String(at)] : []), ...this.targets.map((t) => t.space)];
    if (window.innerWidth < 820 && at !== null) {
      // on a phone the spaces are too small to tap at Fit: frame the ship and its choices
      const pts = ids.map((id) => this.board.dot(id)).filter(Boolean);
      const [x0, x1] = [Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x))];
      const [y0, y1] = [Math.min(...pts.map((p) => p.y)), Math.max(...pts.map((p) => p.y))];
      const v = this.board.view;
      const w = Math.min(this.board.full.w, Math.max(420, (x1 - x0) * 1.3 + 80, ((y1 - y0) * 1.3 + 80) * (v.w / v.h)));
      const h = w * (v.h / v.w);
      this.board.setView({ x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w, h });
    } else {
      this.board.follow(ids);
    }
  }

  /** The pieces of ``view``; a finished game's replay passes its ``secrets`` (secrets.js)
   * and the moment's ``seq``: the face-down First Contact cards show then. */
  drawPieces(view, secrets = null, seq = null) {
    this.names.setView(view);
    drawPieces(this.board, view, this.names, secrets ? faceDownAt(secrets, seq) : {});
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
    return animatePawn(this.board, move.seat, move.spaces, { stepMs, signal, start })
      .then(() => this.afterMotion(move));
  }

  /** The map followed a ship's move (pawns.js); when the turn passed on meanwhile (a move that
   * spent its last point ends the turn: "End Movement"), the new turn opens on the active
   * ship and its choices, not on the ship that just moved (on a phone the map shows little). */
  afterMotion(move) {
    const view = this.answer?.view;
    if (!view?.turn || view.turn.seat === move.seat || this.board.userRecently()) return;
    this.shownTargets = null;
    if (this.targets?.length) this.followTargets(view);
    else this.showActive(view, true);
  }

  promptWords(answer) { return promptWords(answer, this.names, this.seat ?? -1); }

  turnWords(answer) { return this.promptWords(answer); }

  playerLine(p) {
    const bits = [this.names.space(shipSpace(p))];
    bits.unshift(`${titleCase(p.pilot)} pilot, level ${p.pilot_level ?? 1}`);
    const cargo = p.cargo || p.holds_used;
    if (Array.isArray(cargo) && cargo.length) bits.push(`${cargo.length} in the hold`);
    if (p.missions?.length) bits.push(`${p.missions.length} mission${p.missions.length === 1 ? "" : "s"}`);
    const titles = Object.entries(this.answer?.view?.cards?.titles || {}).filter(([, s]) => s === p.seat);
    if (titles.length) bits.push(titles.map(([card]) => this.names.name("titles", card)).join(", "));
    return bits.join(" · ");
  }

  playerMoney(p) {
    const atEnd = this.answer?.view?.fame?.[String(p.seat)]?.total;
    const later = typeof atEnd === "number" && atEnd !== (p.fame ?? 0) - (p.infamy ?? 0) ? ` (${atEnd} at the end)` : "";
    return { title: "Credits (the most credits after final scoring wins)", big: money(p.credits ?? 0), small: `fame ${p.fame ?? 0}${later} · infamy ${p.infamy ?? 0}` };
  }

  /** "End of the Game": the score after final scoring, the fame counted; shared glory names
   * every winner ("Winning the Game"). */
  endSummary(view) {
    const winners = view.end?.winners || view.winners || [];
    const winner = winners.length ? winners[0] : null;
    const score = (p) => p.score ?? p.credits ?? 0;
    const names = winners.map((s) => this.names.seat(s));
    const solo = view.solo?.cards?.length ? soloEnd(view, winners, names[0]) : null;
    return {
      title: solo?.title || (!winners.length ? "The game is over" : `${names.join(" and ")} ${winners.length > 1 ? "share the glory" : "wins"}!`),
      text: solo?.text || (view.end?.reason && !winners.length ? `The game ended: ${view.end.reason.replace(/_/g, " ")}.` : `After round ${view.round} the merchant with the most credits after final scoring wins (End of the Game).`),
      columns: ["Merchant", "Credits", "Fame", "Infamy"],
      row: (p) => [p.name, money(score(p)), String(p.total_fame ?? p.fame ?? 0), String(p.infamy ?? 0)],
      order: (a, b) => winners.includes(b.seat) - winners.includes(a.seat) || score(b) - score(a),
      winner,
    };
  }

  refused() { this.plan = null; }

  setBusy(on) {
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#controls button, #market button, #moves button, #shipcard button"))) if (on) b.disabled = true;
  }

  showActive(view = null, always = false) {
    const v = view || this.answer?.view;
    if (!v?.turn) return;
    const at = shipSpace(v.players[v.turn.seat]);
    if (at !== null && (always || !this.board.userRecently())) this.board.follow([String(at)]);
  }
}

/** A solo challenge's end in words: won with every challenge completed by the last round
 * ("Winning the Solo Challenge Game": the score to beat next time), or lost to a fee that
 * could not be paid at a round's start ("Challenges") or to challenges left incomplete. */
function soloEnd(view, winners, name) {
  const solo = view.solo;
  const done = `${solo.completed.length} of ${solo.cards.length} challenges completed`;
  if (winners.length) {
    const score = view.players[winners[0]]?.score ?? view.players[winners[0]]?.credits ?? 0;
    return { title: `${name} wins the solo challenge!`, text: `Every challenge completed by the end of round ${view.round}: a final score of ${money(score)}, the score to beat in the next solo game (Winning the Solo Challenge Game).` };
  }
  if (view.end?.reason === "challenge_fee_unpaid") {
    return { title: "The challenges win", text: `At the start of round ${view.round} the challenges' fees (${money(view.end.owed ?? 0)}) could not be paid: the game is lost (Challenges), ${done}.` };
  }
  return { title: "The challenges win", text: `${done} by the end of round ${view.round}: the game is lost (Winning the Solo Challenge Game).` };
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

/** The map's choices as a list (for the keyboard and the phone): the same picks; ``ship``
 * says whose ship a navigation exit is for ("Navigation Spaces": the player to the left). */
function renderMoves(root, targets, pick, ship = "your ship") {
  root.replaceChildren();
  if (!targets.length) return;
  const kinds = new Set(targets.map((t) => t.cmd.type));
  const title = kinds.has("ChooseStart") ? "Your starting space" : kinds.has("BuildSpaceport") && kinds.size === 1 ? "Build a merchant spaceport"
    : kinds.has("ChooseExit") && kinds.size === 1 ? `Where ${ship} leaves the navigation space`
    : targets.every((t) => t.kind === "heading") ? "Declare your heading" : "Where to";
  root.append(el("h3", {}, title));
  const list = el("div", { class: "vs-moves" });
  for (const t of targets) {
    const b = el("button", { type: "button", class: `vs-move vs-move-${t.kind}`, "data-space": t.space, "data-cmd": JSON.stringify(t.cmd) }, t.label);
    b.addEventListener("click", () => pick(t));
    list.append(b);
  }
  root.append(list);
}
