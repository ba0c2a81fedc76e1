// The replay's bar: steps by event, turn and round, play at a speed, a slider over every
// event, jumps to a round or a turn, the words of the moment, and its link to share.
// It only draws and forwards; the Replay (replay.js) holds the moment.
import { copyButton } from "./links.js";

/** Autoplay speeds in events per second (the default is about a move a second). */
export const SPEEDS = { list: [1, 2, 5, 10, 25, 60], default: 5 };

/** A button of the bar: one showing a word is named by it (``label`` describes it); one
 * showing a sign (« −T +1 ▶) is named by ``label``. */
function button(text, label, fn, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.className = cls;
  if (!/[a-z]{2}/i.test(text)) b.setAttribute("aria-label", label);
  b.title = label;
  b.addEventListener("click", fn);
  return b;
}

function labelled(text, control, cls) {
  const label = document.createElement("label");
  label.className = cls;
  label.append(`${text} `, control);
  return label;
}

export class ReplayBar {
  constructor(root, replay) {
    this.root = root;
    this.replay = replay;
    this.wanted = null; // the moment asked for while its frame loads
  }

  hide() { this.root.hidden = true; }

  focus() { this.root.querySelector(".rp-play")?.focus(); }

  draw() {
    const r = this.replay;
    this.root.replaceChildren(this.stepsRow(), this.jumpRow());
    this.root.hidden = false;
    this.filled = false; // the Turn list is filled with the first moment's names
    this.root.querySelector(".rp-speed").value = String(r.speed);
  }

  stepsRow() {
    const r = this.replay;
    const row = document.createElement("div");
    row.className = "rp-row rp-steps";
    const speed = document.createElement("select");
    speed.className = "rp-speed";
    for (const s of SPEEDS.list) speed.add(new Option(`${s}/s`, String(s)));
    speed.addEventListener("change", () => r.setSpeed(Number(speed.value)));
    speed.title = "Autoplay speed: events per second";
    row.append(
      button("«", "To the start (Home)", () => r.jump(r.from), "rp-start"),
      button("−R", "Back to the start of the round (Page Up)", () => r.jump(r.target(-1, true)), "rp-round-back"),
      button("−T", "Back to the start of the turn (Shift+left arrow)", () => r.jump(r.target(-1)), "rp-turn-back"),
      button("−1", "−1: one event back (left arrow)", () => r.step(-1), "rp-back"),
      button("▶", "Play", () => (r.playing ? r.pause() : r.play()), "rp-play primary"),
      button("+1", "+1: one event forward (right arrow)", () => r.step(1), "rp-next"),
      button("+T", "To the next turn (Shift+right arrow)", () => r.jump(r.target(1)), "rp-turn-next"),
      button("+R", "To the next round (Page Down)", () => r.jump(r.target(1, true)), "rp-round-next"),
      button("»", "To the end (End)", () => r.jump(r.to), "rp-end"),
      this.slider(),
      labelled("Speed", speed, "rp-speed-label"),
      button("Link", "A link to this moment", () => this.share(), "rp-link"),
      button("✕", "Leave the replay (Escape)", () => r.stop(), "rp-close"),
    );
    return row;
  }

  /** The slider over every event (beside the steps; on its own line on a narrow screen). */
  slider() {
    const r = this.replay;
    const slider = document.createElement("input");
    slider.type = "range";
    slider.className = "rp-slider";
    slider.setAttribute("aria-label", "Event");
    // read the value first: pausing redraws the bar, which would put the old moment back
    slider.addEventListener("input", () => { const seq = Number(slider.value); r.jump(seq); });
    return slider;
  }

  jumpRow() {
    const r = this.replay;
    const row = document.createElement("div");
    row.className = "rp-row rp-jump";
    const text = document.createElement("p");
    text.className = "rp-text";
    text.setAttribute("aria-live", "polite");
    const round = document.createElement("input");
    round.type = "number";
    round.className = "rp-round";
    round.min = "1";
    round.addEventListener("input", () => { round.dataset.editing = "1"; });
    round.addEventListener("change", () => {
      delete round.dataset.editing;
      const seq = this.roundStart(Number(round.value));
      if (seq === null) this.update(); else r.jump(seq);
    });
    const turn = document.createElement("select");
    turn.className = "rp-turn";
    turn.addEventListener("change", () => r.jump(Number(turn.value)));
    row.append(text, labelled("Round", round, "rp-round-label"), labelled("Turn", turn, "rp-turn-label"));
    return row;
  }

