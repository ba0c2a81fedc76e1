// Notices: what the rules (or a bot) did to my seat, said where I look and kept until I say
// "Got it": the rules stopped my ship (6.3 a penalty I could not pay, 5.22 no way on), my turn
// ended by itself (4.4: movement over in space), a bot played my seat.
import { describeLog } from "../games/venus/words.js";
import { el } from "./dom.js";

// events a seat causes by playing (a bot playing my seat sends these)
const PLAYED = new Set(["HeadingDeclared", "DrivesSet", "GateLockSet", "DiceRolled", "Moved", "PenaltyPaid",
  "MovementEnded", "Bought", "Sold", "Bartered", "FarePickedUp", "FareDelivered", "Jettisoned", "RelicPickedUp",
  "TurnEnded", "TradeOffered", "PawnAttacked", "Blasted", "AttackDeclined"]);

/** Why the rules stopped a ship, in words (``MovementEnded.reason``); null: the player chose. */
function stopWords(d, at, cmd) {
  switch (d.reason) {
    case "cannot_pay": return `Your ship stopped at ${at}: you could not pay the penalty, so you must stop there (6.3).`;
    case "trapped": return `Your ship stopped at ${at}: there is no way on from there (5.22).`;
    case "out_of_mp": return d.landed ? null : `Your MP ran out at ${at}.`;
    case "stopped_on_penalty": return cmd?.type === "StopHere" ? null : `Your ship stopped on the penalty at ${at} (6.3).`;
    default: return null;
  }
}

/** The notices of a seat, kept in ``root`` until dismissed (each with its own "Got it"). */
export class Notices {
  constructor(root, names, who, seat) {
    this.root = root;
    this.names = names;
    this.who = who;
    this.seat = seat;
    this.botLines = [];
  }

  /** Say ``text`` until the player dismisses it; ``key`` keeps one notice per thing. */
  add(text, { key = text, kind = "rules" } = {}) {
    if (this.seat === null) return;
    for (const li of this.root.querySelectorAll(".notice")) if (li.dataset.key === key) li.remove();
    const li = el("li", { class: `notice notice-${kind}`, "data-key": key });
    li.appendChild(el("p", {}, text));
    const ok = el("button", { type: "button", class: "small", "aria-label": `Got it: ${text}` }, "Got it");
    ok.addEventListener("click", () => {
      const next = li.nextElementSibling?.querySelector("button") || li.previousElementSibling?.querySelector("button");
      li.remove();
      this.root.hidden = !this.root.children.length;
      next?.focus();
    });
    li.appendChild(ok);
    this.root.appendChild(li);
    this.root.hidden = false;
  }

  /** After events of the game (``cmd``: the command of mine they answer, if any): say when the
   * rules stopped my ship or ended my turn without my asking. */
  fromEvents(evs, cmd) {
    if (this.seat === null) return;
    const mine = (e) => e.data?.seat === this.seat;
    evs.forEach((ev, i) => {
      if (ev.type !== "MovementEnded" || !mine(ev)) return;
      const at = this.names.dotLabel(ev.data.dot);
      const stop = stopWords(ev.data, at, cmd);
      const ended = evs.slice(i + 1).some((e) => e.type === "TurnEnded" && mine(e)) && ev.data.reason !== "stayed";
      const over = ended && !ev.data.landed
        ? `Your turn is over: the move ended in space at ${at}, and only a City, Spaceport or Asteroid can be landed on (4.4, 6.2).`
        : null;
      const text = [stop, over].filter(Boolean).join(" ");
      if (text) this.add(text, { key: `stop-${ev.seq}` });
    });
  }

  /** Events of my seat that I did not send: a bot (or the turn timer) played for me. */
  playedForMe(evs) {
    if (this.seat === null) return;
    const played = evs.filter((e) => PLAYED.has(e.type) && e.data?.seat === this.seat);
    if (!played.length) return;
    if (!this.root.querySelector('[data-key="bot"]')) this.botLines = [];
    this.botLines.push(...describeLog(played, this.names, this.who).map((l) => l.text));
    const shown = this.botLines.slice(-4);
    const more = this.botLines.length - shown.length;
    const what = more ? ` (its last ${shown.length} of ${this.botLines.length} actions)` : "";
    this.add(`A bot played for you${what}: ${shown.join(" ")}`, { key: "bot", kind: "bot" });
  }

  /** The host let a bot play my seat, or gave it back. */
  seatChanged(wasBot, isBot) {
    if (wasBot === isBot) return;
    this.add(isBot ? "The host let a bot play your seat: it plays your turns until the host gives the seat back to you."
      : "The host gave your seat back: you play your own turns again.", { key: "seat", kind: "bot" });
  }
}
