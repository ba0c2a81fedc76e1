// Replay: the game at any moment (the board after event N, GET /replay frames: the view as
// this link saw it then; a finished game shows every secret). Everything on screen follows the
// moment shown: board, players, log, score chart, turn badge and prompt. Jump with the
// slider, a round or a turn; step by event, turn or round; play at a chosen speed; copy a link
// that opens at this moment (``?replay=<event>``). The bar is drawn by replaybar.js.
import { renderChart } from "./chart.js";
import { ReplayBar, SPEEDS } from "./replaybar.js";
import { describeWithTakeBacks } from "./takeback.js";
import { describeMarked } from "./away.js";
import { distinctPlayers } from "./seats.js";

const CHUNK = 40; // frames per request (the server's cap is 60)
const KEEP_CHUNKS = 40; // chunks of frames kept in memory
const LOG_LINES = 80; // sentences in the log of the moment

/**
 * The moment a page's address asks for: ``?replay`` (the first turn), ``?replay=<event>`` or
 * ``?replay=round-<n>``; null when it asks for no replay.
 */
export function replayMoment(search = location.search) {
  const params = new URLSearchParams(search);
  if (!params.has("replay")) return null;
  const raw = params.get("replay").trim();
  const round = /^round-(\d+)$/.exec(raw);
  if (round) return { round: Number(round[1]) };
  return /^\d+$/.test(raw) ? { at: Number(raw) } : {};
}

/** The bar's words for an event the log keeps silent (a phase starting, a question asked):
 * the game's own (`GameModule.quietWords`, may return null), else a neutral phrase, never the
 * raw event type. */
export function quietMoment(module, ev, names, who) {
  const own = module.quietWords?.(ev, names, who);
  if (own) return own;
  const seat = ev.data?.seat;
  return Number.isInteger(seat) && seat >= 0 ? `The rules go on for ${who(seat)} (nothing for the log).` : "The rules go on (nothing for the log).";
}

/** Turn and round starts from the log: [{seq, round, seat}] in order (TurnStarted is public). */
export function turnsOf(events) {
  return events.filter((e) => e.type === "TurnStarted" && e.data).map((e) => ({ seq: e.seq, round: e.data.round, seat: e.data.seat }));
}

export class Replay {
  constructor(game) {
    this.game = game;
    this.active = false;
    this.chunks = new Map(); // first seq of a chunk -> Promise<Map(seq -> view)>
    this.at = 0;
    this.from = 0;
    this.to = 0;
    this.timer = null;
    this.view = null;
    this.speed = SPEEDS.default;
    this.shown = 0; // counts show() calls: an older one that lands late is dropped
    this.bar = new ReplayBar(document.getElementById("replay-bar"), this);
    this.keys = (e) => this.onKey(e);
  }

  get events() { return this.fullLog || this.game.events; }

  /** Start fetching the frames of a moment while the page is still loading. */
  prefetch(moment) {
    document.body.classList.add("replaying"); // the live log is not laid out meanwhile
    const head = this.game.ctx.lobby.seq ?? 0; // a moment beyond the end opens at the end
    this.chunk(Math.min(moment?.at ?? 0, head)).catch(() => { /* asked again when shown */ });
  }

  /** Start at ``at`` (default ``from``: the board after that event); ``to`` is where it ends. */
  async start({ from = 0, to = null, at = null, round = null, autoplay = false } = {}) {
    const g = this.game;
    await this.takeFullLog();
    this.turns = turnsOf(this.events);
    this.segments = new Map(); // the log's sentences per turn, described once
    this.active = true;
    this.from = from;
    this.to = to ?? g.seq;
    this.toNow = to === null; // a replay up to now grows with the game
    if (round !== null) at = this.turns.find((t) => t.round >= round)?.seq ?? this.to;
    document.body.classList.add("replaying");
    document.getElementById("end").hidden = true;
    g.render(); // the game's choices of now go (the page is drawn for the replay)
    this.toggleButton(true);
    this.bar.draw();
    document.addEventListener("keydown", this.keys);
    await this.show(at ?? from);
    this.chunk(this.to).catch(() => { /* asked again when shown */ }); // "To the end" is at hand
    this.bar.focus();
    if (autoplay) this.play();
  }

