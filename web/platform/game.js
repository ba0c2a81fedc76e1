// The game page of a table: the board, live over the websocket; the game's turn panel (your
// turn's controls: a market, your ship, offers); players, score chart, log and chat;
// the end of the game. What is drawn on the map and in the turn panel is the game's
// (``this.page``, a GamePage of web/platform/games.js); the rest is the platform's.
//
// Data flow (never behind): every event is applied as it arrives (websocket, or the answer to
// our own command), each exactly once and in order: it goes to the log at once. The view
// (view, legal, extras) comes pushed by the server after each batch (``hello{view: true}``);
// only when no push comes is ``GET /view`` asked, once per burst. Then everything is drawn
// from the newest view. Only the latest move is animated, briefly, and only when nothing more
// is waiting and the tab is visible; a newer batch cuts it short. Nothing the player does
// waits for an animation. ``#game[data-seq]`` is the last event seq the page shows.
// What the client offers is exactly ``legal`` (and ``extras.reachable``); what it draws is
// exactly ``view``.
import { renderChart } from "./chart.js";
import { Replay, replayMoment } from "./replay.js";
import { postJSON } from "./api.js";
import { copyButton } from "./links.js";
import { holdTyping, keepFocus, revealArrived, useNextActions } from "./focus.js";
import { bindShortcuts } from "./shortcuts.js";
import { Notices } from "./notices.js";
import { describeWithTakeBacks, inEffect, takeBackButton } from "./takeback.js";
import { presenceBadge } from "./presence.js";
import { renderSeatBack, seatBackBox } from "./seatback.js";
import { seatLinkTools, showNewLink } from "./seatlinks.js";
import { mayChat, spectatorPanel } from "./spectator.js";
import { distinctPlayers, pieceLabels } from "./seats.js";
import { inkFor } from "./pawns.js";
import { lengthWords, renderWaiting, seatClock, waitingBox, watchMyClock } from "./clocks.js";
import { botOpened, describeMarked, originAt, playedFor, sinceMyMove, sinceMyTurn } from "./away.js";
import { renderHint } from "./hint.js";

/** An element of the page by id, used as the kind it is (an input, a button...). */
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const PUSH_WAIT_MS = 700; // how long a pushed view may take before GET /view asks for it
const MOVE_MS = 700; // the longest a move is animated
const DRAW_GAP_MS = 250; // the page is drawn at most this often while events pour in
const POUR_MS = 2 * DRAW_GAP_MS; // batches closer together than this: events pour in
const LEAN_FULL_MS = 5000; // behind, the chart and the history are drawn this often
const QUIET_MS = 1000; // what lean drawings left is drawn once the events pause this long
const LOG_LINES = 600; // the log keeps this many lines on the page (the replay has them all)
const LOG_RUN = 200; // the most events said again to fold a new batch into the last line
const STATUS_MS = 6000; // how long "why that key did nothing" stays (it also goes when the game moves)

/** A refused command in plain words: a stale tab is told the game moved on elsewhere. */
function refusalWords(err, asked, now) {
  if (err.code === "conflict" || (err.code === "rule" && now !== undefined && now > asked)) {
    return { message: "The game moved on while you were deciding (another player's move, or yours in another tab or window). The position is refreshed here: look again." };
  }
  return err;
}

/** Resolves ``ms`` from now (at once when not positive), in a task of its own: after the
 * tasks already queued -- the socket's messages -- have run. A drawing waits for them, so a
 * slow device draws the newest state, never one message's at a time. */
function afterQueued(ms) {
  return new Promise((resolve) => { setTimeout(resolve, Math.max(0, ms)); });
}

let clientIds = 0;
const newClientId = () => `c${Date.now().toString(36)}.${(clientIds += 1)}.${Math.random().toString(36).slice(2, 8)}`;

export class Game {
  constructor(ctx) {
    this.ctx = ctx;
    this.api = ctx.api;
    this.names = ctx.names;
    this.me = ctx.me;
    this.seat = ctx.me.role === "seat" ? ctx.me.seat : null;
    this.events = [];
    this.answer = null;
    this.history = [];
    this.busy = false;
    this.sending = 0;
    this.ownUpTo = 0; // the last event of a command of this tab (not "played for me")
    this.opened = false;
    this.loaded = false; // the game's page has its parts (board, lists): render may draw
    this.early = []; // events that came before open() had the log
    this.burst = []; // events applied to the log, not drawn yet
    this.waiters = []; // who waits for a view at a seq: {seq, done}
    this.settling = null;
    this.dirty = false;
    this.motion = null; // the pawn animation going on (an AbortController)
    this.piecesSeq = 0; // the seq the pawns on the board show
    this.lastShow = 0; // when the page was last drawn (performance.now())
    this.arrived = -Infinity; // when the last batch of events came (performance.now())
    this.poured = false; // a batch came hot on another's heels since the last drawing
    this.unlogged = []; // events applied, their log lines not written yet
    /** @type {import("./games.js").GameModule} */
    this.module = ctx.module;
    /** @type {import("./games.js").GamePage} */
    this.page = this.module.createPage({
      names: ctx.names,
      seat: this.seat,
      who: (s) => this.who(s),
      send: (cmd) => this.send(cmd),
      replaying: () => !!this.replay?.active,
      busy: () => this.busy,
      view: () => (this.replay?.active ? this.replay.view : this.answer?.view) ?? null,
      lastEvent: (type) => this.events.findLast((e) => e.type === type && !e.redacted) ?? null,
      showError: (err, kind) => this.showError(err, kind),
    });
    this.board = this.page.board;
    this.scoreOf = { of: this.module.score, name: this.module.scoreName };
    this.replay = null;
    this.sinceShown = false;
    this.chatIds = new Set();
    this.chatLog = []; // {seq: the last event when it came, m: the message}
    this.notices = new Notices($("notices"), ctx.module, ctx.names, (s) => this.who(s), this.seat);
    this.botSeat = this.seat !== null && !!ctx.lobby.seats[this.seat]?.bot;
    this.freshLinks = new Map(); // seat -> a link the host re-issued here (shown until reload)
    this.cardKeys = new WeakMap(); // a players' card -> what it shows (renderPlayers)
  }

