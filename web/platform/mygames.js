// "My games": every table this browser holds a link to (a seat, the host, a spectator), on
// the start page, with whose turn it is and how long it has waited; "your turn" first. The
// links live in this browser (localStorage); ONE request (POST /api/mygames) answers the
// status of all of them. A link that no longer works says so and can be removed. Each game is
// named by its title among the installed games (``GET /api/games``).
// On every device: a personal link (``/#my-games=<token>``, server/gamelists.py) keeps the
// list on the server too; each browser holding it sends what it got or removed (queued here
// until the server has it) and takes the whole list back (``syncList``). The share box is
// mylink.js's.
import { postJSON, request } from "./api.js";
import { installedGames } from "./games.js";
import { learnServerTime, myGameClock } from "./clocks.js";
import { mountShare } from "./mylink.js";

const KEY = "starport:mine";
const LIST_KEY = "starport:mine:list"; // the personal link's token, when this browser has one
const OPS_KEY = "starport:mine:ops"; // {add, remove}: changes the server does not have yet
const GONE_KEY = "starport:mine:gone"; // the personal link stopped working (replaced elsewhere)
export const FRAGMENT = "#my-games=";
const MAX = 100; // the server answers at most this many links in one request
const REFRESH_MS = 30_000;

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((l) => l && typeof l.table === "string" && typeof l.token === "string") : [];
  } catch { return []; }
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); } catch { /* private mode */ }
}

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch { /* private mode */ }
}

/** The token of this browser's personal link (null: My games lives in this browser only). */
export function listToken() { return stored(LIST_KEY); }

/** Whether this browser's personal link stopped working (a new one was made elsewhere). */
export function listGone() { return stored(GONE_KEY) === "1"; }

function pending() {
  try {
    const ops = JSON.parse(stored(OPS_KEY) || "null");
    return { add: Array.isArray(ops?.add) ? ops.add : [], remove: Array.isArray(ops?.remove) ? ops.remove : [] };
  } catch { return { add: [], remove: [] }; }
}

/** Queue a change for the server (only while this browser has a personal link). */
function queue({ add = [], remove = [] }) {
  if (!listToken()) return;
  const ops = pending();
  const tokens = new Set([...add.map((l) => l.token), ...remove]);
  ops.add = [...ops.add.filter((l) => !tokens.has(l.token)), ...add].slice(-MAX);
  ops.remove = [...ops.remove.filter((t) => !tokens.has(t)), ...remove].slice(-MAX);
  store(OPS_KEY, JSON.stringify(ops));
  syncSoon();
}

/** Entries as the server takes them (``gamelists.ListedGame``). */
const listed = (l) => ({ table: l.table, token: l.token, role: l.role ?? null, seat: l.seat ?? null, at: Math.max(0, Math.round(l.at || 0)) });

let syncing = null;
let again = false;

/** Send the queued changes and take the list back (null without a personal link). A link
 * replaced elsewhere (404) is dropped, with ``listGone()``; this browser keeps its list. */
export async function syncList() {
  if (syncing) { again = true; return syncing; }
  syncing = (async () => {
    const token = listToken();
    if (!token) return null;
    const sent = pending();
    let answer;
    try {
      answer = await request("POST", "/api/gamelists/sync", { add: sent.add.map(listed), remove: sent.remove }, { "X-Starport-List": token });
    } catch (err) {
      if (err.status === 404 && listToken() === token) { store(LIST_KEY, null); store(OPS_KEY, null); store(GONE_KEY, "1"); }
      throw err;
    }
    if (listToken() !== token) return null; // another link was opened meanwhile
    // what was queued while this was on its way stays queued, and shows here already
    const ops = pending();
    const was = (l) => sent.add.some((s) => s.token === l.token && s.at === l.at);
    ops.add = ops.add.filter((l) => !was(l));
    ops.remove = ops.remove.filter((t) => !sent.remove.includes(t));
    store(OPS_KEY, ops.add.length || ops.remove.length ? JSON.stringify(ops) : null);
    const gone = new Set(ops.remove);
    const added = new Set(ops.add.map((l) => l.token));
    save([...ops.add, ...answer.games.filter((l) => !gone.has(l.token) && !added.has(l.token))]);
    return answer.games;
  })();
  try { return await syncing; } finally {
    syncing = null;
    if (again) { again = false; syncSoon(); }
  }
}

