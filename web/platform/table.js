// A table's page: trade the link's token for the table's cookie, then the lobby (who has
// joined, name and race, the host's tools) until the game starts, then the game.
import { TableApi } from "./api.js";
import { gameFor } from "./games.js";
import { Live } from "./live.js";
import { copyButton, linksOf } from "./links.js";
import { rememberGame } from "./mygames.js";
import { applyPresence, presenceBadge } from "./presence.js";
import { useRuleset } from "./rulelinks.js";
import { seatLinkTools } from "./seatlinks.js";
import { learnServerTime, timePerMoveWords } from "./clocks.js";

/** An element of the page by id, used as the kind it is (an input, a button...). */
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const TOKEN_KEY = (id) => `starport:token:${id}`;

export async function openTable(tableId) {
  import("./game.js").catch(() => { /* reported when the game opens */ }); // loads while the API answers
  const fragment = location.hash.slice(1);
  if (fragment) {
    try { sessionStorage.setItem(TOKEN_KEY(tableId), fragment); } catch { /* private mode */ }
    history.replaceState(null, "", location.pathname + location.search); // the secret leaves the address bar
  }
  // another link of this table pasted into the address bar (only the fragment changes: no
  // new page load by itself): open it as a fresh page
  window.addEventListener("hashchange", () => { if (location.hash.length > 1) location.reload(); });
  let token = fragment || null;
  try { token = token || sessionStorage.getItem(TOKEN_KEY(tableId)); } catch { /* private mode */ }
  const api = new TableApi(tableId, token);
  let me;
  let lobby;
  try {
    if (token) await api.session(); // the HttpOnly cookie: later visits need no fragment
    [me, lobby] = await Promise.all([api.me(), api.lobby()]);
    learnServerTime(lobby.now); // the clocks tick on the server's time (clocks.js)
  } catch (err) {
    return fatal(err.status === 401
      ? "This link is not valid (any more). Ask the host for a new one."
      : err.message);
  }
  if (token) rememberGame(tableId, token, me.role, me.seat); // "My games" on the start page
  const ctx = { api, me, lobby, token, module: null, names: null, game: null, live: null, data: null, buffer: [], chatBuffer: [] };
  window.starport = ctx; // for the console and the browser tests
  try {
    useRuleset(lobby.ruleset); // rule links and help links follow the table's game
    ctx.module = await gameFor(lobby.ruleset); // the game's views (web/platform/games.js)
    ctx.names = await ctx.module.loadNames(lobby);
  } catch (err) {
    return fatal(err.message);
  }
  ctx.data = ctx.names.data;

  ctx.live = new Live(tableId, token, {
    status: (state, detail) => {
      ctx.game?.connection(state, detail);
      lobbyConnection(state, detail);
    },
    table: (t) => {
      learnServerTime(t.now);
      const was = ctx.lobby.status;
      ctx.lobby = t;
      if (was === "lobby" && t.status !== "lobby") openGame(ctx);
      else if (ctx.game) ctx.game.tableChanged(t);
      else renderLobby(ctx);
    },
    events: (evs) => { if (ctx.game) ctx.game.takeEvents(evs); else ctx.buffer.push(...evs); },
    yourTurn: (msg) => ctx.game?.yourTurn(msg),
    chat: (m) => { if (ctx.game) ctx.game.chat(m); else ctx.chatBuffer.push(m); },
    reset: () => ctx.game?.reset(),
    hello: (msg) => {
      learnServerTime(msg.table?.now);
      if (msg.table) presence(ctx, msg.table.seats.filter((s) => s.online).map((s) => s.seat));
      ctx.game?.hello(msg);
    },
    presence: (online) => presence(ctx, online),
    view: (answer) => ctx.game?.takeView(answer),
  }, { view: true });

  if (lobby.status === "lobby") {
    renderLobby(ctx);
    ctx.live.start(0, 0);
  } else {
    await openGame(ctx);
  }
}

function openGame(ctx) {
  ctx.opening = ctx.opening || (async () => {
    $("lobby").hidden = true;
    const { Game } = await import("./game.js");
    ctx.game = new Game(ctx);
    await ctx.game.open();
  })();
  return ctx.opening;
}

