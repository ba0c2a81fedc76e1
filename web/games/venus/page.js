// Merchant of Venus on a table's game page (the GamePage of ``web/platform/games.js``): the map
// with its pieces and highlights, your turn's controls, combat, the market, offers and your
// ship card; the prompt in words, a player's line, the end summary; a flight to a chosen
// destination across the stops the rules make (``followUp``).
import { zoomButtons, Board } from "./board.js";
import { renderCombat } from "./combat.js";
import { renderControls, promptWords, diceFaces } from "./controls.js";
import { Moves } from "./moves.js";
import { animatePawn, pawnSpot, bindDotTooltip, renderPieces, shipLine } from "./pieces.js";
import { MARKET_TYPES, renderMarket, renderOffer, renderShip, renderTradeForm, pieceWords } from "./market.js";

const $ = (id) => document.getElementById(id);
const PHASE_WORDS = {
  declare: "is getting ready to move", move: "is moving", pay_or_stop: "is deciding on a penalty",
  trade: "is trading",
};
const MAP_LABEL = "The cluster map. Drag or use the arrow keys to pan, the wheel, pinch or + and - to zoom, 0 to fit. Tab to the highlighted dots.";
const ASKED = { defend: "decides whether to fire back…", hit: "chooses the hit…", place_rastur: "places a Rastur…", draw_rastur: "decides about the Rastur…" };

/** The last run of steps of one seat in ``evs`` (the move worth showing), or null. */
export function lastMove(evs) {
  let run = null;
  for (const ev of evs) {
    if (ev.type !== "Moved" || !ev.data) continue;
    if (!run || run.seat !== ev.data.seat) run = { seat: ev.data.seat, dots: [] };
    run.dots.push(...ev.data.skipped, ev.data.to);
  }
  return run;
}

export class VenusPage {
  /** @param {import("../../platform/games.js").GameHost} host */
  constructor(host) {
    this.host = host;
    this.names = host.names;
    this.seat = host.seat;
    this.board = new Board($("board"));
    this.plan = null; // the destination being flown to (MoveAlong across stops)
    this.moves = null;
  }

  async load(lobby) {
    const host = this.host;
    this.board.container.setAttribute("aria-label", MAP_LABEL);
    await this.board.load(lobby.options.edition || "avalon-hill");
    this.moves = new Moves(this.board, this.names, {
      heading: (dot) => host.send({ type: "DeclareHeading", dot }),
      destination: (d) => this.flyTo(d),
      step: (cmd) => { this.plan = null; host.send(cmd); },
    }, $("moves"));
    this.board.container.addEventListener("click", (e) => this.missedDot(e));
    bindDotTooltip(this.board, this.names, () => host.view(), $("tip"));
    zoomButtons(this.board, this.board.container.parentElement, () => host.view());
  }

  /** A click on the map that picks no highlighted dot, while some are offered: say so. */
  missedDot(e) {
    const targets = this.moves.targets;
    if (!targets.size || this.host.replaying() || this.host.busy() || e.target.closest?.("button, .culture-card, .hl")) return;
    const p = this.board.toBoard(e.clientX, e.clientY);
    if (this.moves.nearest(p)) return; // Moves took it
    let near = null;
    let best = 40 * (this.board.markScale || 1);
    for (const [id, d] of this.board.dots) {
      const dist = Math.hypot(d.x - p.x, d.y - p.y);
      if (dist < best) { near = id; best = dist; }
    }
    if (!near) return;
    const what = this.host.view()?.turn?.phase === "declare" ? "a first dot you may declare" : "a destination now";
    const n = targets.size;
    this.host.showError({ message: `${this.names.dotLabel(near)} is not ${what}: pick one of the ${n} highlighted ${n === 1 ? "dot" : "dots"} (also listed in the panel).` }, "hint");
  }