  /** The first turn of round ``n`` (past the last round: the last one's); null for no round. */
  roundStart(n) {
    const turns = this.replay.turns;
    if (!Number.isInteger(n) || n < 1 || !turns.length) return null;
    return (turns.find((t) => t.round >= n) ?? turns.find((t) => t.round === turns[turns.length - 1].round)).seq;
  }

  /** Every turn, grouped by round, as a jump list. */
  fillTurns() {
    const r = this.replay;
    const select = this.root.querySelector(".rp-turn");
    const who = (seat) => r.view?.players?.[seat]?.name ?? r.game.who(seat);
    select.replaceChildren();
    let group = null;
    for (const t of r.turns) {
      if (t.seq < r.from || t.seq > r.to) continue;
      if (!group || group.dataset.round !== String(t.round)) {
        group = document.createElement("optgroup");
        group.label = `Round ${t.round}`;
        group.dataset.round = String(t.round);
        select.appendChild(group);
      }
      group.appendChild(new Option(`Round ${t.round} · ${who(t.seat)}`, String(t.seq)));
    }
    const rounds = r.turns.map((t) => t.round);
    this.root.querySelector(".rp-round").max = String(rounds.length ? Math.max(...rounds) : 1);
  }

  /** A moment is being fetched: the slider shows where it goes, not where it was. */
  pending(seq) { this.wanted = seq; this.update(); }

  /** Draw the moment (or the one being fetched) on every control of the bar. */
  update() {
    const r = this.replay;
    if (!this.root.querySelector(".rp-slider") || this.root.hidden) return;
    if (!this.filled && r.view) { this.fillTurns(); this.filled = true; }
    const at = r.loading && this.wanted !== null ? this.wanted : r.at;
    this.updateSlider(at);
    this.updatePlay();
    this.updateJumps(r.turnAt(at));
    this.updateText(at, r.turnAt(at));
    this.root.dataset.at = String(r.at);
  }

  updateSlider(at) {
    const r = this.replay;
    const slider = this.root.querySelector(".rp-slider");
    slider.min = String(r.from);
    slider.max = String(r.to);
    if (document.activeElement !== slider || !r.loading) slider.value = String(at); // not under a drag
    slider.setAttribute("aria-valuetext", `event ${at} of ${r.to}`);
  }

  updatePlay() {
    const r = this.replay;
    const play = this.root.querySelector(".rp-play");
    play.textContent = r.playing ? "❚❚" : "▶";
    play.setAttribute("aria-label", r.playing ? "Pause (Space)" : "Play (Space)");
    play.title = play.getAttribute("aria-label");
    this.root.querySelector(".rp-speed").value = String(r.speed);
  }

  /** The Turn list and the Round box follow the moment (not while being chosen or typed). */
  updateJumps(turn) {
    const select = this.root.querySelector(".rp-turn");
    if (turn && document.activeElement !== select) select.value = String(turn.seq);
    const round = this.root.querySelector(".rp-round");
    if (!round.dataset.editing) round.value = turn ? String(turn.round) : "";
  }

  updateText(at, turn) {
    const r = this.replay;
    const secrets = r.secrets ? " · every secret shown (finished game)" : "";
    const words = r.loading ? "" : r.words();
    const where = turn ? `Round ${turn.round} · ` : "";
    const text = this.root.querySelector(".rp-text");
    text.setAttribute("aria-live", r.playing ? "off" : "polite"); // no stream of words while playing
    text.textContent = `${where}event ${at} of ${r.to}${secrets}${words ? `: ${words}` : ""}`;
  }

  /** Show (and select) the link of the moment shown, with a copy button. */
  share() {
    const r = this.replay;
    this.root.querySelector(".rp-share")?.remove();
    const url = r.link();
    const div = document.createElement("div");
    div.className = "rp-share share-link";
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = url;
    input.setAttribute("aria-label", `Link to event ${r.at}`);
    div.append(input, copyButton(url, "Copy the link to this moment"));
    this.root.appendChild(div);
    input.focus();
    input.select();
  }
}
