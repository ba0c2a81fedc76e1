// Questions and choices that read as what they are, not as buttons in words: a Reward card
// drawn with a trade-in icon ("Rewards": keep it, or take its credits the moment it is drawn;
// the card then lies beside the board, for sale at Galactic Base); pilot training (the card
// trained to and its cost); the Data Probe (two systems to look at, then the switch). Each returns the commands it drew, so the generic list
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
  box.append(el("p", { class: "hint" }, `${now.name} now: level ${now.level}, skill ${now.skill}. Training is possible here this turn, in the First Contact and Transaction phases (Upgrading Pilots).`));
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

const PROBE = "Appendix B > Data Probe";
/** The systems the player picked in the Data Probe's lists (select id -> system), kept so a
 * drawing of the page while she picks (a push, the drawing after a pause) does not undo them. */
let probePicked = {};

/** "Appendix B > Data Probe", in the Set Speed step: two face-down systems picked from two
 * lists, then "Look" (the cards are told to this seat only; they may then be switched). */
function renderProbe(root, legal, names, send) {
  const cmds = legal.filter((c) => c.type === "UseDataProbe");
  if (!cmds.length) return [];
  const systems = [...new Set(cmds.flatMap((c) => c.systems))];
  const box = el("div", { class: "vs-question vs-probe", role: "group", "aria-label": "Data Probe" });
  box.append(el("h4", {}, "Data Probe"));
  box.append(el("p", { class: "hint" }, `Look in secret at the face-down First Contact cards of two systems; you may then switch them. The probe goes back to its supply area (${PROBE}).`));
  const pick = (id, at) => {
    const s = el("select", { id, "aria-label": at === 0 ? "First system" : "Second system" });
    for (const sys of systems) s.append(el("option", { value: sys }, names.system(sys)));
    s.selectedIndex = Math.min(at, systems.length - 1);
    if (systems.includes(probePicked[id])) s.value = probePicked[id];
    return s;
  };
  const [a, b] = [pick("vs-probe-a", 0), pick("vs-probe-b", 1)];
  const look = el("button", { type: "button", id: "vs-probe-look" }, "Look at both cards");
  const chosen = () => cmds.find((c) => c.systems.includes(a.value) && c.systems.includes(b.value) && a.value !== b.value);
  const sync = () => { look.disabled = !chosen(); };
  for (const s of [a, b]) s.addEventListener("change", () => { probePicked[s.id] = s.value; sync(); });
  look.addEventListener("click", () => { const c = chosen(); if (c) { probePicked = {}; send(c); } });
  sync();
  const row = el("div", { class: "vs-cmd" });
  row.append(a, el("span", { class: "hint" }, "and"), b, look);
  box.append(row);
  root.append(box);
  return cmds;
}

/** The Data Probe's question: switch the two cards just seen, or leave them; each answer
 * says where each culture ends up when the page saw the cards (``seen``: system -> culture). */
function renderProbeSwap(root, pending, legal, names, send, seen) {
  const cmds = legal.filter((c) => c.type === "SwapFirstContactCards");
  const systems = pending?.prompt === "data_probe_swap" ? pending.detail?.systems || [] : [];
  if (!cmds.length || systems.length !== 2) return [];
  const [a, b] = systems;
  const known = seen && seen[a] && seen[b];
  const of = (sys) => (known ? `the ${names.culture(seen[sys])}` : "its card");
  const box = el("div", { class: "vs-question vs-probe-swap", role: "group", "aria-label": "Data Probe: switch the cards or not" });
  box.append(el("h4", {}, "Data Probe: switch the two cards?"));
  box.append(el("p", { class: "vs-card-text" }, `${names.system(a)}: ${of(a)}. ${names.system(b)}: ${of(b)}.`));
  const row = el("div", { class: "vs-cmd" });
  for (const c of cmds) {
    const label = c.swap ? (known ? `Switch them: ${of(a)} to ${names.system(b)}, ${of(b)} to ${names.system(a)}` : "Switch the two cards")
      : "Leave them where they are";
    row.append(cmdButton(label, c, send, { "aria-label": `${commandWords(c, names)}: ${label}` }));
  }
  box.append(row);
  root.append(box);
  return cmds;
}

/** Draw in ``root`` the questions and choices of ``legal`` that have a form of their own
 * (``seat``: this page's seat; ``seen``: the First Contact cards a Data Probe showed this
 * page); returns the commands drawn. */
export function renderQuestions(root, answer, seat, names, send, seen = null) {
  const legal = answer.legal || [];
  return [
    ...renderTradeIn(root, answer.pending, legal, names, send),
    ...renderProbeSwap(root, answer.pending, legal, names, send, seen),
    ...renderProbe(root, legal, names, send),
    ...renderTraining(root, answer.view, seat, legal, names, send),
  ];
}
