// Questions and choices that read as what they are, not as buttons in words: a Reward card
// drawn with a trade-in icon ("Rewards": keep it, or take its credits the moment it is drawn;
// the card then lies beside the board, for sale at Galactic Base); pilot training (the card
// trained to and its cost). Each returns the commands it drew, so the generic list
// (commands.js) leaves them out.
import { el, cmdButton } from "../../platform/dom.js";
import { money } from "./names.js";
import { commandWords } from "./words.js";

const RESALE = 60; // "available for purchase at Galactic Base for c60" (rewards.py BUY_PRICE)

/** "Rewards": the drawn card (its name and text) and its two answers, each saying what it
 * gives: keep (what the card does) or trade in (its credits; the card goes up for sale). */
function renderTradeIn(root, pending, legal, names, send) {
  const cmds = legal.filter((c) => c.type === "KeepReward");
  const rid = pending?.prompt === "trade_in" ? pending.detail?.card : null;
  if (!cmds.length || !rid) return [];
  const value = Number(pending.detail?.credits || 0);
  const text = names.text(rid);
  const card = el("div", { class: "vs-question vs-reward-offer", role: "group", "aria-label": `Reward card ${names.reward(rid)}: keep it or trade it in`, "data-card": rid });
  card.append(el("h4", {}, `Reward card: ${names.reward(rid)}`));
  if (text) card.append(el("p", { class: "vs-card-text" }, text));
  card.append(el("p", { class: "hint" }, "Decide now: a trade-in is only possible the moment the card is drawn (Rewards)."));
  const row = el("div", { class: "vs-cmd" });
  for (const c of cmds) {
    const label = c.keep ? "Keep the card" : `Trade it in for ${money(value)}`;
    const title = c.keep ? `Keep ${names.reward(rid)} face up in your play area` : `Take ${money(value)}; the card goes beside the board, for sale at Galactic Base for ${money(RESALE)}`;
    row.append(cmdButton(label, c, send, { class: c.keep ? "" : "primary", title, "aria-label": `${commandWords(c, names)}: ${title}` }));
  }
  card.append(row);
  root.append(card);
  return cmds;
}

/** "Pilots > Upgrading Pilots": each face the pilot may train to here, as the card it is (its
 * name, level, skill against the one now, ability, fame) with what it costs. */
function renderTraining(root, view, seat, legal, names, send) {
  const cmds = legal.filter((c) => c.type === "TrainPilot");
  const now = (view?.pilots || []).find((p) => p.seat === seat);
  if (!cmds.length || !now) return [];
  const box = el("div", { class: "vs-question vs-training", role: "group", "aria-label": "Pilot training" });
  box.append(el("h4", {}, `Pilot training: level ${now.level + 1} for ${money(now.train_cost)}`));
  box.append(el("p", { class: "hint" }, `${now.name} now: level ${now.level}, skill ${now.skill}. Training is possible here this turn, in the First Contact and Transaction phases (Pilots > Upgrading Pilots).`));
  for (const c of cmds) {
    const to = (now.trains_to || []).find((f) => f.face === c.face);
    const card = el("div", { class: "vs-train-card", "data-face": c.face });
    if (to) {
      card.append(el("p", { class: "vs-card-text" }, `${to.name}: level ${to.level}, skill ${to.skill}${to.skill !== now.skill ? ` (now ${now.skill})` : ""}${to.fame ? `, ${to.fame} fame` : ""}.`));
      if (to.ability && to.ability !== "none") card.append(el("p", { class: "hint" }, to.ability_text));
    }
    const label = `Train to ${to ? to.name : names.pilot(c.face)} for ${money(now.train_cost)}`;
    card.append(cmdButton(label, c, send, { "aria-label": label }));
    box.append(card);
  }
  root.append(box);
  return cmds;
}

/** Draw in ``root`` the questions and choices of ``legal`` that have a form of their own
 * (``seat``: this page's seat); returns the commands drawn. */
export function renderQuestions(root, answer, seat, names, send) {
  const legal = answer.legal || [];
  return [
    ...renderTradeIn(root, answer.pending, legal, names, send),
    ...renderTraining(root, answer.view, seat, legal, names, send),
  ];
}
