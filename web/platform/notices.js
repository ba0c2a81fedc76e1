// Notices: what the rules (or a bot) did to my seat, said where I look and kept until I have
// seen it: what the game says the rules did without my asking (GameModule.notices: the
// rules stopped my ship, my turn ended by itself), a bot played my seat, the host gave it back.
// Each has its own "Got it"; the rules' notices also go once I play on (``seen``): a command of
// mine accepted while they stood there. What a bot or the host did goes by "Got it" alone.
import { ofSeat } from "./away.js";
import { el } from "./dom.js";

const SHOWN = 2; // notices in sight at once; older ones fold
// on a phone the notices float over the panel (style.css, the same width): the newest alone
const PHONE = "(max-width: 860px)";
const SHOWN_PHONE = 1;
let noticeIds = 0;

/** The notices of a seat, kept in ``root`` until dismissed (each with its own "Got it"). */
export class Notices {
  constructor(root, game, names, who, seat) {
    this.root = root;
    this.game = game; // the GameModule (web/platform/games.js)
    this.names = names;
    this.who = who;
    this.seat = seat;
    this.botLines = [];
  }

  /** Say ``text`` until the player dismisses it; ``key`` keeps one notice per thing, and the
   * same words said again (my ship stopped at the same penalty two turns running) stand once,
   * as the newest. */
  add(text, { key = text, kind = "rules" } = {}) {
    if (this.seat === null) return;
    for (const li of this.root.querySelectorAll(".notice")) {
      if (li.dataset.key === key || li.querySelector("p")?.textContent === text) li.remove();
    }
    const li = el("li", { class: `notice notice-${kind}`, "data-key": key });
    const said = el("p", { id: `notice-${(noticeIds += 1)}` }, text);
    li.appendChild(said);
    // named by its words; what it dismisses is its description
    const ok = el("button", { type: "button", class: "small", "aria-describedby": said.id }, "Got it");
    ok.addEventListener("click", () => {
      const next = li.nextElementSibling?.querySelector("button") || li.previousElementSibling?.querySelector("button");
      this.drop([li]);
      next?.focus();
    });
    li.appendChild(ok);
    this.root.appendChild(li);
    this.root.hidden = false;
    this.fold();
  }

  /** The rules' notices standing now (in sight or folded): ``seen`` them once a command of
   * mine sent while they stood is accepted. */
  standing() {
    return [...this.root.querySelectorAll(".notice-rules")];
  }

  /** I played on while ``notices`` stood (``standing``, when the command was sent): they are
   * stale (on a phone they float over the next turn's choices), so they go; notices said
   * since (the command's own stop, say) stay. */
  seen(notices) {
    const gone = notices.filter((li) => li.isConnected);
    if (gone.length) this.drop(gone);
  }

  /** The notice of ``key`` goes (its cause went: the seat it spoke of was taken back). */
  forget(key) {
    this.drop([...this.root.querySelectorAll(".notice")].filter((li) => li.dataset.key === key));
  }

  /** ``notices`` go; the rest fold again, and the list hides once empty. */
  drop(notices) {
    for (const li of notices) li.remove();
    this.fold();
    this.root.hidden = !this.root.querySelector(".notice");
  }

  /** Several stops in a row: the newest ``SHOWN`` notices of the rules stay in sight (on a
   * phone, where they float over the panel, the newest alone), the older ones fold under one
   * line ("3 earlier notices": Show, Got them all), so the map and the turn's controls stay in
   * view. What the host or a bot did with my seat is always in sight. */
  fold() {
    const all = [...this.root.querySelectorAll(".notice-rules")];
    const shown = globalThis.matchMedia?.(PHONE).matches ? SHOWN_PHONE : SHOWN;
    const older = all.slice(0, Math.max(0, all.length - shown));
    let bar = this.root.querySelector(".notices-fold");
    if (!older.length) { bar?.remove(); for (const li of all) li.hidden = false; return; }
    const open = bar?.dataset.open === "1";
    for (const li of all) li.hidden = !open && older.includes(li);
    if (!bar) {
      bar = el("li", { class: "notices-fold" });
      this.root.prepend(bar);
    }
    const show = el("button", { type: "button", class: "small" }, open ? "Fold" : "Show");
    show.addEventListener("click", () => { bar.dataset.open = open ? "" : "1"; this.fold(); });
    const dismiss = el("button", { type: "button", class: "small" }, "Got them all");
    dismiss.addEventListener("click", () => this.drop(this.standing()));
    bar.replaceChildren(el("span", {}, `${older.length} earlier notice${older.length > 1 ? "s" : ""}`), show, dismiss);
  }

  /** After events of the game (``cmd``: the command of mine they answer, if any): say what the
   * rules did to my seat without my asking. */
  fromEvents(evs, cmd) {
    if (this.seat === null) return;
    for (const { text, key } of this.game.notices(this.names, this.seat, evs, cmd)) this.add(text, { key });
  }

  /** Events of my seat that this tab did not send: a bot (the host's, or the turn timer's)
   * played for me when ``bot``; else my seat played in another tab or window, and this one is
   * told the game moved on (what it showed a moment ago is gone). ``away``: it played while
   * no tab of mine was open (told as the page opens). */
  playedForMe(evs, { bot = true, away = false } = {}) {
    if (this.seat === null) return;
    const played = ofSeat(evs, this.seat).filter((e) => this.game.playedTypes.has(e.type) && e.data?.seat === this.seat);
    if (!played.length) return;
    const key = bot ? "bot" : "elsewhere";
    if (!this.root.querySelector(`[data-key="${key}"]`)) this.botLines = [];
    this.botLines.push(...this.game.describeLog(played, this.names, this.who).map((l) => l.text));
    const shown = this.botLines.slice(-4);
    const more = this.botLines.length - shown.length;
    const what = more ? ` (its last ${shown.length} of ${this.botLines.length} actions)` : "";
    const head = away ? `While you were away, a bot played for you${what}`
      : bot ? `A bot played for you${what}` : `The game moved on: your seat played in another tab or window${what}`;
    this.add(`${head}: ${shown.join(" ")}`, { key, kind: "bot" });
  }

  /** The host let a bot play my seat, or gave it back. What was told as played in another
   * tab just before the table said so was the bot's: told again as such. */
  seatChanged(wasBot, isBot) {
    if (wasBot === isBot) return;
    const elsewhere = this.root.querySelector('.notice[data-key="elsewhere"]');
    if (isBot && elsewhere) {
      this.drop([elsewhere]);
      const lines = this.botLines.slice(-4);
      this.add(`A bot played for you: ${lines.join(" ")}`, { key: "bot", kind: "bot" });
    }
    this.add(isBot ? "The host let a bot play your seat: it plays your turns until you take your seat back (the button above) or the host gives it back."
      : "The host gave your seat back: you play your own turns again.", { key: "seat", kind: "bot" });
  }
}
