// Replay: step through the game event by event with the board as it was (GET /replay frames:
// the view after each event, as this link saw it then). Finished games show their full log.
import { describeLog } from "./log.js";
import { animatePawn, renderPieces, secretsOf } from "./pieces.js";

const CHUNK = 40;

export class Replay {
  constructor(game) {
    this.game = game;
    this.active = false;
    this.frames = new Map(); // seq -> view
    this.at = 0;
    this.from = 0;
    this.to = 0;
    this.timer = null;
    this.view = null;
    this.bar = document.getElementById("replay-bar");
    this.keys = (e) => this.onKey(e);
  }

  get events() { return this.game.events; }

  /** Start at ``from`` (the board after that event); ``to`` is where it stops (default: now). */
  async start({ from = 0, to = null, autoplay = false } = {}) {
    const g = this.game;
    const over = ["over", "abandoned", "replay"].includes(g.ctx.lobby.status) || g.answer?.view.stage === "over";
    if (over && !this.fullLog) {
      // a finished game's log is given in full (every secret): the replay shows them all; a
      // game in progress stays redacted for this link (the server decides, not the client)
      try {
        const events = [];
        for (;;) {
          const log = await g.api.log(events.length ? events[events.length - 1].seq : 0);
          if (!log.full) { events.length = 0; break; }
          events.push(...log.events);
          if (!log.events.length || events[events.length - 1].seq >= log.seq) break;
        }
        if (events.length) { this.fullLog = events; this.secrets = secretsOf(events); }
      } catch { /* the redacted log will do */ }
    }
    this.active = true;
    this.from = from;
    this.to = to ?? g.seq;
    this.at = from;
    document.body.classList.add("replaying");
    g.moves.clear();
    document.getElementById("replay-btn").textContent = "Leave replay";
    document.getElementById("replay-btn").setAttribute("aria-pressed", "true");
    this.drawBar();
    this.bar.hidden = false;
    document.addEventListener("keydown", this.keys);
    await this.show(from);
    this.bar.querySelector(".rp-play")?.focus();
    if (autoplay) this.play();
  }

  stop() {
    this.pause();
    this.active = false;
    this.bar.hidden = true;
    document.body.classList.remove("replaying");
    document.removeEventListener("keydown", this.keys);
    document.getElementById("replay-btn").textContent = "Replay";
    document.getElementById("replay-btn").setAttribute("aria-pressed", "false");
    this.game.render();
    this.game.board.container.focus?.();
  }

  event(seq) {
    const list = this.fullLog || this.events;
    return list[seq - 1] && list[seq - 1].seq === seq ? list[seq - 1] : list.find((e) => e.seq === seq);
  }

  async frame(seq) {
    if (!this.frames.has(seq) && !this.fetched?.has(seq)) {
      (this.fetched ||= new Set()).add(seq);
      const out = await this.game.api.replay(seq, CHUNK);
      for (const f of out.frames) this.frames.set(f.seq, f.view);
      if (this.frames.size > 3000) this.frames.clear();
    }
    if (this.frames.has(seq)) return this.frames.get(seq);
    // setup events have no board of their own: show the first one after them
    const later = [...this.frames.keys()].filter((k) => k >= seq).sort((a, b) => a - b)[0];
    return this.frames.get(later ?? Math.max(...this.frames.keys()));
  }

  async show(seq, { animate = false } = {}) {
    seq = Math.max(this.from, Math.min(this.to, seq));
    let view;
    try { view = await this.frame(seq); } catch (err) { this.game.showError(err); this.pause(); return; }
    if (!this.active) return;
    const ev = this.event(seq);
    if (animate && ev?.type === "Moved" && ev.data) {
      await animatePawn(this.game.board, ev.data.seat, [...ev.data.skipped, ev.data.to], { stepMs: 120 });
    }
    this.at = seq;
    this.view = view;
    renderPieces(this.game.board, this.game.names, view, this.secrets);
    this.game.renderPlayers(view);
    this.updateBar();
  }

  step(delta) { this.pause(); return this.show(this.at + delta, { animate: delta === 1 }); }

  play() {
    if (this.timer) return;
    if (this.at >= this.to) this.at = this.from;
    this.playing = true;
    this.updateBar();
    const tick = async () => {
      if (!this.active || !this.playing) return;
      if (this.at >= this.to) { this.pause(); return; }
      await this.show(this.at + 1, { animate: true });
      const ev = this.event(this.at);
      this.timer = setTimeout(tick, ev?.type === "Moved" ? 60 : ev?.redacted ? 40 : 420);
    };
    this.timer = setTimeout(tick, 200);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    this.playing = false;
    this.updateBar();
  }

  onKey(e) {
    if (!this.active || e.target.closest?.("input, textarea, select, .board")) return;
    const keys = { ArrowRight: () => this.step(1), ArrowLeft: () => this.step(-1), Home: () => { this.pause(); this.show(this.from); },
      End: () => { this.pause(); this.show(this.to); }, Escape: () => this.stop() };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  }

  drawBar() {
    const bar = this.bar;
    bar.replaceChildren();
    const mk = (text, label, fn, cls = "") => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.className = cls;
      b.setAttribute("aria-label", label);
      b.title = label;
      b.addEventListener("click", fn);
      return b;
    };
    const row = document.createElement("div");
    row.className = "rp-row";
    row.append(
      mk("«", "To the start (Home)", () => { this.pause(); this.show(this.from); }),
      mk("◀", "One event back (left arrow)", () => this.step(-1), "rp-back"),
      mk("▶", "Play", () => (this.playing ? this.pause() : this.play()), "rp-play primary"),
      mk("▶|", "One event forward (right arrow)", () => this.step(1), "rp-next"),
      mk("»", "To the end (End)", () => { this.pause(); this.show(this.to); }),
    );
    const slider = document.createElement("input");
    slider.type = "range";
    slider.className = "rp-slider";
    slider.setAttribute("aria-label", "Event");
    slider.addEventListener("input", () => { this.pause(); this.show(Number(slider.value)); });
    row.appendChild(slider);
    row.appendChild(mk("✕", "Leave the replay (Escape)", () => this.stop(), "rp-close"));
    const text = document.createElement("p");
    text.className = "rp-text";
    text.setAttribute("aria-live", "polite");
    bar.append(row, text);
  }

  updateBar() {
    if (!this.bar || this.bar.hidden && !this.active) return;
    const slider = this.bar.querySelector(".rp-slider");
    if (!slider) return;
    slider.min = String(this.from);
    slider.max = String(this.to);
    slider.value = String(this.at);
    const play = this.bar.querySelector(".rp-play");
    play.textContent = this.playing ? "II" : "▶";
    play.setAttribute("aria-label", this.playing ? "Pause" : "Play");
    const ev = this.event(this.at);
    let words = "";
    if (ev) {
      const g = this.game;
      const who = (s) => this.view?.players?.[s]?.name ?? g.who(s);
      words = ev.redacted ? "(something only another player saw)" : (describeLog([ev], g.names, who)[0]?.text || ev.type);
    }
    const round = this.view?.round ? `Round ${this.view.round} · ` : "";
    const secrets = this.secrets ? " · every secret shown (finished game)" : "";
    this.bar.querySelector(".rp-text").textContent = `${round}event ${this.at} of ${this.to}${secrets}${words ? `: ${words}` : ""}`;
  }
}
