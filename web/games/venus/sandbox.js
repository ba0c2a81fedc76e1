// The sandbox page: pick a preset scenario and play it, every seat in turn, on the real rules.
import { getJSON, sandbox } from "../../platform/api.js";
import { boardData } from "./api.js";
import { Board, zoomButtons } from "./board.js";
import { renderCombat } from "./combat.js";
import { renderControls, promptWords } from "./controls.js";
import { MARKET_TYPES, renderMarket, renderShip } from "./market.js";
import { describeLog } from "./words.js";
import { Moves } from "./moves.js";
import { Names } from "./names.js";
import { animatePawn, bindDotTooltip, renderPieces, shipLine } from "./pieces.js";
import { keepFocus, useNextActions } from "../../platform/focus.js";
import venus from "./index.js";
import { bindShortcuts } from "../../platform/shortcuts.js";

/** An element of the page by id, used as the kind it is (an input, a button...). */
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const ui = {
  board: $("board"), tip: $("tip"), prompt: $("prompt"), error: $("error"), controls: $("controls"),
  moves: $("moves"), players: $("players"), log: $("log"), select: $("scenario"), form: $("scenario-form"),
  desc: $("scenario-desc"), combat: $("combat"), shipcard: $("shipcard"),
  market: $("market"), // the market panel (the sandbox's and the tutorial's pages have one)
};

const game = {
  id: null, answer: null, edition: null, names: null, board: new Board(ui.board), moves: null,
  plan: null, // the destination being flown to: {dot, end, path, pilot, consumed}
  busy: false,
  guard: null, // (cmd) => a sentence that keeps the command back, or null (the tutorial's steps)
};
window.starport = game; // for the console and the browser tests (starport.send({...}))

function showError(err) {
  ui.error.textContent = err?.message || String(err);
  ui.error.hidden = false;
}

function clearError() { ui.error.hidden = true; ui.error.textContent = ""; }

function who(seat) { return game.answer?.view.players[seat]?.name ?? `Seat ${seat + 1}`; }

function appendLog(entries) {
  for (const { text, kind } of describeLog(entries, game.names, who)) {
    const li = document.createElement("li");
    li.className = `log-${kind}`;
    li.textContent = text;
    ui.log.appendChild(li);
  }
  ui.log.scrollTop = ui.log.scrollHeight;
}

async function ensureBoard(edition) {
  if (game.edition === edition) return;
  const [data] = await Promise.all([boardData(edition), game.board.load(edition)]);
  game.names = new Names(data);
  game.edition = edition;
  if (!game.moves) {
    game.moves = new Moves(game.board, game.names, {
      heading: (dot) => send({ type: "DeclareHeading", dot }),
      destination: (d) => flyTo(d),
      step: (cmd) => { game.plan = null; send(cmd); },
    }, ui.moves);
    bindDotTooltip(game.board, game.names, () => game.answer?.view, ui.tip);
    zoomButtons(game.board, ui.board.parentElement, () => game.answer?.view);
    useNextActions(venus.keyboard);
    bindShortcuts(game.board, venus.keyboard);
  } else {
    game.moves.names = game.names;
  }
}

async function startScenario(file) {
  clearError();
  setBusy(true);
  try {
    const scenario = await getJSON(`/games/venus/scenarios/${file}`);
    await ensureBoard(scenario.edition || "avalon-hill");
    const answer = await sandbox.start("venus", scenario);
    game.id = answer.id;
    game.answer = answer;
    game.plan = null;
    ui.desc.textContent = scenario.description || "";
    ui.log.replaceChildren();
    appendLog(answer.log);
    if (ui.select) history.replaceState(null, "", `#${file.replace(/\.json$/, "")}`);
    game.board.fit();
    render();
    focusActive(true);
    document.dispatchEvent(new CustomEvent("sandbox:start", { detail: { answer } }));
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
  }
}

/** On a small screen, bring the ship whose turn it is into view (at a readable zoom). */
function focusActive(always = false) {
  const v = game.answer?.view;
  if (!v?.turn) return;
  const small = ui.board.clientWidth < 700;
  const dot = game.board.dot(v.players[v.turn.seat].dot);
  if (!dot) return;
  const { x, y, w, h } = game.board.view;
  const inView = dot.x > x + w * 0.1 && dot.x < x + w * 0.9 && dot.y > y + h * 0.1 && dot.y < y + h * 0.9;
  if (small && (always || !inView)) game.board.centreOn(v.players[v.turn.seat].dot, game.board.full.w * 0.45);
}

function setBusy(on) {
  game.busy = on;
  document.body.classList.toggle("is-busy", on);
  game.moves?.setEnabled(!on);
  for (const b of [...ui.controls.querySelectorAll("button"), ...ui.combat.querySelectorAll("button")]) b.disabled = on || b.dataset.off === "1";
}