  /** A finished game's log in full (every secret): the one the page loaded when it was given
   * in full, else fetched once. A game in progress stays redacted for this link. */
  async takeFullLog() {
    const g = this.game;
    const over = ["over", "abandoned", "replay"].includes(g.ctx.lobby.status) || g.stageOf(g.answer?.view) === "over";
    if (!over || this.fullLog) return;
    if (g.logFull) { this.fullLog = g.events; this.secrets = g.module.secretsOf(g.events); return; }
    try {
      const events = [];
      for (;;) {
        const log = await g.api.log(events.length ? events[events.length - 1].seq : 0);
        if (!log.full) { events.length = 0; break; }
        events.push(...log.events);
        if (!log.events.length || events[events.length - 1].seq >= log.seq) break;
      }
      if (events.length) { this.fullLog = events; this.secrets = g.module.secretsOf(events); }
    } catch { /* the redacted log will do */ }
  }

  stop() {
    this.pause();
    this.active = false;
    this.bar.hide();
    document.body.classList.remove("replaying");
    document.removeEventListener("keydown", this.keys);
    this.toggleButton(false);
    this.setAddress(null);
    this.game.render();
    this.game.board.container.focus?.();
  }

  toggleButton(on) {
    const b = document.getElementById("replay-btn");
    b.textContent = on ? "Leave replay" : "Replay";
    b.setAttribute("aria-pressed", String(on));
  }

  event(seq) {
    const list = this.events;
    return list[seq - 1] && list[seq - 1].seq === seq ? list[seq - 1] : list.find((e) => e.seq === seq);
  }

  // --- frames ------------------------------------------------------------------------------

  /** The frames of the chunk holding ``seq`` (one request, shared by every caller). */
  chunk(seq) {
    const base = seq - (seq % CHUNK);
    let p = this.chunks.get(base);
    if (!p) {
      p = this.game.api.replay(base, CHUNK).then((out) => {
        /** @type {Map<number, Object> & {head?: number}} */
        const frames = new Map(out.frames.map((f) => [f.seq, distinctPlayers(f.view)]));
        frames.head = out.seq; // the game's end then: a game in progress goes on past it
        return frames;
      });
      p.catch(() => this.chunks.delete(base));
      this.chunks.set(base, p);
      for (const k of this.chunks.keys()) {
        if (this.chunks.size <= KEEP_CHUNKS) break;
        if (Math.abs(k - base) > CHUNK * 4) this.chunks.delete(k);
      }
    }
    return p;
  }

  /** The view after event ``seq``; a setup event has no board of its own: the next one's. */
  async frame(seq) {
    for (let s = seq; s <= Math.max(seq, this.to); s = s - (s % CHUNK) + CHUNK) {
      let frames = await this.chunk(s);
      if (frames.head < seq) { // fetched before the game got there: ask again
        this.chunks.delete(s - (s % CHUNK));
        frames = await this.chunk(s);
      }
      for (const [k, v] of frames) if (k >= seq) return v;
    }
    throw new Error(`The replay has no board after event ${seq}.`);
  }

  // --- moving through the game -------------------------------------------------------------

  clamp(seq) { return Math.max(this.from, Math.min(this.to, seq)); }

  /** Show the moment after event ``seq``; a later call wins over one still loading. */
  async show(seq, { animate = false } = {}) {
    seq = this.clamp(seq);
    const ticket = (this.shown += 1);
    this.loading = true;
    this.bar.pending(seq);
    let view;
    try { view = await this.frame(seq); } catch (err) {
      if (ticket === this.shown) { this.loading = false; this.game.showError(err); this.pause(); }
      return;
    }
    if (!this.active || ticket !== this.shown) return;
    const ev = this.event(seq);
    if (animate && ev?.data && !document.hidden && this.game.page.hasMotion([ev])) {
      await this.game.page.animate([ev], { stepMs: Math.min(120, 600 / this.speed) });
      if (!this.active || ticket !== this.shown) return;
    }
    this.at = seq;
    this.view = view;
    this.loading = false;
    this.paint();
    if (!this.playing) this.setAddress(seq);
    if (this.playing && seq + CHUNK / 2 <= this.to) this.chunk(seq + CHUNK / 2).catch(() => {});
  }

  /** Go to a moment (the slider, a turn, a round); the bar shows it at once. */
  jump(seq, opts = {}) {
    this.bar.wanted = this.clamp(seq);
    this.loading = true;
    this.pause();
    return this.show(seq, opts);
  }