  get seq() { return this.events.length ? this.events[this.events.length - 1].seq : 0; }

  who(seat) { return this.answer?.view.players[seat]?.name ?? this.ctx.lobby.seats[seat]?.name ?? `Seat ${seat + 1}`; }

  async open() {
    for (const p of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".page"))) p.hidden = p.id !== "game";
    $("game-title").textContent = this.ctx.lobby.name;
    $("players-title").textContent = this.module.playersTitle;
    $("chart-title").textContent = this.module.scoreName;
    // the log so far (unless the live connection already streams it from the lobby) and, for
    // a replay link, its first frames: fetched while the board loads
    const live = this.ctx.live;
    const sofar = live.started ? null : Promise.all([this.api.log(0), this.api.chat(0)]);
    sofar?.catch(() => { /* thrown where it is awaited */ });
    const moment = replayMoment();
    this.replay = new Replay(this);
    if (moment) this.replay.prefetch(moment);
    await this.page.load(this.ctx.lobby);
    this.loaded = true;
    useNextActions(this.module.keyboard);
    this.shortcuts = bindShortcuts(this.board, this.module.keyboard, {
      replaying: () => !!this.replay?.active,
      refused: (words, key, button) => this.sayWhy(words, key, button),
    });
    this.wireChrome();
    this.connection(this.ctx.live.state === "open" ? "open" : "connecting");

    if (sofar) {
      const [log, chat] = await sofar;
      this.logFull = log.full; // a finished game's log comes with every secret: the replay's
      this.takeNow(log.events);
      for (const m of chat.messages) this.chat(m);
      live.start(this.seq, chat.messages.length ? chat.messages[chat.messages.length - 1].id : 0);
    } else {
      this.takeNow(this.ctx.buffer.splice(0));
      for (const m of this.ctx.chatBuffer.splice(0)) this.chat(m);
    }
    const replaying = moment ? this.replay.start({ from: this.firstTurnSeq(), ...moment }) : null;
    await Promise.all([this.refresh(), this.loadHistory(), replaying]);
    this.opened = true;
    this.render();
    this.board.fit();
    this.focusActive(true);
    this.sinceLastTurn(true);
    this.watchClock();
    keepFocus(); // the next action (else the prompt), whether or not a view comes pushed after
    this.accept(this.early.splice(0));
  }

  wireChrome() {
    $("chat-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const input = $("chat-text");
      const text = input.value.trim();
      if (!text) return;
      try {
        const msg = await this.api.say(text);
        input.value = "";
        this.chat(msg);
      } catch (err) { this.showError(err); }
    });
    if (this.seat === null) spectatorPanel($("panel"), $("game-main")); // spectators, the host
    $("chat-form").hidden = !mayChat(this.me.role, this.ctx.lobby);
    $("replay-btn").addEventListener("click", () => {
      if (this.replay.active) this.replay.stop(); else this.replay.start({ from: this.firstTurnSeq() }); // up to now, growing
    });
    if (this.seat !== null) { // the seat's alerts with its page closed: one box, the header's button opens it
      import("./alerts.js").then((m) => { this.alerts = m.mountAlerts($("panel"), this.api, this.seat, $("notify-btn")); });
    }
    document.addEventListener("visibilitychange", () => this.updateTitle());
    window.addEventListener("resize", () => { this.chartKey = null; if (this.answer) this.drawChart(); });
    const end = $("end-btn");
    if (this.me.role === "host" && this.ctx.lobby.status === "playing") {
      end.addEventListener("click", async () => {
        if (!end.classList.contains("armed")) { // two steps: no accidental end, no blocking dialog
          end.classList.add("armed");
          end.textContent = "Really end the game?";
          setTimeout(() => { end.classList.remove("armed"); end.textContent = "End game"; }, 4000);
          return;
        }
        try { this.ctx.lobby = await this.api.end(); end.hidden = true; this.render(); } catch (err) { this.showError(err); }
      });
    }
  }

  firstTurnSeq() {
    const first = this.events.find((e) => e.type === "TurnStarted");
    return first ? first.seq - 1 : 0;
  }

  // --- the live connection ---------------------------------------------------------------

  connection(state, detail) {
    const el = $("conn");
    const words = { open: "● live", connecting: "… connecting", reconnecting: "… reconnecting", offline: "○ offline", refused: "✕ link refused" };
    el.textContent = words[state] || state;
    el.className = `conn conn-${state}`;
    el.title = detail || "";
    if (state === "offline") this.showError({ message: detail }, "connection");
    else if (state === "refused") this.showError({ message: `The server refused this link: ${detail}. Ask the host for a new one.` }, "connection");
    else if (state === "open" && this.errorKind === "connection") this.clearError();
  }

  hello() {
    // after a reconnect the server sends what we missed; the view may have moved on too
    if (this.answer) this.refreshSoon();
  }

  reset() {
    // the server's log is shorter than ours (a restored database): start over
    this.events = [];
    this.unlogged = [];
    this.logRun = null;
    $("log").replaceChildren();
  }

  /** Events from the websocket: in order, each once (the Live checked). Events of my seat
   * that come while I send nothing were played for me (a bot, a timer). */
  takeEvents(evs) { this.accept(evs, { forMe: this.sending === 0 }); }

  /** Events taken without animation (the log so far). */
  takeNow(evs) {
    const fresh = [];
    for (const ev of evs) if (ev.seq === this.seq + 1) { this.events.push(ev); fresh.push(ev); }
    this.appendLog(fresh);
  }

  /** Apply events as they arrive: the log at once, the drawing as soon as the view is there. */
  accept(evs, { forMe = false } = {}) {
    if (!this.opened) { this.early.push(...evs); return; }
    const fresh = [];
    for (const ev of evs) if (ev.seq === this.seq + 1) { this.events.push(ev); fresh.push(ev); }
    if (!fresh.length) return;
    this.unlogged.push(...fresh);
    const now = performance.now();
    if (now - this.arrived < POUR_MS) this.pouring();
    this.arrived = now;
    if (forMe) this.notices.playedForMe(fresh.filter((e) => e.seq > this.ownUpTo), { bot: this.botPlays() || botOpened(fresh, this.seat) });
    this.burst.push(...fresh);
    this.settle();
  }

  /** Events pour in (a batch hot on another's heels): the next drawing is lean, and the board
   * stops moving at once -- a halo's turn or a glide repaints the whole map every frame, which
   * on a slow device holds up the very drawing that would show the newest state. */
  pouring() {
    this.poured = true;
    if (this.sending) return;
    $("board").classList.add("still");
    this.stopMotion();
  }

  /** A view (pushed by the server after a batch, or our GET): kept when it is newer. */
  takeView(out) {
    if (this.takeViewQuietly(out) && this.opened) this.settle();
  }

  /** Draw what came, as often as it comes but never twice at once: a burst that arrives while
   * drawing is drawn right after, in one go. */
  settle() {
    this.dirty = true;
    if (this.settling) return this.settling;
    this.settling = (async () => {
      while (this.dirty) {
        // a busy table sends a batch every few ms: draw at most every DRAW_GAP_MS (at once
        // when it is my own command), everything that came in between in one go -- and
        // never before the messages already received are taken (``afterQueued``)
        if (!this.sending) await afterQueued(this.lastShow + DRAW_GAP_MS - performance.now());
        this.dirty = false;
        await this.viewAt(this.seq);
        // events pour in (batches came within two gaps of each other, or of the last
        // drawing's end): the newest state, lean. Told by when the batches came, not by how
        // long drawing took: a slow device behind is behind however slowly it draws. My
        // turn come (not a bot's for me), the table waits for me: drawn whole at once (the
        // focus on my controls).
        const behind = !this.sending && !(this.myTurn() && !this.botPlays())
          && (this.poured || performance.now() - (this.shownAt ?? -Infinity) < POUR_MS);
        this.poured = false;
        this.lastShow = performance.now();
        this.show(this.burst.splice(0), { behind });
        this.shownAt = performance.now();
      }
      if (this.leanSince) { // the parts lean drawings left, once the events pause
        clearTimeout(this.quietTimer);
        this.quietTimer = setTimeout(() => { if (!this.settling && this.leanSince) this.caughtUp(); }, QUIET_MS);
      }
    })().catch((err) => this.showError(err)).finally(() => {
      this.settling = null;
      if (this.dirty) this.settle();
    });
    return this.settling;
  }

  /** Wait for a view at ``seq`` or later: the server pushes it; ask for it only when it does not
   * come (no push while connecting, or a slow one). */
  async viewAt(seq) {
    if (this.answer && this.answer.seq >= seq) return;
    if (this.ctx.live.state === "open" && this.ctx.live.wantView) {
      const pushed = await new Promise((resolve) => {
        const timer = setTimeout(() => { this.waiters = this.waiters.filter((w) => w !== waiter); resolve(false); }, PUSH_WAIT_MS);
        const waiter = { seq, done: () => { clearTimeout(timer); resolve(true); } };
        this.waiters.push(waiter);
      });
      if (pushed) return;
    }
    await this.refresh();
  }

  /** Draw the newest view after ``evs``; animate the latest move only when nothing else waits.
   * ``behind``: events come faster than the page draws them (a slow device watching fast
   * bots): it jumps to the newest state -- the log and the pieces, the panel and the players
   * -- with no animation (not even a halo's turn: the board is ``.still``), and leaves the
   * chart and the history for every ``LEAN_FULL_MS``, the scrolling to the active player and
   * the focus for when it has caught up (``caughtUp``). */
  show(evs, { behind = false } = {}) {
    const lean = behind && performance.now() - (this.leanSince || performance.now()) < LEAN_FULL_MS;
    const move = behind || this.replay.active || document.hidden || this.dirty || this.motion
      || this.piecesSeq !== (evs[0]?.seq ?? 0) - 1 || !this.page.hasMotion(evs) ? null : evs;
    const start = move ? this.page.motionStart?.(move) ?? null : null;
    const typed = holdTyping(); // focus.js: the chat being typed in stays where it is
    this.appendLog(this.unlogged.splice(0));
    $("board").classList.toggle("still", behind); // no halo turns while behind (style.css)
    this.render({ lean }); // the page shows the new state at once (data-seq); the mover glides to it
    this.turnMoved ||= evs.some((e) => ["TurnStarted", "GameWon"].includes(e.type));
    if (lean) {
      this.leanSince ||= performance.now();
    } else if (behind) { // every LEAN_FULL_MS while behind: the chart (render) and the history
      this.leanSince = performance.now();
      if (this.turnMoved) this.loadHistorySoon();
    } else {
      this.leanSince = 0;
      this.extras();
    }
    this.sinceLive(evs);
    this.notices.fromEvents(evs, this.lastCommand);
    typed();
    if (move) this.animateMove(move, start);
  }

  /** What a drawing does besides the newest state: the Net Worth history (a turn began),
   * the active player in view, the focus where the player acts. */
  extras() {
    if (this.turnMoved) {
      this.loadHistorySoon();
      this.focusActive();
      this.turnMoved = false;
    }
    keepFocus(); // focus.js: a focus lost to the redraw goes to the next action
    revealArrived(); // focus.js: a question another's move asks of this seat, once in view
  }

  /** Caught up after lean drawings: what they left is drawn once. */
  caughtUp() {
    this.leanSince = 0;
    $("board").classList.remove("still");
    this.drawChart();
    this.extras();
  }

  /** The latest move of ``evs``, quickly (at most ``MOVE_MS`` in all), from ``start`` (where
   * the mover stood before the pieces were drawn anew) to where the pieces already show it;
   * something newer cuts it short and draws the pieces again. */
  animateMove(evs, start) {
    const motion = new AbortController();
    this.motion = motion;
    this.page.animate(evs, { totalMs: MOVE_MS, signal: motion.signal, start }).then(() => {
      if (this.motion === motion) this.motion = null;
    });
  }

  /** Cut the animation short (a newer batch, a replay): the pawns jump to where they are. */
  stopMotion() {
    if (!this.motion) return;
    this.motion.abort();
    this.motion = null;
  }

  drawPieces() {
    if (!this.answer) return;
    if (this.replay.active) { this.markShown(); return; } // the replay owns the board; the log is live
    this.page.drawPieces(this.answer.view);
    this.piecesSeq = this.answer.seq;
    this.markShown();
  }

  /** ``#game[data-seq]``: the last event the page shows (log and board), for tests and tools. */
  markShown() {
    const seq = Math.min(this.seq, this.answer?.seq ?? 0);
    $("game").dataset.seq = String(seq);
  }

  /** The tab stayed open: when our turn comes back after others played, sum their turns up
   * too; when our turn ends, the summary is old news. */
  sinceLive(fresh) {
    if (this.seat === null) return;
    const mine = (type) => fresh.some((e) => e.type === type && e.data?.seat === this.seat);
    if (mine("TurnEnded")) $("since").hidden = true;
    if (mine("TurnStarted") && this.stageOf(this.answer?.view) !== "over") {
      this.sinceShown = false;
      this.sinceLastTurn();
    }
  }

  async refresh() {
    try {
      this.takeViewQuietly(await this.api.view());
      if (this.errorKind === "connection" && this.ctx.live.state === "open") this.clearError(); // reached again
    } catch (err) {
      this.showError(err);
    }
  }

  /** Keep a view when it is newer than ours (answer whether it was); wake who waited for it. */
  takeViewQuietly(out) {
    if (this.answer && out.seq < this.answer.seq) return false;
    distinctPlayers(out.view); // two seats may have typed the same name: told apart (seats.js)
    this.answer = { ...out, reachable: out.extras?.reachable || [] };
    const ready = this.waiters.filter((w) => w.seq <= out.seq);
    this.waiters = this.waiters.filter((w) => w.seq > out.seq);
    for (const w of ready) w.done();
    return true;
  }

  /** The position may have moved on without events for us (a reconnect, the table changed). */
  refreshSoon() {
    this.refresh().then(() => { if (this.opened) this.settle(); });
  }

  loadHistorySoon() {
    if (this.historyLoading) { this.historyAgain = true; return; }
    this.historyLoading = this.loadHistory().then(() => {
      this.historyLoading = null;
      this.drawChart();
      if (this.historyAgain) { this.historyAgain = false; this.loadHistorySoon(); }
    });
  }

  async loadHistory() {
    try { this.history = (await this.api.history()).points; } catch { /* the chart waits */ }
  }

  tableChanged(lobby) {
    if (this.seat !== null) {
      const bot = !!lobby.seats[this.seat]?.bot; // (the table page has set ctx.lobby already)
      this.notices.seatChanged(this.botSeat, bot);
      this.botSeat = bot;
    }
    this.ctx.lobby = lobby;
    $("chat-form").hidden = !mayChat(this.me.role, lobby);
    this.refreshSoon();
  }

  /** Who is here changed (``ctx.lobby`` has it): the players say so. */
  presenceChanged() {
    if (this.answer) this.render();
  }

  /** A bot plays my seat now (the host let it, or my time per move ran out): what my seat
   * plays without this tab is its doing; else another tab or window of my seat played. */
  botPlays() {
    const s = this.seat === null ? null : this.ctx.lobby.seats[this.seat];
    return !!(s && (s.bot || s.autoplay));
  }

  /** The warning on the page before my time per move runs out (clocks.js). */
  watchClock() {
    if (this.seat === null) return;
    watchMyClock(() => {
      const clock = this.answer?.clock ?? null;
      const s = this.ctx.lobby.seats[this.seat];
      return { clock, mine: !!clock && clock.seats.includes(this.seat) && !s?.bot && !s?.autoplay && !this.replay?.active };
    }, {
      say: (text) => this.notices.add(text, { key: "clock", kind: "clock" }),
      clear: () => this.notices.forget("clock"),
      notify: (text) => {
        if (!("Notification" in window) || Notification.permission !== "granted") return;
        try { new Notification("Starport: time is running out", { body: `${this.ctx.lobby.name}: ${text}`, tag: `starport-clock-${this.ctx.lobby.table_id}` }); } catch { /* not allowed here */ }
      },
    });
  }

  /** "Take my seat back" while a bot plays my seat (``seatback.js``). */
  renderSeatBack() {
    if (this.seat === null) return;
    renderSeatBack(seatBackBox($("panel").querySelector(".status")), {
      lobby: this.ctx.lobby,
      seat: this.seat,
      reclaim: () => this.api.post(`/seats/${this.seat}/reclaim`),
      // the seat is mine again: the notice that pointed at the banner's button goes with it
      done: (lobby) => { this.botSeat = false; this.notices.forget("seat"); this.tableChanged(lobby); this.render(); },
      fail: (err) => this.showError(err),
    });
  }

  yourTurn(msg) {
    this.updateTitle();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      try {
        const n = new Notification("Starport: your turn", { body: `${this.ctx.lobby.name}: ${this.answer ? this.page.turnWords(this.answer) : msg.prompt}`, tag: `starport-${this.ctx.lobby.table_id}` });
        n.onclick = () => { window.focus(); n.close(); };
      } catch { /* not allowed here */ }
    }
  }

  chat(m) {
    if (this.chatIds.has(m.id)) return;
    this.chatIds.add(m.id);
    this.chatLog.push({ seq: this.seq, m });
    const li = document.createElement("li");
    li.className = m.seat === this.seat && m.seat !== null ? "mine" : "";
    const who = document.createElement("strong");
    who.textContent = `${m.name}: `;
    li.append(who, m.text); // text, never HTML
    $("chat").appendChild(li);
    $("chat").scrollTop = $("chat").scrollHeight;
  }

  // --- commands ----------------------------------------------------------------------------

  /** The page is open (its first drawing done) and nothing is in flight: no command being
   * sent, no drawing pending, no flight going on by itself. */
  idle() { return this.opened && this.sending === 0 && !this.busy && !this.settling && !this.motion; }

  async send(cmd) {
    if (this.busy || !this.answer) return;
    this.sending += 1;
    try { await this.sendOne(cmd); } finally { this.sending -= 1; }
  }

  async sendOne(cmd) {
    this.clearError();
    this.setBusy(true);
    this.lastCommand = cmd;
    const asked = this.answer.seq;
    const standing = this.notices.standing(); // seen once I play on (notices.js)
    let out;
    try {
      out = await this.command(asked, newClientId(), cmd);
    } catch (err) {
      this.page.refused(cmd);
      this.setBusy(false);
      await this.refresh();
      this.showError(refusalWords(err, asked, this.answer?.seq));
      this.settle();
      return;
    }
    this.notices.seen(standing);
    this.accept(this.ctx.live.had(out.events));
    await this.viewAt(out.seq);
    await this.settling;
    if (cmd.type === "TakeBack") this.page.refused(cmd); // like a refusal: any plan is dropped
    const goOn = cmd.type === "TakeBack" ? null : this.page.followUp(cmd, out.events, this.answer);
    this.setBusy(false);
    this.render();
    if (goOn) { await this.sendOne(goOn); return; }
    keepFocus({ urgent: true }); // focus.js: the question asked now, else the next action
  }

  /** Over the websocket while it is open (the ack; the events and the view come pushed),
   * else by POST; a command whose socket went away before its answer is posted again with
   * the same client id (the server applies it once). */
  async command(seq, clientId, cmd) {
    const sent = this.ctx.live.command(seq, clientId, cmd);
    let out = null;
    if (sent) {
      try {
        out = { events: [], ...(await sent) };
      } catch (err) {
        if (!err.lost) throw err;
      }
    }
    out = out || await this.api.command(seq, clientId, cmd);
    this.ownUpTo = Math.max(this.ownUpTo, out.seq); // my events, whenever they come
    return out;
  }

  setBusy(on) {
    this.busy = on;
    document.body.classList.toggle("is-busy", on);
    this.page.setBusy(on);
    const undo = $("take-back");
    if (undo) undo.disabled = on;
  }

  /** The "Take back" button (house rule, platform/takeback.js) when the engine allows one. */
  renderTakeBack(a) {
    const slot = $("takeback");
    const b = this.replay.active || this.seat === null ? null : takeBackButton(a.legal, (c) => this.send(c));
    if (b) b.disabled = this.busy;
    slot.replaceChildren(...(b ? [b] : []));
  }

  showError(err, kind = "action") {
    // the server out of reach is the connection's trouble: it goes when the connection is back
    if (err?.code === "unreachable") kind = "connection";
    const e = $("error");
    e.textContent = err?.message || String(err);
    e.hidden = false;
    this.errorKind = kind;
  }

  clearError() { $("error").hidden = true; $("error").textContent = ""; this.errorKind = null; }

  /** A shortcut key that did nothing (shortcuts.js): say why, briefly, where the prompt is. */
  sayWhy(words, key, button) {
    const what = words.split(/[,(]/)[0].trim(); // "Take back your last action", not its whole help line
    this.sayStatus(`${what}: not now — ${this.whyNot(key, button)}.`);
  }

  /** Why a shortcut cannot act now, in words: the button's own reason (its title) when it is
   * there but off, else what the table is doing. */
  whyNot(key, button) {
    const a = this.answer;
    const view = this.replay?.active ? null : a?.view;
    if (this.replay?.active) return "this is the replay; leave it (Escape) to play";
    if (button?.title) return button.title.replace(/^Not yet: /, "not yet: ").replace(/\.$/, "");
    if (this.seat === null) return "you are watching this table, not playing a seat";
    if (!view) return "the game is loading";
    if (this.stageOf(view) === "over" || ["over", "abandoned", "replay"].includes(this.ctx.lobby.status)) return "the game is over";
    if (this.busy) return "your last action is still being sent";
    if (!this.myTurn()) {
      const waiting = a.pending?.seats || [];
      return waiting.length ? `the game waits for ${waiting.map((s) => this.who(s)).join(" and ")}` : "it is not your turn";
    }
    if (key === "u") {
      return this.ctx.lobby.options?.takebacks === false ? "take-backs are off at this table"
        : "nothing to take back: a roll, a reveal, a draw or another player's move cannot be taken back";
    }
    return "the rules do not offer it at this point of your turn (see the panel)";
  }

  /** A short status line under the prompt; it goes after a while, or when the game moves on. */
  sayStatus(text) {
    const el = $("key-status");
    el.textContent = text;
    el.hidden = false;
    this.statusSeq = this.answer?.seq ?? 0;
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => this.clearStatus(), STATUS_MS);
  }

  clearStatus() {
    clearTimeout(this.statusTimer);
    $("key-status").hidden = true;
    $("key-status").textContent = "";
  }

  // --- drawing -----------------------------------------------------------------------------

  appendLog(entries) {
    const ol = $("log");
    const who = (s) => this.who(s);
    const say = (evs) => describeMarked((e) => describeWithTakeBacks(this.module, e, this.names, who, undefined, this.events),
      evs, { all: this.events, lobby: this.ctx.lobby, who }); // a bot's moves marked (away.js)
    // at most the lines kept below are made (a long game's log at once: no 1,700 to drop)
    let lines = say(entries).slice(-LOG_LINES);
    // The game folds events into one line (a flight's steps), but a bot's step is a batch of its
    // own: the last batch (the run) is said again with the new events, and when that folds, its
    // lines on the page give way to the new ones ("Bot 3 flies to ... (4 spaces)").
    const run = this.logRun;
    let drop = 0;
    let events = entries;
    if (run?.lines && run.lines <= ol.children.length) {
      const again = say([...run.events, ...entries]);
      if (again.length < run.lines + lines.length) { lines = again; drop = run.lines; events = [...run.events, ...entries]; }
    }
    if (run && !drop && !lines.length) events = [...run.events, ...entries]; // nothing said: the run goes on
    const said = drop || lines.length ? lines.length : run?.lines ?? 0;
    this.logRun = events.length <= LOG_RUN ? { events, lines: said } : null;
    for (let i = 0; i < drop; i += 1) ol.lastChild.remove();
    if (!lines.length) return;
    const batch = document.createDocumentFragment();
    for (const { text, kind } of lines) {
      const li = document.createElement("li");
      li.className = `log-${kind}`;
      li.textContent = text;
      batch.appendChild(li);
    }
    ol.appendChild(batch);
    for (let extra = ol.children.length - LOG_LINES; extra > 0; extra -= 1) ol.firstChild.remove();
    this.followLog(ol);
  }

  /** The log shows its newest line while the reader is at its end: scrolled in the next frame
   * (whose layout it then is: nothing is read in a drawing), and only while the log is on
   * screen -- off it (a phone's page scrolled to the map, a panel scrolled up) it is scrolled
   * when it comes into view. Scrolled up by the reader, it stays where they read; back at
   * its end, it follows again. Whether the log is on screen comes from an
   * IntersectionObserver (told after a frame's layout, never asked of it). */
  followLog(ol) {
    if (!this.logSeen) {
      this.logSeen = { on: true, stale: false, atEnd: true, ours: null };
      new IntersectionObserver(([e]) => {
        this.logSeen.on = e.isIntersecting;
        if (e.isIntersecting && this.logSeen.stale) this.followLog(ol);
      }).observe(ol);
      ol.addEventListener("scroll", () => { // the reader's scrolls (ours: where we put it)
        const ours = this.logSeen.ours;
        this.logSeen.ours = null;
        if (ours !== null && Math.abs(ol.scrollTop - ours) < 2) return;
        this.logSeen.atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 24;
      }, { passive: true });
    }
    const seen = this.logSeen;
    if (!seen.atEnd) return;
    if (!seen.on) { seen.stale = true; return; }
    seen.stale = false;
    if (this.logScroll) return;
    this.logScroll = requestAnimationFrame(() => {
      this.logScroll = null;
      const end = ol.scrollHeight - ol.clientHeight;
      if (Math.abs(ol.scrollTop - end) < 1) return;
      ol.scrollTop = end;
      seen.ours = ol.scrollTop;
    });
  }


  focusActive(always = false) {
    if (this.replay?.active) return;
    this.page.showActive(this.answer?.view, always);
  }

  /** "setup", "playing" or "over" (the game says, GameModule.stage). */
  stageOf(view) { return view ? this.module.stage(view) : "setup"; }

  myTurn() {
    const a = this.answer;
    return !!a && this.seat !== null && (a.pending?.seats || []).includes(this.seat) && a.legal.length > 0;
  }

  /** Whether the turn under way is this seat's (not another's in which it is asked). */
  turnIsMine(view) {
    return !!view?.turn && view.turn.seat === this.seat;
  }

  updateTitle() {
    const name = this.ctx.lobby.name;
    const a = this.answer;
    const over = a && this.stageOf(a.view) === "over";
    const mine = this.myTurn() ? `● ${yours(!a.view.turn || this.turnIsMine(a.view))} — ` : "";
    document.title = `${mine || (over ? "Game over — " : "")}${name} — Starport`;
  }

  /** Draw everything from the newest view; ``pieces: false`` leaves the pawns to an animation,
   * ``lean`` the chart to when the page has caught up (``show``). */
  render({ pieces = true, lean = false } = {}) {
    const a = this.answer;
    // a view or a presence can come while the board still loads (the host's tab, right after
    // Start): open() draws once the page is there
    if (!a || !this.loaded) return;
    const view = a.view;
    const turn = view.turn;
    const mine = this.myTurn();
    const activeIsMe = this.turnIsMine(view);
    if (!this.replay.active && pieces) { this.stopMotion(); this.drawPieces(); }
    this.page.render(a, { mine, activeIsMe, replaying: this.replay.active, who: (s) => this.who(s), lobby: this.ctx.lobby, seat: this.seat });
    this.renderTakeBack(a);
    renderHint($("hint"), { lobby: this.ctx.lobby, seq: a.seq, mine, seat: this.seat, replaying: this.replay.active, ask: (seq) => this.api.post("/hint", { seq }), words: (cmd) => this.module.commandWords(cmd, this.names), redraw: () => this.render({ pieces: false }) }); // hint.js
    $("prompt").textContent = this.promptText();
    renderWaiting(waitingBox($("prompt")), { answer: this.replay.active ? null : a, lobby: this.ctx.lobby, me: this.seat, who: (s) => this.who(s) }); // clocks.js
    if (a.seq !== this.statusSeq) this.clearStatus(); // its cause went: the game moved on
    $("prompt").classList.toggle("yours", mine);
    this.renderSeatBack();
    const badge = $("turn-badge");
    if (this.stageOf(view) === "over" || ["abandoned", "replay"].includes(this.ctx.lobby.status)) badge.textContent = "Game over";
    else if (turn) badge.textContent = badgeWords(mine, activeIsMe, this.who(turn.seat), view.round);
    badge.classList.toggle("yours", mine);
    this.renderPlayers(view);
    const target = this.module.goal(view);
    const perMove = this.ctx.lobby.turn_timer ? ` · ◷ ${lengthWords(this.ctx.lobby.turn_timer)} per move` : "";
    $("target").textContent = `${target ? `· first to ${target.toLocaleString("en")}` : ""}${perMove}`;
    if (!lean) this.drawChart(); // lean (behind): drawn when caught up
    this.updateTitle();
    // the host may end a game being played; after a win (or the end) there is nothing to end
    $("end-btn").hidden = !(this.me.role === "host" && this.stageOf(view) === "playing" && this.ctx.lobby.status === "playing");
    if (this.busy) this.setBusy(true);
    this.renderEnd();
    if (this.replay.active) this.replay.paint(); // the moment replayed, not now
  }

  /** The Net Worth chart, redrawn only when a figure changed (or the page was resized). */
  drawChart() {
    const view = this.answer?.view;
    if (!view) return;
    const points = this.chartPoints();
    const key = JSON.stringify([points.map((p) => p.scores), this.module.goal(view), view.players.map((p) => [p.name, this.names.playerColor(p)])]);
    if (key === this.chartKey) return;
    this.chartKey = key;
    renderChart($("chart"), points, view.players, this.names, this.module.goal(view), this.scoreOf);
  }

  chartPoints() {
    const pts = [...this.history];
    const v = this.answer?.view;
    if (v) {
      const now = v.players.map(this.module.score);
      const last = pts[pts.length - 1];
      if (!last || last.scores.join() !== now.join()) pts.push({ seq: this.answer.seq, round: v.round, scores: now });
    }
    return pts;
  }

  promptText() {
    const a = this.answer;
    const view = a.view;
    const turn = { mine: this.myTurn(), activeIsMe: this.turnIsMine(view), who: (s) => this.who(s), lobby: this.ctx.lobby, seat: this.seat };
    if (this.stageOf(view) === "over") return this.page.promptWords(a, turn);
    if (this.ctx.lobby.status === "abandoned") return "The host ended this game.";
    if (this.ctx.lobby.status === "replay") return "A finished game: press Replay to step through it.";
    if (!view.turn && !a.pending) return "Waiting for the game to begin…"; // (a game's setup played by the seats: stations placed before the first turn)
    return this.page.promptWords(a, turn);
  }

  /** The players' cards: a card is made anew only when what it shows changed (a drawing
   * while bots play changes one or two of them), so a drawing lays out and paints no more of
   * the list than moved. */
  renderPlayers(view) {
    const ul = $("players");
    const lobby = this.ctx.lobby;
    const labels = pieceLabels(view.players.map((p) => p.name)); // the pieces' labels (seats.js)
    const host = this.me.role === "host" ? [this.stageOf(view), lobby.status] : null;
    const had = /** @type {HTMLElement[]} */ ([...ul.children]);
    view.players.forEach((p, i) => {
      const money = this.page.playerMoney(p); // a score, cash
      const line = this.page.playerLine(p);
      const key = JSON.stringify([p.seat, view.turn?.seat === p.seat, p.seat === this.seat, labels[i], this.names.playerColor(p),
        this.names.playerLabel(p), money, line, lobby.seats[p.seat] ?? null, this.answer?.clock ?? null, host,
        this.freshLinks.get(p.seat) ?? null]);
      if (had[i] && this.cardKeys.get(had[i]) === key) return;
      const li = this.playerCard(view, p, { label: labels[i], m: money, line });
      this.cardKeys.set(li, key);
      if (had[i]) had[i].replaceWith(li); else ul.appendChild(li);
    });
    for (const extra of had.slice(view.players.length)) extra.remove();
  }

  /** One player's card in the players' list: its piece's ``label``, its money ``m`` (a score,
   * cash: ``GamePage.playerMoney``) and its ``line``. */
  playerCard(view, p, { label, m, line }) {
    const lobby = this.ctx.lobby;
    const li = document.createElement("li");
    li.className = `player${view.turn?.seat === p.seat ? " active" : ""}${p.seat === this.seat ? " me" : ""}`;
    li.dataset.seat = p.seat;
    const chip = document.createElement("span");
    chip.className = "chip chip-label";
    chip.style.background = this.names.playerColor(p);
    chip.style.color = inkFor(this.names.playerColor(p));
    chip.textContent = label; // as on the seat's piece: no colour needed
    chip.setAttribute("aria-hidden", "true");
    const name = document.createElement("strong");
    const seatInfo = lobby.seats[p.seat];
    name.textContent = `${this.names.playerLabel(p)}${p.seat === this.seat ? " · you" : ""}${seatInfo?.bot ? " · bot" : ""}`;
    const money = document.createElement("span");
    money.className = "money";
    money.title = m.title;
    const nw = document.createElement("b");
    nw.textContent = m.big;
    money.append(nw, document.createElement("br"), m.small);
    const ship = document.createElement("span");
    ship.className = "ship";
    ship.textContent = line;
    const clock = seatClock(this.answer?.clock, p.seat, lobby); // its time left (clocks.js)
    if (clock) ship.prepend(clock, " · ");
    if (seatInfo && !seatInfo.bot) ship.prepend(presenceBadge(seatInfo), " · "); // who is here, in plain sight
    li.append(chip, name, money, ship);
    if (view.turn?.seat === p.seat) li.setAttribute("aria-current", "true");
    const hostTools = document.createElement("div");
    hostTools.className = "host-seat-tools";
    if (this.me.role === "host" && this.stageOf(view) === "playing" && lobby.status === "playing") {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "small bot-toggle";
      b.textContent = seatInfo?.bot ? "Stop the bot" : "Bot plays";
      b.title = seatInfo?.bot ? `A bot plays ${p.name}'s seat now: stop it, and the player plays it again (with the seat's link)` : `Let a bot play ${p.name}'s turns`;
      b.addEventListener("click", async () => {
        try { this.ctx.lobby = await this.api.bot(p.seat, !seatInfo?.bot); this.render(); } catch (err) { this.showError(err); }
      });
      hostTools.appendChild(b);
    }
    if (this.me.role === "host" && !["over", "abandoned", "replay"].includes(lobby.status)) {
      // the seat's link: copy it, or re-issue it (the old one stops at once), as in the lobby
      li.appendChild(hostTools);
      hostTools.appendChild(seatLinkTools(this.api, lobby.table_id, p.seat, {
        where: () => li, fail: (err) => this.showError(err),
        onNew: (link) => { this.freshLinks.set(p.seat, link); this.render(); },
      }));
      const fresh = this.freshLinks.get(p.seat);
      if (fresh) showNewLink(li, fresh, p.seat, { focus: false });
    }
    return li;
  }

  renderEnd() {
    const a = this.answer;
    const box = $("end");
    const over = this.stageOf(a.view) === "over" || ["over", "abandoned"].includes(this.ctx.lobby.status);
    if (!over || this.endDismissed || this.replay.active) { box.hidden = true; return; }
    // the table may say "over" before the view with the winner comes: draw again when it does
    const key = `${this.stageOf(a.view)}:${a.view.winner}:${this.ctx.lobby.status}`;
    if (!box.hidden && key === this.endKey) return;
    this.endKey = key;
    // what the rules did to my last turns is stale once the game is over (the dialog says why)
    this.notices.drop(this.notices.standing());
    box.replaceChildren();
    const view = a.view;
    const sum = this.page.endSummary(view);
    const h = document.createElement("h2");
    h.id = "end-title";
    h.textContent = sum.title;
    box.appendChild(h);
    const p = document.createElement("p");
    p.textContent = sum.text;
    box.appendChild(p);
    const table = document.createElement("table");
    table.className = "summary";
    const head = document.createElement("thead");
    const hr = document.createElement("tr");
    for (const c of sum.columns) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = c;
      hr.appendChild(th);
    }
    head.appendChild(hr);
    table.appendChild(head);
    const tbody = document.createElement("tbody");
    const first = (pl) => (pl.seat === sum.winner ? 1 : 0);
    for (const pl of [...view.players].sort((x, y) => first(y) - first(x) || sum.order(x, y))) {
      const tr = document.createElement("tr");
      if (pl.seat === sum.winner) tr.className = "winner";
      for (const text of sum.row(pl)) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
    const scroll = document.createElement("div");
    scroll.className = "summary-wrap"; // a narrow screen scrolls the table, never cuts it
    scroll.appendChild(table);
    box.appendChild(scroll);
    const row = document.createElement("div");
    row.className = "row";
    const replay = document.createElement("button");
    replay.type = "button";
    replay.className = "primary";
    replay.textContent = "Replay the game";
    replay.addEventListener("click", () => { box.hidden = true; this.replay.start({ from: this.firstTurnSeq() }); });
    const share = document.createElement("button");
    share.type = "button";
    share.textContent = "Share a replay link";
    share.id = "share-replay";
    share.addEventListener("click", () => this.shareReplay(box));
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    close.addEventListener("click", () => { this.endDismissed = true; box.hidden = true; });
    row.append(replay, share, close);
    box.appendChild(row);
    box.hidden = false;
  }

  /** A finished game: export it and re-import it as a replay table; share its spectator link. */
  async shareReplay(box) {
    try {
      const doc = await this.api.get("/export");
      const table = await postJSON("/api/replays", doc);
      const url = `${location.origin}/t/${table.table_id}?replay#${table.spectator.token}`;
      box.querySelector(".share-link")?.remove();
      const div = document.createElement("div");
      div.className = "share-link";
      const input = document.createElement("input");
      input.readOnly = true;
      input.value = url;
      input.setAttribute("aria-label", "Replay link");
      div.append(input, copyButton(url, "Copy the replay link"));
      box.appendChild(div);
      input.focus();
      input.select();
    } catch (err) { this.showError(err); }
  }

  // --- since your last turn ---------------------------------------------------------------

  /** "Since your last turn": what was played since my seat last played itself (away.js), a
   * bot's moves for me among them; ``opening``: the page opens (what a bot played for me while
   * no tab was open is also a notice). */
  sinceLastTurn(opening = false) {
    if (this.seat === null || this.sinceShown) return;
    const evs = this.events;
    const since = sinceMyMove(evs, this.seat) ?? sinceMyTurn(evs, this.seat);
    if (!since?.played) return;
    const stretch = evs.slice(since.start, since.stop);
    this.sinceShown = true;
    const who = (s) => this.who(s);
    const kept = inEffect(stretch);
    const lines = describeMarked((e) => this.module.describeLog(e, this.names, who), kept,
      { all: evs, lobby: this.ctx.lobby, who }).filter(this.module.sinceWorthy);
    const forMe = playedFor(kept, this.seat, originAt(evs, (kept[0]?.seq ?? 1) - 1));
    if (opening && forMe.length) this.notices.playedForMe(forMe, { bot: true, away: true });
    const end = since.start - 1;
    const said = this.chatLog.filter((c) => c.seq >= (evs[end]?.seq ?? 0) && c.m.seat !== this.seat)
      .map((c) => ({ text: `${c.m.name} says: “${c.m.text}”`, kind: "chat" }));
    const box = $("since");
    box.replaceChildren();
    const h = document.createElement("h3");
    h.id = "since-title";
    h.textContent = "Since your last turn";
    box.appendChild(h);
    const ul = document.createElement("ul");
    ul.tabIndex = 0; // a list that may scroll: reachable by keyboard
    ul.setAttribute("aria-labelledby", h.id);
    // the last lines, and every one of what a bot played for me (it may be older)
    const shown = lines.filter((l, i) => i >= lines.length - 12 || (l.seat === this.seat && l.by));
    for (const l of [...shown, ...said.slice(-5)]) {
      const li = document.createElement("li");
      li.textContent = l.text;
      li.className = `log-${l.kind}`;
      ul.appendChild(li);
    }
    if (!lines.length && !said.length) {
      const li = document.createElement("li");
      li.textContent = "Nothing much: the others moved without trading.";
      ul.appendChild(li);
    }
    box.appendChild(ul);
    const row = document.createElement("div");
    row.className = "row";
    const replay = document.createElement("button");
    replay.type = "button";
    replay.className = "primary";
    replay.id = "since-replay";
    replay.textContent = `Quick replay (${stretch.length} events)`;
    const from = evs[end]?.seq ?? 0;
    const to = since.stop < evs.length ? evs[since.stop].seq - 1 : this.seq;
    replay.addEventListener("click", () => this.replay.start({ from, to, autoplay: true }));
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.textContent = "Got it";
    dismiss.addEventListener("click", () => { box.hidden = true; });
    row.append(replay, dismiss);
    box.appendChild(row);
    box.hidden = false;
  }
}

/** What the seat is asked for: "Your turn" in its own turn, "Your answer" in another's (a
 * reaction window, a defender's question, a deal offered to it). */
function yours(activeIsMe) {
  return activeIsMe ? "Your turn" : "Your answer";
}

/** The turn badge's words: ``yours``, with whose turn it is when not the seat's; else whose
 * turn it is and the round. */
function badgeWords(mine, activeIsMe, who, round) {
  if (mine) return activeIsMe ? yours(true) : `${yours(false)} · ${who}'s turn`;
  return `${who}'s turn · round ${round}`;
}