function syncSoon() { syncList().catch(() => { /* kept queued: the next sync sends it */ }); }

/** Keep this browser's list under a personal link: the one opened here (``queueAll``: its
 * games and this browser's together), or one just made from this list. */
export function useList(token, queueAll = true) {
  store(LIST_KEY, token);
  store(GONE_KEY, null);
  store(OPS_KEY, queueAll ? JSON.stringify({ add: load().map(listed), remove: [] }) : null);
}

/** Stop keeping the list on the server here (the server's copy, if any, is the caller's). */
export function dropList() {
  store(LIST_KEY, null);
  store(OPS_KEY, null);
  store(GONE_KEY, null);
}

/** A personal link in this page's address (``/#my-games=<token>``): this browser takes it, and
 * the address bar no longer shows it. */
function adoptFromAddress() {
  if (!location.hash.startsWith(FRAGMENT)) return false;
  const token = location.hash.slice(FRAGMENT.length);
  history.replaceState(null, "", location.pathname + location.search);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return false;
  useList(token);
  return true;
}

/** Remember a link opened (or created) in this browser: the newest first, once per token. */
export function rememberGame(table, token, role = null, seat = null) {
  if (!table || !token) return;
  const list = load().filter((l) => l.token !== token);
  const entry = { table, token, role, seat, at: Date.now() };
  list.unshift(entry);
  save(list);
  queue({ add: [listed(entry)] });
}

/** Forget a link (the game leaves "My games", on every device of its personal link; the link
 * itself still works). */
export function forgetGame(token) {
  save(load().filter((l) => l.token !== token));
  queue({ remove: [token] });
}

export function savedGames() { return load(); }

/** The status of every saved link, in one request; each answer beside its link. */
export async function gameStatuses(list = load()) {
  if (!list.length) return [];
  const answer = await postJSON("/api/mygames", { tokens: list.map((l) => l.token) });
  learnServerTime(answer.now); // the games' clocks tick on the server's time (clocks.js)
  return list.map((link, i) => ({ link, game: answer.games[i] || { known: false } }));
}

/** "3 min", "2 h 5 min", "4 days" */
export function waitedWords(seconds) {
  const s = Math.max(0, Math.round(seconds || 0));
  if (s < 60) return "less than a minute";
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h${m % 60 ? ` ${m % 60} min` : ""}`;
  return `${Math.floor(h / 24)} days`;
}

const RANK = { turn: 0, playing: 1, lobby: 2, done: 3, gone: 4 };

function kind(game) {
  if (!game.known) return "gone";
  if (game.your_turn) return "turn";
  if (game.status === "playing") return "playing";
  if (game.status === "lobby") return "lobby";
  return "done";
}

/** "Your turn" first (the longest wait first), then the games going on, the lobbies, the rest. */
export function ordered(rows) {
  return [...rows].sort((a, b) => (RANK[kind(a.game)] - RANK[kind(b.game)])
    || ((b.game.waited || 0) - (a.game.waited || 0)) || ((b.link.at || 0) - (a.link.at || 0)));
}

function roleWords(game) {
  if (game.role === "host") return "host";
  if (game.role === "spectator") return "watching";
  const name = game.players?.[game.seat];
  return `seat ${game.seat + 1}${name ? ` · ${name}` : ""}`;
}

function stateWords(game) {
  switch (kind(game)) {
    case "turn": return { text: "Your turn", cls: "turn" };
    case "playing": return { text: game.waiting_names.length ? `Waiting for ${game.waiting_names.join(", ")}` : "Playing", cls: "playing" };
    case "lobby": return { text: "In the lobby", cls: "lobby" };
    case "done": return { text: game.status === "over" ? "Finished" : game.status === "replay" ? "Replay" : "Ended", cls: "done" };
    default: return { text: "This link no longer works", cls: "gone" };
  }
}

/** The installed games' titles by ruleset id (none known: the ids are shown). */
export async function gameTitles() {
  try {
    return Object.fromEntries((await installedGames()).map((g) => [g.id, g.title]));
  } catch {
    return {};
  }
}

/** Draw the list into ``section`` (its ``ul.mygames`` list and ``.mygames-empty`` line);
 * ``titles`` names each ruleset id. */
export function renderGames(section, rows, onRemove, titles = {}) {
  const ul = section.querySelector("ul.mygames");
  ul.replaceChildren();
  section.querySelector(".mygames-empty").hidden = rows.length > 0;
  for (const { link, game } of ordered(rows)) {
    const li = document.createElement("li");
    const k = kind(game);
    li.className = `mygame mygame-${k}`;
    li.dataset.table = link.table;
    const main = document.createElement(game.known ? "a" : "span");
    main.className = "mygame-open";
    if (game.known) /** @type {HTMLAnchorElement} */ (main).href = `/t/${encodeURIComponent(link.table)}#${link.token}`;
    const title = document.createElement("strong");
    title.className = "mygame-name";
    title.textContent = game.known ? game.name : "Unknown table";
    const sub = document.createElement("span");
    sub.className = "mygame-sub";
    sub.textContent = game.known ? `${titles[game.ruleset] || game.ruleset} · ${roleWords(game)}` : "revoked, or the table is gone";
    const state = stateWords(game);
    const badge = document.createElement("span");
    badge.className = `mygame-state ${state.cls}`;
    badge.textContent = state.text;
    main.append(title, sub, badge);
    if (game.waited !== null && game.waited !== undefined && (k === "turn" || k === "playing")) {
      const waited = document.createElement("span");
      waited.className = "mygame-waited";
      waited.textContent = `waiting ${waitedWords(game.waited)}`;
      main.appendChild(waited);
    }
    const clock = myGameClock(game); // its time left, ticking (clocks.js)
    if (clock) main.appendChild(clock);
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "mygame-remove";
    remove.textContent = "✕";
    remove.title = "Remove from My games (the link itself still works)";
    remove.setAttribute("aria-label", `Remove ${game.known ? game.name : "this unknown table"} from My games`);
    remove.addEventListener("click", () => onRemove(link));
    li.append(main, remove);
    ul.appendChild(li);
  }
}