  /** Highlights and the turn panel from the newest answer (the pieces: ``drawPieces``). */
  render(a, { mine, activeIsMe, replaying }) {
    const view = a.view;
    const turn = view.turn;
    const send = (c) => this.host.send(c);
    if (mine && activeIsMe && !replaying) this.moves.render(a); else this.moves.clear(); // a replay shows no choices
    const controls = $("controls");
    if (mine && activeIsMe) {
      renderControls(controls, a, this.names, send, this.plan, { skip: MARKET_TYPES });
      for (const b of controls.querySelectorAll("button")) if (b.disabled) b.dataset.off = "1";
    } else {
      controls.replaceChildren();
      if (turn && turn.dice.length && view.stage === "playing") {
        const box = document.createElement("div");
        box.className = "dice-box";
        box.appendChild(diceFaces(turn.dice, { pilot: turn.pilot, autoPilot: turn.auto_pilot }));
        const mp = document.createElement("div");
        mp.className = "mp";
        mp.append(`${this.host.who(turn.seat)}: `);
        const s = document.createElement("strong");
        s.textContent = String(turn.mp);
        mp.append(s, " MP left");
        box.appendChild(mp);
        controls.appendChild(box);
      }
    }
    if (mine && view.stage === "playing") renderCombat($("combat"), a, this.names, send, (s) => this.host.who(s));
    else $("combat").replaceChildren();
    renderOffer($("offer"), a, this.names, send, this.seat);
    if (mine && activeIsMe && turn.phase === "trade") {
      renderMarket($("market"), a, this.names, send);
      renderTradeForm($("trade"), a, this.names, send);
    } else {
      $("market").replaceChildren();
      $("trade").replaceChildren();
    }
    renderShip($("shipcard"), this.seat !== null ? view.players[this.seat] : null, mine && activeIsMe ? a : { legal: [] }, this.names, send);
  }

  drawPieces(view, secrets = null) { renderPieces(this.board, this.names, view, secrets); }

  hasMotion(evs) { return lastMove(evs) !== null; }

  /** Where the latest move of ``evs`` starts on the drawing now (before the new pieces). */
  motionStart(evs) {
    const move = lastMove(evs);
    return move ? pawnSpot(this.board, move.seat) : null;
  }

  /** The latest run of steps of ``evs``, dot by dot (at most ``totalMs`` in all); with
   * ``start`` (``motionStart``) the pawn, drawn at its end already, glides from there. */
  animate(evs, { stepMs = null, totalMs = 700, signal = null, start = null } = {}) {
    const move = lastMove(evs);
    if (!move) return Promise.resolve();
    const step = stepMs ?? Math.max(30, Math.min(170, totalMs / move.dots.length));
    return animatePawn(this.board, move.seat, move.dots, { stepMs: step, signal, start });
  }

  /** What the rules ask now, in one sentence (the platform says "Game over", "Waiting..."). */
  promptWords(a, { mine, activeIsMe, who, lobby }) {
    const view = a.view;
    if (view.stage === "over") return promptWords(a, this.names);
    const turn = view.turn;
    if (turn.offer) {
      if (turn.offer.to === this.seat) return `${who(turn.offer.frm)} offers you a trade: accept or refuse.`;
      if (turn.offer.frm === this.seat) return `Waiting for ${who(turn.offer.to)} to answer your offer.`;
      return `${who(turn.offer.frm)} offers ${who(turn.offer.to)} a trade.`;
    }
    if (mine) return `${activeIsMe ? "Your turn" : "Your answer"} — ${promptWords(a, this.names, this.plan).replace(/^[^:]*: /, "")}`;
    const bot = lobby.seats[turn.seat]?.bot ? " (bot)" : "";
    const waiting = a.pending?.seats?.[0];
    const asked = ASKED[a.pending?.prompt];
    if (asked && waiting !== undefined) return `${who(waiting)}${lobby.seats[waiting]?.bot ? " (bot)" : ""} ${asked}`;
    return `${who(turn.seat)}${bot} ${PHASE_WORDS[turn.phase] || "is playing"}…`;
  }

  /** The notification's words when my turn comes. */
  turnWords(a) { return promptWords(a, this.names); }

  /** A merchant's line in the players list: ship, hold, deeds, where. */
  playerLine(p) {
    const deeds = p.deeds.length ? ` · deeds: ${p.deeds.map((d) => pieceWords(d, this.names)).join(", ")}` : "";
    const cargo = p.goods.length ? ` · hold: ${p.goods.map((g) => pieceWords(g, this.names)).join(", ")}` : "";
    return `${shipLine(p)}${cargo}${deeds} · at ${this.names.dotName(p.dot)}`;
  }