  step(delta) { return this.jump(this.at + delta, { animate: delta === 1 }); }

  /** The start of the next (``dir`` 1) or previous (-1) turn; ``byRound``: of a round. */
  target(dir, byRound = false) {
    const marks = byRound ? this.turns.filter((t, i) => i === 0 || this.turns[i - 1].round !== t.round) : this.turns;
    if (dir > 0) return marks.find((t) => t.seq > this.at)?.seq ?? this.to;
    return [...marks].reverse().find((t) => t.seq < this.at)?.seq ?? this.from;
  }

  /** The turn shown: the last turn start at or before the moment. */
  turnAt(seq = this.at) {
    let found = null;
    for (const t of this.turns) { if (t.seq > seq) break; found = t; }
    return found;
  }

  /** Autoplay at ``speed`` events per second. When painting a moment takes longer than
   * an event's share of a second, the next paint skips ahead to the event due by then, so
   * the pace holds whatever the machine draws; moves are animated at the slow speeds. */
  play() {
    if (this.timer) return;
    if (this.at >= this.to) this.at = this.from;
    this.playing = true;
    this.bar.update();
    this.due = performance.now() + 150; // when the next event is due
    const tick = async () => {
      if (!this.active || !this.playing) return;
      if (this.at >= this.to) { this.pause(); return; }
      const gap = 1000 / this.speed;
      const now = performance.now();
      if (now - this.due > 1000) this.due = now; // back from a background tab: no burst
      const n = 1 + Math.floor(Math.max(0, now - this.due) / gap);
      await this.show(this.at + n, { animate: this.speed <= 5 && n === 1 });
      this.due += n * gap;
      if (this.playing) this.timer = setTimeout(tick, Math.max(0, this.due - performance.now()));
    };
    this.timer = setTimeout(tick, 150);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    const was = this.playing;
    this.playing = false;
    this.bar.update();
    if (was && this.active) this.setAddress(this.at);
  }

  setSpeed(speed) { this.speed = speed; this.bar.update(); }

  onKey(e) {
    if (!this.active || e.target.closest?.("input, textarea, select, .board")) return;
    const turn = e.shiftKey;
    const keys = {
      ArrowRight: () => (turn ? this.jump(this.target(1)) : this.step(1)),
      ArrowLeft: () => (turn ? this.jump(this.target(-1)) : this.step(-1)),
      PageDown: () => this.jump(this.target(1, true)),
      PageUp: () => this.jump(this.target(-1, true)),
      Home: () => this.jump(this.from),
      End: () => this.jump(this.to),
      " ": () => (this.playing ? this.pause() : this.play()),
      Escape: () => this.stop(),
    };
    if (e.target.closest?.("button") && e.key === " ") return; // a focused button's own click
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  }

  // --- the link of the moment --------------------------------------------------------------

  /** A link that opens this replay at the moment shown: a spectator link keeps its token (a
   * seat's or the host's token is never put in a link to share). */
  link(seq = this.at) {
    const { lobby, me, token } = this.game.ctx;
    const secret = me.role === "spectator" && token ? `#${token}` : "";
    return `${location.origin}/t/${lobby.table_id}?replay=${seq}${secret}`;
  }

  /** Keep the moment in the address bar (a reload opens it again); null: out of the replay. */
  setAddress(seq) {
    clearTimeout(this.addressTimer); // a drag of the slider: one address when it rests
    if (seq === null) this.writeAddress(null); else this.addressTimer = setTimeout(() => this.writeAddress(seq), 250);
  }

  writeAddress(seq) {
    if (seq !== null && !this.active) return;
    const url = new URL(location.href);
    if (seq === null) url.searchParams.delete("replay"); else url.searchParams.set("replay", String(seq));
    const next = url.pathname + url.search;
    if (next !== location.pathname + location.search) history.replaceState(history.state, "", next);
  }

  // --- drawing the moment ------------------------------------------------------------------

  /** Everything on screen as it was at the moment shown (called on each move and whenever
   * the page redraws while the replay is on). */
  paint() {
    const g = this.game;
    const view = this.view;
    if (!view) return;
    if (this.toNow && g.seq > this.to) this.grow();
    this.paintChart(view); // first: it reads the layout, still clean before the writes below
    document.getElementById("end").hidden = true;
    g.page.drawPieces(view, this.secrets, this.at);
    g.renderPlayers(view);
    this.paintLog();
    this.paintStatus(view);
    this.bar.update();
  }