function render() {
  const a = game.answer;
  if (!a) return;
  renderPieces(game.board, game.names, a.view);
  game.moves.render(a);
  renderControls(ui.controls, a, game.names, send, game.plan, ui.market ? { skip: MARKET_TYPES } : {});
  if (ui.market) renderMarket(ui.market, a, game.names, send);
  renderCombat(ui.combat, a, game.names, send, who);
  renderShip(ui.shipcard, a.seat >= 0 ? a.view.players[a.seat] : null, { legal: [] }, game.names, send);
  ui.shipcard.querySelector("h3")?.replaceChildren(`${who(a.seat) === "You" ? "Your" : `${who(a.seat)}'s`} ship: ${game.names.data.ships?.[a.view.players[a.seat]?.ship]?.name ?? ""}`);
  for (const b of ui.controls.querySelectorAll("button")) if (b.disabled) b.dataset.off = "1";
  ui.prompt.textContent = promptWords(a, game.names, game.plan);
  renderPlayers(a.view);
  document.title = `${a.view.turn ? `${who(a.view.turn.seat) === "You" ? "Your" : `${who(a.view.turn.seat)}'s`} turn — ` : ""}Sandbox — Starport`;
}

function renderPlayers(view) {
  ui.players.replaceChildren();
  for (const p of view.players) {
    const li = document.createElement("li");
    li.className = `player${view.turn?.seat === p.seat ? " active" : ""}`;
    const chip = document.createElement("span");
    chip.className = "chip";
    chip.style.background = game.names.playerColor(p);
    chip.setAttribute("aria-hidden", "true");
    const name = document.createElement("strong");
    name.textContent = game.names.playerLabel(p);
    const money = document.createElement("span");
    money.className = "money";
    money.textContent = `${p.cash} cash · NW ${p.net_worth}`;
    const ship = document.createElement("span");
    ship.className = "ship";
    const deeds = p.deeds?.length ? ` · deeds: ${p.deeds.map((d) => game.names.deedName(d)).join(", ")}` : "";
    ship.textContent = `${shipLine(p)}${deeds} · at ${game.names.dotLabel(p.dot)}`;
    li.append(chip, name, money, ship);
    if (view.turn?.seat === p.seat) li.setAttribute("aria-current", "true");
    ui.players.appendChild(li);
  }
}

/** Play one command; animate the moves it made; keep flying to the chosen destination. */
async function send(cmd) {
  if (game.busy || !game.id) return;
  const held = game.guard?.(cmd);
  if (held) { showError(held); return; }
  clearError();
  setBusy(true);
  let next;
  try {
    next = await sandbox.command("venus", game.id, cmd);
  } catch (err) {
    showError(err);
    if (cmd.type === "MoveAlong") game.plan = null;
    setBusy(false);
    render();
    return;
  }
  const moved = next.log.filter((e) => e.type === "Moved");
  if (moved.length) {
    const seat = moved[0].data.seat;
    await animatePawn(game.board, seat, moved.flatMap((e) => [...e.data.skipped, e.data.to]));
  }
  game.answer = next;
  appendLog(next.log);
  const goOn = followPlan(cmd, moved);
  const turnChanged = next.log.some((e) => e.type === "TurnStarted");
  setBusy(false);
  render();
  if (turnChanged) focusActive();
  document.dispatchEvent(new CustomEvent("sandbox:answer", { detail: { cmd, answer: next } }));
  if (goOn) { await send(goOn); return; }
  // a question the rules ask now takes the keyboard, else a focus lost goes to the next action
  keepFocus({ urgent: true });
}

function flyTo(dest) {
  game.plan = { ...dest, consumed: 0 };
  send({ type: "MoveAlong", path: dest.path, pilot: dest.pilot, land: dest.end === "land" });
}

/** After an answer: the next MoveAlong towards the chosen destination, if it goes on now. */
function followPlan(cmd, moved) {
  const plan = game.plan;
  if (!plan) return null;
  const { view, legal } = game.answer;
  const turn = view.turn;
  plan.consumed += moved.reduce((n, e) => n + e.data.skipped.length + 1, 0);
  if (!turn || !["move", "pay_or_stop"].includes(turn.phase)) { game.plan = null; return null; }
  const here = view.players[turn.seat].dot;
  if (plan.path[plan.consumed - 1] !== here) {
    const at = plan.path.lastIndexOf(here);
    if (at < 0) { game.plan = null; return null; }
    plan.consumed = at + 1;
  }
  const rest = plan.path.slice(plan.consumed);
  if (!rest.length) { game.plan = null; return null; }
  if (turn.phase !== "move") return null; // pay or stop: asked in the panel
  const needsPilot = turn.pilot === null && legal.some((c) => c.type === "ChoosePilotNumber")
    && !legal.some((c) => c.type === "MoveTo" && c.pilot === null && c.dot === rest[0]);
  const pilot = turn.pilot === null ? plan.pilot : null;
  if (needsPilot && pilot === null) return null; // the player chooses; then we go on
  if (cmd.type === "MoveAlong" && !moved.length) { game.plan = null; return null; } // no progress
  return { type: "MoveAlong", path: rest, pilot, land: plan.end === "land" };
}

game.send = (cmd) => send(cmd);

async function init() {
  const fixed = document.body.dataset.scenario; // a page made for one scenario (the tutorial)
  if (fixed) { await startScenario(fixed); return; }
  ui.form.addEventListener("submit", (e) => { e.preventDefault(); startScenario(ui.select.value); });
  try {
    const presets = await getJSON("/games/venus/scenarios/index.json");
    for (const p of presets) {
      const o = document.createElement("option");
      o.value = p.file;
      o.textContent = p.name;
      ui.select.appendChild(o);
    }
    const wanted = `${location.hash.slice(1)}.json`;
    if (presets.some((p) => p.file === wanted)) ui.select.value = wanted;
    await startScenario(ui.select.value);
  } catch (err) {
    showError(err);
  }
}

init();