/** Who is here changed (a tab opened or closed): the lobby or the game's players say so. */
function presence(ctx, online) {
  ctx.lobby = applyPresence(ctx.lobby, online, ctx.me.role === "seat" ? ctx.me.seat : null);
  if (ctx.game) ctx.game.presenceChanged?.();
  else if (!$("lobby").hidden) renderLobby(ctx);
}

function fatal(text) {
  for (const p of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".page"))) p.hidden = true;
  $("fatal").hidden = false;
  $("fatal-text").textContent = text;
  document.title = "Starport";
}

function lobbyConnection(state, detail) {
  const err = $("lobby-error");
  if (state === "open" && err.dataset.kind === "connection") err.hidden = true; // reached again
  const el = $("lobby-conn");
  el.textContent = state === "open" ? "● connected" : state === "refused" ? `✕ ${detail}` : state === "offline" ? "○ reconnecting…" : "…";
  el.className = `conn conn-${state}`;
  el.title = detail || "";
}

function showError(err) {
  const e = $("lobby-error");
  e.textContent = err?.message || String(err);
  e.dataset.kind = err?.code === "unreachable" ? "connection" : ""; // goes when the connection is back
  e.hidden = false;
}

let joinWired = false;

/** What the chosen seat choice does (``GameNames.choiceHelp``, when the game has words for
 * it), and every choice's under a "What each does" disclosure. */
function choiceHelp(form, sel, choices, names, title) {
  const wasOpen = !!form.querySelector("#join-choices")?.open; // a lobby change redraws it
  form.querySelector("#join-choice-help")?.remove();
  form.querySelector("#join-choices")?.remove();
  if (!names.choiceHelp || !choices.length) return;
  const help = document.createElement("p");
  help.id = "join-choice-help";
  help.className = "hint";
  help.setAttribute("aria-live", "polite");
  const say = () => { help.textContent = sel.value ? `${names.choiceName(sel.value)}: ${names.choiceHelp(sel.value)}` : `Choose one to read what it does, or let it be drawn.`; };
  sel.onchange = say;
  say();
  const all = document.createElement("details");
  all.id = "join-choices";
  const summary = document.createElement("summary");
  summary.textContent = `What each ${String(title).toLowerCase()} does`;
  const dl = document.createElement("dl");
  for (const c of choices) {
    const dt = document.createElement("dt");
    dt.textContent = names.choiceLabel(c);
    const dd = document.createElement("dd");
    dd.textContent = names.choiceHelp(c);
    dl.append(dt, dd);
  }
  all.append(summary, dl);
  all.open = wasOpen;
  form.querySelector("#join-btn").before(help, all);
}