/** The section's elements, made once in ``parent`` (the start page), before its create form. */
export function myGamesSection(parent) {
  let section = parent.querySelector("#mygames");
  if (section) return section;
  section = document.createElement("section");
  section.id = "mygames";
  section.className = "card mygames-card";
  section.setAttribute("aria-labelledby", "mygames-title");
  const h = document.createElement("h2");
  h.id = "mygames-title";
  h.textContent = "My games";
  const empty = document.createElement("p");
  empty.className = "hint mygames-empty";
  empty.textContent = "No games yet in this browser: the tables you create or join show here.";
  const err = document.createElement("p");
  err.className = "error mygames-error";
  err.setAttribute("role", "alert");
  err.hidden = true;
  const ul = document.createElement("ul");
  ul.className = "mygames";
  section.append(h, empty, err, ul);
  const form = parent.querySelector("#create");
  if (form) parent.insertBefore(section, form); else parent.prepend(section);
  return section;
}

/** The "My games" section of the start page: drawn now, kept fresh while the page is shown;
 * its box "On your other devices" (mylink.js) under the list. */
export function showMyGames(parent) {
  const section = myGamesSection(parent);
  let opened = adoptFromAddress();
  let timer = null;
  let share = null;
  const refresh = async () => {
    section.hidden = false;
    const err = section.querySelector(".mygames-error");
    try {
      if (listToken()) {
        let failed = null;
        try { await syncList(); } catch (e) { failed = e; }
        share?.synced(failed, opened);
        opened = false;
      }
      const list = load();
      const [rows, titles] = await Promise.all([gameStatuses(list), gameTitles()]);
      err.hidden = true;
      renderGames(section, rows, (link) => { forgetGame(link.token); refresh(); }, titles);
      const turns = rows.filter((r) => r.game.your_turn).length;
      document.title = `${turns ? `(${turns}) ` : ""}${document.title.replace(/^\(\d+\) /, "")}`;
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    }
  };
  const schedule = () => {
    clearInterval(timer);
    timer = document.visibilityState === "visible" ? setInterval(refresh, REFRESH_MS) : null;
  };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); schedule(); });
  window.addEventListener("storage", (e) => { if (e.key === KEY) refresh(); }); // another tab
  window.addEventListener("hashchange", () => { if (adoptFromAddress()) { opened = true; refresh(); } });
  share = mountShare(section, {
    token: listToken, gone: listGone, use: useList, drop: dropList, refresh,
    games: () => load().map(listed),
  });
  schedule();
  return refresh();
}
