// The game's part of a table page (GamePage, web/platform/games.js): the galaxy in the map
// (``#board``) and the turn panel (``#controls``): a reaction prompt when a window waits for
// me, the turn's controls, open offers and the deal form, my ship (Stellors, hand, engines,
// Prestige, hold), my reaction setting, the Contracts. Everything is drawn from the newest
// answer ``{view, legal, extras}``; every command goes out through ``host.send``.
import { el } from "../../platform/dom.js";
import { askFirst } from "../../platform/confirm.js";
import { zoomButtons } from "../../platform/mapview.js";
import { Galaxy, drawGalaxy } from "./galaxy.js";
import { renderContracts, renderPlayers, renderSeatPanel } from "./panel.js";
import { renderTurn } from "./turn.js";
import { renderPolicy, renderReaction, windowFor } from "./reactions.js";
import { renderDealForm, renderOffers } from "./deals.js";
import { renderSummary } from "./summary.js";
import { promptWords } from "./words.js";

/** When the prompt's time runs out, as a platform clock ({deadline, seconds}), or null: the table's reaction timer
 * (``answer.countdown.closes_at``, the server's clock: silence then passes), else its turn
 * timer from when this tab saw the window open (a bot then answers for the seat). */
function deadline(answer, turnTimer, since) {
  if (answer.countdown?.closes_at) return { deadline: answer.countdown.closes_at, seconds: answer.countdown.seconds ?? 0 };
  return turnTimer && since ? { deadline: new Date(since + turnTimer * 1000).toISOString(), seconds: turnTimer } : null;
}

export class StarTradersPage {
  /** ``host``: {names, seat, send, showError, replaying, busy, view}; ``mapEl`` and
   * ``panelEl`` default to the table page's ``#board`` and ``#controls``; ``players``: also
   * draw the players' table in the panel (the dev page; the platform lists the players). */
  constructor(host, { mapEl = null, panelEl = null, players = false, turnTimer = null } = {}) {
    this.host = host;
    this.names = host.names;
    this.me = host.seat ?? -1;
    this.mapEl = mapEl || document.getElementById("board");
    this.mapEl.classList.add("st-galaxy");
    this.panelEl = panelEl || document.getElementById("controls");
    this.withPlayers = players;
    this.turnTimer = turnTimer;
    this.picked = null;
    this.dealTo = null;
    this.dealSig = "";
    this.answer = null;
    this.windowSince = null;
    /** @type {string|null} the window (kind:opened) that asked this seat */
    this.askedWindow = null;
    this.stillAsked = false;
    this.board = new Galaxy(this.mapEl);
    this.board.onWorld = (world) => this.pickWorld(world);
    this.parts = null;
  }

  /** Draw the empty galaxy (the table's options do not change it). */
  async load(lobby = null) {
    if (lobby?.turn_timer) this.turnTimer = lobby.turn_timer;
    await this.board.load();
    if (!this.mapEl.parentElement.querySelector(":scope > .zoom-bar")) zoomButtons(this.board, this.mapEl.parentElement, {
      label: "Centre on the ship whose turn it is",
      at: () => { const v = this.host.view?.() || this.answer?.view; return v?.turn ? String(v.players[v.turn.seat].world) : null; },
    });
    this.buildPanel();
  }

  buildPanel() {
    const root = this.panelEl;
    root.replaceChildren();
    root.classList.add("st-panel");
    this.parts = {};
    const add = (name, tag, attrs) => { this.parts[name] = el(tag, attrs); root.append(this.parts[name]); };
    if (this.withPlayers) add("prompt", "p", { id: "st-prompt", class: "prompt", "aria-live": "polite" });
    if (this.withPlayers) add("summary", "div", { id: "st-summary", hidden: true }); // the table page has its end dialog
    add("reaction", "div", { id: "st-reaction", hidden: true });
    add("turn", "div", { id: "st-turn" });
    add("offers", "div", { id: "st-offers" });
    const dealBox = el("details", { id: "st-deal-box", class: "st-box" });
    dealBox.append(el("summary", {}, "Offer a deal"));
    this.parts.deal = el("div", { id: "st-deal" });
    dealBox.append(this.parts.deal);
    root.append(dealBox);
    add("seat", "section", { id: "st-seat", class: "st-box", "aria-label": "Your ship" });
    add("policy", "p", { id: "st-policy-row" });
    if (this.withPlayers) add("players", "section", { id: "st-players", class: "st-box", "aria-label": "Traders" });
    add("contracts", "section", { id: "st-contracts", class: "st-box", "aria-label": "Contracts" });
  }

  send(cmd) { return this.host.send(cmd); }

  pickWorld(world) {
    if (!this.answer || this.host.replaying?.()) return;
    const { legal } = this.answer;
    const direct = legal.find((c) => c.type === "PlaceStation" && c.world === world)
      || legal.find((c) => c.type === "ChooseJump" && c.world === world);
    if (direct) { this.send(direct); return; }
    this.picked = world;
    this.render(this.answer);
  }