export function renderLobby(ctx) {
  const { lobby, me, names, api } = ctx;
  $("lobby").hidden = false;
  $("lobby-name").textContent = lobby.name;
  $("lobby-title").textContent = `${lobby.name} · lobby`;
  // the game's options, and the table's time per move (clocks.js)
  $("lobby-options").textContent = [ctx.module.optionWords(lobby), timePerMoveWords(lobby.turn_timer)].filter(Boolean).join(" · ");
  document.title = `${lobby.name} — lobby — Starport`;
  const taken = new Map(lobby.seats.filter((s) => s.choice).map((s) => [s.choice, s.seat]));
  const links = me.role === "host" ? linksOf(lobby.table_id) : null;

  // seats
  const ul = $("seats");
  ul.replaceChildren();
  for (const s of lobby.seats) {
    const li = document.createElement("li");
    li.className = `seat${s.seat === me.seat && me.role === "seat" ? " mine" : ""}`;
    li.dataset.seat = s.seat;
    const chip = document.createElement("span");
    chip.className = "chip";
    chip.style.background = names.choiceColor(s.seat, s.choice);
    chip.setAttribute("aria-hidden", "true");
    const who = document.createElement("span");
    who.className = "seat-who";
    const race = s.choice ? ` — ${names.choiceName(s.choice)}` : "";
    // a bot's seat reads its name ("Bot 3"; a player's name when a bot stands in): the tag says "bot"
    who.textContent = `Seat ${s.seat + 1}: ${s.bot ? s.name || `Bot ${s.seat + 1}` : s.name || "waiting for a player"}${race}`;
    const state = s.joined && !s.bot ? presenceBadge(s) : document.createElement("span");
    if (!s.joined || s.bot) {
      state.className = `seat-state ${s.bot ? "bot" : "waiting"}`;
      state.textContent = s.bot ? `${s.bot_kind ? `${s.bot_kind} ` : ""}bot` : "not joined";
    }
    li.append(chip, who, state);
    if (me.role === "seat" && s.seat === me.seat) {
      const you = document.createElement("span");
      you.className = "you-tag";
      you.textContent = "you";
      li.appendChild(you);
    }
    if (me.role === "host") {
      const tools = document.createElement("span");
      tools.className = "seat-tools";
      const link = links?.seats?.[s.seat];
      if (link && !s.joined && !s.bot) {
        const play = document.createElement("a");
        play.className = "button";
        play.href = link.url;
        play.target = "_blank";
        play.rel = "noopener";
        play.textContent = "Play it";
        play.title = `Play seat ${s.seat + 1} yourself (opens its link in a new tab)`;
        tools.appendChild(play);
      }
      const bot = document.createElement("button");
      bot.type = "button";
      bot.textContent = s.bot ? "Stop the bot" : "Bot plays";
      bot.title = s.bot ? `A bot plays seat ${s.seat + 1}: stop it, and a player joins with the seat's link` : `Let a bot play seat ${s.seat + 1}`;
      bot.addEventListener("click", async () => {
        try { ctx.lobby = await api.bot(s.seat, !s.bot); renderLobby(ctx); } catch (err) { showError(err); }
      });
      tools.append(bot, seatLinkTools(api, lobby.table_id, s.seat, { where: () => li, fail: showError }));
      li.appendChild(tools);
    }
    ul.appendChild(li);
  }
  if (me.role === "host" && links?.spectator) {
    const li = document.createElement("li");
    li.className = "seat spectator";
    const t = document.createElement("span");
    t.className = "seat-who";
    t.textContent = "Spectators: watch with the spectator link";
    li.append(document.createElement("span"), t, document.createElement("span"), copyButton(links.spectator.url, "Copy the spectator link"));
    ul.appendChild(li);
  }

  // joining (a seat link)
  const form = $("join");
  form.hidden = me.role !== "seat";
  if (me.role === "seat") {
    const mine = lobby.seats[me.seat];
    $("join-choice-title").textContent = ctx.module.choiceTitle; // the game's seat choice
    const sel = /** @type {HTMLSelectElement} */ ($("join-race"));
    // a game whose seats choose nothing (no lobby choices) shows no empty select
    /** @type {HTMLElement} */ (sel.closest("label")).hidden = !lobby.choices.length;
    const current = sel.value || mine.choice || "";
    sel.replaceChildren();
    const any = document.createElement("option");
    any.value = "";
    any.textContent = "Any (drawn at the start)";
    sel.appendChild(any);
    for (const c of lobby.choices) {
      const o = document.createElement("option");
      o.value = c;
      const by = taken.get(c);
      o.textContent = `${names.choiceLabel(c)}${by !== undefined && by !== me.seat ? " — taken" : ""}`;
      o.disabled = by !== undefined && by !== me.seat;
      sel.appendChild(o);
    }
    sel.value = mine.choice || current;
    choiceHelp(form, sel, lobby.choices, names, ctx.module.choiceTitle);
    if (!$("join-name").value) $("join-name").value = mine.name || "";
    $("join-btn").textContent = mine.joined ? "Update" : "Join the table";
    if (!joinWired) {
      joinWired = true;
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        $("lobby-error").hidden = true;
        try {
          ctx.lobby = await api.join($("join-name").value.trim(), $("join-race").value || null);
          renderLobby(ctx);
          $("join-btn").focus();
        } catch (err) { showError(err); }
      });
    }
  }

  // the host starts
  const tools = $("host-tools");
  tools.hidden = me.role !== "host";
  $("lobby-wait").hidden = me.role === "host";
  if (me.role === "host") {
    const missing = lobby.seats.filter((s) => !s.bot && !s.joined).map((s) => s.seat + 1);
    const start = $("start-btn");
    start.disabled = missing.length > 0;
    $("start-hint").textContent = missing.length
      ? `Waiting for seat${missing.length > 1 ? "s" : ""} ${missing.join(", ")} to join (or let a bot play).`
      : "Everyone is here.";
    start.onclick = async () => {
      start.disabled = true;
      try { ctx.lobby = await ctx.api.start(); await openGame(ctx); } catch (err) { showError(err); start.disabled = false; }
    };
  }
}
