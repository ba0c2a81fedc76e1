// Hints for learners (docs/players.md, "Bot levels and hints"): where the host turned hints on
// (the lobby's ``hints``), everyone at the table reads that they are on, and a seat whose turn
// it is may ask "What would a strong player do?" (``POST /api/tables/<id>/hint``, the game's
// strongest bot thinking from that seat's view only). The answer is the move in the game's
// words (its ``commandWords``) and the bot's one-line reason; it stays until the game moves.
// Game-agnostic: drawn into ``#hint`` of the turn panel.
import { el } from "./dom.js";

/** What this page asked and was told, by seq: the last one only. */
let told = null; // {seq, text, reason} or {seq, error}
let asking = null; // the seq being asked about

/**
 * The hint box, drawn into ``slot``: ``lobby`` (its ``hints``), ``seq`` (the view's),
 * ``mine`` (the game waits for this link's seat), ``seat`` (null: host or spectator),
 * ``replaying``, ``ask(seq)`` (the API call: ``{command, reason}``), ``words(cmd)`` (the
 * game's words for a command) and ``redraw()`` (draw again once the answer came).
 */
export function renderHint(slot, { lobby, seq, mine, seat, replaying, ask, words, redraw }) {
  if (!slot) return;
  const on = !!lobby?.hints && lobby.status === "playing";
  slot.hidden = !on;
  if (!on) { slot.replaceChildren(); return; }
  if (told && told.seq !== seq) told = null;
  const key = `${seq}|${mine && !replaying && seat !== null}|${asking === seq}|${told ? told.text || told.error : ""}`;
  if (slot.dataset.key === key) return; // nothing new: the button keeps its focus
  slot.dataset.key = key;
  const parts = [el("p", { class: "hint-on" }, "Hints are on at this table.")];
  if (seat !== null && mine && !replaying) {
    const button = el("button", { type: "button", id: "hint-btn", class: "hint-btn" }, "What would a strong player do?");
    button.disabled = asking === seq;
    button.addEventListener("click", async () => {
      asking = seq;
      redraw();
      try {
        const answer = await ask(seq);
        told = { seq, text: words(answer.command), reason: answer.reason };
      } catch (err) {
        told = { seq, error: err?.message || String(err) };
      } finally {
        asking = null;
        redraw();
      }
    });
    parts.push(button);
    if (asking === seq) parts.push(el("p", { class: "hint-answer", role: "status" }, "Thinking…"));
    else if (told?.error) parts.push(el("p", { class: "hint-answer error", role: "status" }, told.error));
    else if (told) {
      const answer = el("p", { class: "hint-answer", role: "status", id: "hint-answer" }, "A strong player would: ");
      answer.append(el("strong", {}, told.text));
      if (told.reason) answer.append(el("br"), el("small", { class: "hint-reason" }, told.reason));
      parts.push(answer);
    }
  }
  slot.replaceChildren(...parts);
}