  /** The newest answer of this link: ``{seq, view, legal, pending, extras}``; while the
   * platform replays, only the pieces and no controls. */
  render(answer, turn = {}) {
    if (turn.replaying) answer = { ...answer, legal: [], extras: {} };
    const view = answer.view;
    const before = this.answer?.view;
    if (before && (before.turn?.seat !== view.turn?.seat || before.players?.[this.me]?.world !== view.players?.[this.me]?.world)) this.picked = null;
    // a window that asked this seat keeps asking until it is answered: a change of the
    // reaction setting meanwhile is no answer (SetReactionPolicy is no pass)
    const opened = view.window ? `${view.window.kind}:${view.window.opened}` : null;
    if (windowFor(view, this.me)) this.askedWindow = opened;
    const stillAsked = !!opened && opened === this.askedWindow;
    this.stillAsked = stillAsked;
    const open = windowFor(view, this.me, stillAsked);
    if (open && !this.windowSince) {
      this.windowSince = Date.now();
      // on a phone the panel is below the map: bring the question into view
      if (window.innerWidth < 820) requestAnimationFrame(() => this.parts?.reaction.scrollIntoView({ block: "center" }));
    }
    if (!open) this.windowSince = null;
    this.answer = { ...answer, legal: answer.legal || [], extras: answer.extras || {} };
    this.names.setPlayers(view.players);
    if (!this.parts) this.buildPanel();
    const { legal, extras } = this.answer;
    const names = this.names;
    const me = this.me;
    const ctx = { view, legal, extras, names, me, send: (c) => this.send(c), picked: this.picked, dealTo: this.dealTo, stillAsked,
      deadline: deadline(answer, this.turnTimer, this.windowSince) };
    const targets = legal.filter((c) => c.type === "PlaceStation" || (c.type === "ChooseJump" && c.world !== null))
      .map((c) => ({ world: c.world, label: `${c.type === "PlaceStation" ? "Place a station at" : "Jump to"} ${names.world(c.world)}` }));
    drawGalaxy(this.board, view, names, { jumps: extras.jumps || null, picked: this.picked, targets });
    this.bringChoicesIntoView(extras.jumps);
    if (this.parts.prompt) this.parts.prompt.textContent = this.promptWords(answer);
    if (this.parts.summary) renderSummary(this.parts.summary, view, names, me);
    renderReaction(this.parts.reaction, ctx);
    renderTurn(this.parts.turn, ctx);
    renderOffers(this.parts.offers, ctx);
    renderSeatPanel(this.parts.seat, view, names, me, legal.filter((c) => c.card !== undefined));
    renderPolicy(this.parts.policy, ctx);
    if (this.parts.players) renderPlayers(this.parts.players, view, names, me);
    this.dropOutButton(view);
    renderContracts(this.parts.contracts, view, names);
    // the deal form keeps what the player typed: redrawn only when what it offers changes
    const p = view.players?.[me];
    const sig = JSON.stringify([view.stations, view.completed?.map((e) => e.rights), view.players?.map((x) => [x.world, x.hold, x.out, x.engines]), p?.hand, p?.stellors, !!view.pending]);
    this.parts.deal.parentElement.hidden = !p || !view.pending; // a spectator, or the game over
    if (sig !== this.dealSig) {
      this.dealSig = sig;
      renderDealForm(this.parts.deal, ctx);
    }
    this.dealTo = ctx.dealTo;
  }

  /** Dropping Out: at any time, in two presses (the ship leaves the game for good). */
  dropOutButton(view) {
    const p = view.players?.[this.me];
    if (!p || p.out || !view.pending || this.host.replaying?.()) return;
    const b = el("button", { type: "button", id: "drop-out", class: "quiet" }, "Drop out of the game");
    askFirst(b, "Dropping Out: your ship leaves the game for good (allowed at any time).", "Drop out: press again", () => this.send({ type: "DropOut" }));
    this.parts.seat.append(b);
  }

  /** New jump choices: on a phone the map zooms onto the ship's neighbourhood (the worlds
   * are too small to tap at Fit); elsewhere it pans just enough to show them. Not while the
   * player has just moved the map himself. */
  bringChoicesIntoView(jumps) {
    const key = jumps ? `${jumps.from}:${this.answer?.view?.turn?.seat}` : null;
    if (!jumps || key === this.shownChoices) { this.shownChoices = key; return; }
    this.shownChoices = key;
    if (this.board.userRecently?.()) return;
    const ids = [String(jumps.from), ...jumps.lines.map((ln) => String(ln.to))];
    if (window.innerWidth < 820) {
      const pts = ids.map((id) => this.board.dot(id)).filter(Boolean);
      const xs = pts.map((p) => p.x);
      const ys = pts.map((p) => p.y);
      const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      this.board.centreOn(String(jumps.from), Math.min(this.board.full.w, Math.max(360, span * 2.3)));
    } else {
      this.board.follow(ids);
    }
  }

  /** Only the pieces of a view (the replay's moments). */
  drawPieces(view) {
    this.names.setPlayers(view.players);
    drawGalaxy(this.board, view, this.names, {});
  }

  promptWords(answer) {
    const v = answer.view;
    const still = this.stillAsked && v.window && !v.window.asked ? { ...v, window: { ...v.window, asked: true } } : v;
    return promptWords(still, this.names, this.me);
  }

  /** A command in flight: every button of the panel off; back on when it is answered (the
   * deal form is not redrawn on every answer, so its Offer button is switched back here). */
  setBusy(on) {
    if (on) {
      for (const b of this.panelEl.querySelectorAll("button:not([disabled])")) {
        b.disabled = true;
        b.dataset.busy = "1";
      }
      return;
    }
    for (const b of this.panelEl.querySelectorAll("button[data-busy]")) {
      b.disabled = false;
      delete b.dataset.busy;
    }
  }

  showActive(view = null, always = false) {
    const v = view || this.answer?.view;
    if (!v?.turn) return;
    const world = v.players[v.turn.seat]?.world;
    if (world !== undefined && (always || !this.board.userRecently())) this.board.follow([String(world)]);
  }
}