  /** The game went on while replaying up to now: the slider and the turns reach the new end. */
  grow() {
    this.to = this.game.seq;
    this.turns = turnsOf(this.events);
    this.bar.filled = false;
  }

  paintChart(view) {
    const g = this.game;
    const points = (g.history || []).filter((p) => p.seq <= this.at);
    const now = view.players.map(g.module.score);
    const last = points[points.length - 1];
    if (!last || last.scores.join() !== now.join()) points.push({ seq: this.at, round: view.round, scores: now });
    renderChart(document.getElementById("chart"), points, view.players, g.names, g.module.goal(view), g.scoreOf);
  }

  /** The log up to the moment (its last ``LOG_LINES`` sentences), in place of the live log. */
  paintLog() {
    let ol = document.getElementById("replay-log");
    if (!ol) {
      ol = document.createElement("ol");
      ol.id = "replay-log";
      ol.className = "log replay-log";
      ol.tabIndex = 0; // a scrolled list: reachable by keyboard
      ol.setAttribute("aria-label", "Log: what had happened by the moment shown");
      document.getElementById("log").after(ol);
    }
    ol.replaceChildren(...this.linesUpTo(this.at).map(({ text, kind }) => {
      const li = document.createElement("li");
      li.className = `log-${kind}`;
      li.textContent = text;
      return li;
    }));
    ol.lastElementChild?.classList.add("now");
    ol.dataset.seq = String(this.at);
    // scrolled once per frame, with the layout the frame needs anyway (not one per event)
    cancelAnimationFrame(this.scrolling);
    this.scrolling = requestAnimationFrame(() => { ol.scrollTop = ol.scrollHeight; });
  }

  /** The events from ``first`` to ``last`` (seqs, both included). */
  range(first, last) {
    const list = this.events;
    const i = first - 1;
    if (list[i]?.seq === first && list[last - 1]?.seq === last) return list.slice(i, last);
    return list.filter((e) => e.seq >= first && e.seq <= last);
  }

  /** The log's sentences up to event ``seq``: whole turns are described once and kept (a turn
   * start ends any run of moves, so the sentences are the same as the whole log's), the
   * turn of the moment up to it. */
  linesUpTo(seq) {
    const g = this.game;
    const who = (s) => this.view?.players?.[s]?.name ?? g.who(s);
    const reader = this.fullLog ? g.seat : undefined; // a full log: the others' sightings named
    const starts = [1, ...this.turns.map((t) => t.seq)];
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= seq) k += 1;
    const describe = (evs) => describeMarked((e) => describeWithTakeBacks(g.module, e, g.names, who, reader, this.events),
      evs, { all: this.events, lobby: g.ctx.lobby, who }); // a bot's moves marked (away.js)
    const lines = describe(this.range(starts[k], seq));
    this.segments ||= new Map();
    for (let i = k - 1; i >= 0 && lines.length < LOG_LINES; i -= 1) {
      if (!this.segments.has(i)) this.segments.set(i, describe(this.range(starts[i], starts[i + 1] - 1)));
      lines.unshift(...this.segments.get(i));
    }
    return lines.slice(-LOG_LINES);
  }

  paintStatus(view) {
    const g = this.game;
    const turn = this.turnAt();
    const who = turn ? this.view.players[turn.seat]?.name ?? g.who(turn.seat) : null;
    const badge = document.getElementById("turn-badge");
    badge.textContent = `Replay · ${turn ? `round ${turn.round} · ${who}'s turn` : "before the first turn"}`;
    badge.classList.remove("yours");
    const over = this.game.stageOf(view) === "over" ? " The game is over at this moment." : "";
    document.getElementById("prompt").textContent = `Replay: the game after event ${this.at} of ${this.to}.${over} Leave the replay to come back to the game now.`;
    document.getElementById("prompt").classList.remove("yours");
  }

  /** The words of the event shown, for the bar. */
  words() {
    const ev = this.event(this.at);
    if (!ev) return "";
    if (ev.redacted) return "(something only another player saw)";
    const who = (s) => this.view?.players?.[s]?.name ?? this.game.who(s);
    const said = describeWithTakeBacks(this.game.module, [ev], this.game.names, who, this.fullLog ? this.game.seat : undefined, this.events)[0]?.text;
    return said || quietMoment(this.game.module, ev, this.game.names, who);
  }
}