  /** A player's money in the players list: Net Worth and cash. */
  playerMoney(p) {
    return { title: "Net Worth (3.2)", big: p.net_worth.toLocaleString("en"), small: `${p.cash.toLocaleString("en")} cash` };
  }

  /** The end dialog: who won (or the Rastur, 16.5), the merchants by Net Worth. */
  endSummary(view) {
    const winner = view.winner !== null && view.winner !== undefined ? view.players[view.winner] : null;
    const rastur = !winner && view.stage === "over" && view.rastur_pool === 0;
    return {
      title: winner ? `${winner.name} wins!` : rastur ? "The Rastur win" : "The game is over",
      text: winner
        ? `${this.names.playerLabel(winner)} reached a Net Worth of ${winner.net_worth.toLocaleString("en")} in round ${view.round}.`
        : rastur ? `The last Rastur was drawn in round ${view.round} before any merchant reached the goal: nobody wins (16.5).`
          : `Ended in round ${view.round}.`,
      winner: winner ? winner.seat : null,
      columns: ["Merchant", "Net Worth", "Cash", "Deeds", "Ship"],
      row: (pl) => [this.names.playerLabel(pl), pl.net_worth.toLocaleString("en"), pl.cash.toLocaleString("en"), String(pl.deeds.length), this.names.data.ships?.[pl.ship]?.name || pl.ship],
      order: (x, y) => y.net_worth - x.net_worth,
    };
  }

  // --- a flight to a destination ----------------------------------------------------------

  flyTo(dest) {
    this.plan = { ...dest, consumed: 0 };
    this.host.send({ type: "MoveAlong", path: dest.path, pilot: dest.pilot, land: dest.end === "land" });
  }

  refused(cmd) { if (cmd.type === "MoveAlong") this.plan = null; }

  /** After an answer: the next MoveAlong towards the chosen destination, if it goes on now. */
  followUp(cmd, events, answer) {
    const moved = events.filter((e) => e.type === "Moved");
    const plan = this.plan;
    if (!plan || !answer) return null;
    const { view, legal } = answer;
    const turn = view.turn;
    plan.consumed += moved.reduce((n, e) => n + e.data.skipped.length + 1, 0);
    if (!turn || turn.seat !== this.seat || !["move", "pay_or_stop"].includes(turn.phase)) { this.plan = null; return null; }
    const here = view.players[turn.seat].dot;
    if (plan.path[plan.consumed - 1] !== here) {
      const at = plan.path.lastIndexOf(here);
      if (at < 0) { this.plan = null; return null; }
      plan.consumed = at + 1;
    }
    const rest = plan.path.slice(plan.consumed);
    if (!rest.length) { this.plan = null; return null; }
    if (turn.phase !== "move") return null;
    const needsPilot = turn.pilot === null && legal.some((c) => c.type === "ChoosePilotNumber")
      && !legal.some((c) => c.type === "MoveTo" && c.pilot === null && c.dot === rest[0]);
    const pilot = turn.pilot === null ? plan.pilot : null;
    if (needsPilot && pilot === null) return null;
    if (cmd.type === "MoveAlong" && !moved.length) { this.plan = null; return null; }
    return { type: "MoveAlong", path: rest, pilot, land: plan.end === "land" };
  }

  setBusy(on) {
    this.moves?.setEnabled(!on);
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#combat button, #controls button, #market button, #shipcard button, #offer button, #trade button"))) {
      if (on) b.disabled = true;
    }
  }

  /** On a phone, bring the active ship into view (``always``: even when it is in view). */
  showActive(view, always = false) {
    if (!view?.turn) return;
    const small = this.board.container.clientWidth < 700;
    const dot = this.board.dot(view.players[view.turn.seat].dot);
    if (!dot) return;
    const { x, y, w, h } = this.board.view;
    const inView = dot.x > x + w * 0.1 && dot.x < x + w * 0.9 && dot.y > y + h * 0.1 && dot.y < y + h * 0.9;
    if (small && (always || !inView)) this.board.centreOn(view.players[view.turn.seat].dot, this.board.full.w * 0.45);
  }
}
