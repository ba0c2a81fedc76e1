// The start page: create a table (edition, length, optional rules, seats, bots) and hand out
// the invite links; the cluster map below.
import { createTable } from "./api.js";
import { Board, zoomButtons } from "../games/venus/board.js";
import { copyButton, rememberLinks } from "./links.js";
import { rememberGame, showMyGames } from "./mygames.js";
import { botSeats, rulesetInfo, schemaOptions, tableSettings } from "./tablesettings.js";

const $ = (id) => document.getElementById(id);
const SEATS = { "avalon-hill": 6, "classic-2012": 4 };
// the options this form draws itself; any other the server's schema names is drawn from it
const DRAWN = ["edition", "game_length", "small_bank", "combat", "rastur", "solitaire", "fast_play", "races"];

export function openHome() {
  $("home").hidden = false;
  document.title = "Starport — Merchant of Venus";
  const form = $("create");
  const board = new Board($("home-board"));
  let toolbar = null;
  const edition = () => form.querySelector('input[name="edition"]:checked').value;

  const fillSeats = () => {
    const max = SEATS[edition()];
    const sel = $("t-seats");
    const was = Number(sel.value) || 2;
    sel.replaceChildren();
    for (let n = 1; n <= max; n += 1) {
      const o = document.createElement("option");
      o.value = String(n);
      o.textContent = n === 1 ? "1 (solo)" : String(n);
      sel.appendChild(o);
    }
    sel.value = String(Math.min(was, max));
    fillBots();
  };
  // who plays each seat: a player or one of the ruleset's bots (GET /api/rulesets)
  let seatPicks = null;
  let botKinds = ["trader", "random"];
  const fillBots = () => {
    seatPicks = botSeats($("t-bots"), Number($("t-seats").value), botKinds, seatPicks?.chosen());
  };
  let moreOptions = null;
  rulesetInfo().then((info) => {
    botKinds = info.venus?.bots || botKinds;
    fillBots();
    moreOptions = schemaOptions($("t-more-options"), info.venus?.options_schema, DRAWN);
  }).catch(() => { /* the defaults stay */ });
  const settings = tableSettings($("t-settings"));
  showMyGames($("main"));
  const showMap = async () => {
    await board.load(edition());
    if (!toolbar) toolbar = zoomButtons(board, board.container.parentElement);
  };
  // the 1988 optional rules (15-17): Rastur bring combat (16.3 needs weapons); solitaire is one
  // seat against the Rastur (17.1)
  const syncOptions = () => {
    const old = edition() === "avalon-hill";
    $("t-1988").hidden = !old;
    $("t-2012").hidden = old;
    $("t-fast-play").disabled = old;
    $("t-opt-hint").hidden = old;
    for (const id of ["t-combat", "t-rastur", "t-solitaire"]) $(id).disabled = !old;
    const solo = old && $("t-solitaire").checked;
    if (solo) {
      $("t-rastur").checked = true;
      $("t-seats").value = "1";
      fillBots();
    }
    if (old && $("t-rastur").checked) $("t-combat").checked = true;
    $("t-rastur").disabled = !old || solo;
    $("t-combat").disabled = !old || (old && $("t-rastur").checked);
    $("t-seats").disabled = solo;
  };
  for (const id of ["t-combat", "t-rastur", "t-solitaire"]) $(id).addEventListener("change", syncOptions);
  for (const r of form.querySelectorAll('input[name="edition"]')) r.addEventListener("change", () => { fillSeats(); syncOptions(); showMap(); });
  $("t-seats").addEventListener("change", () => {
    if ($("t-seats").value !== "1") $("t-solitaire").checked = false;
    fillBots();
    syncOptions();
  });
  fillSeats();
  syncOptions();
  showMap();

  const optional = () => {
    if (edition() !== "avalon-hill") return $("t-fast-play").checked ? { fast_play: true } : {};
    const out = {};
    if ($("t-solitaire").checked) out.solitaire = true;
    if ($("t-rastur").checked) out.rastur = true;
    if ($("t-combat").checked) out.combat = true;
    return out;
  };

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = $("create-error");
    err.hidden = true;
    const btn = $("create-btn");
    btn.disabled = true;
    try {
      const body = {
        name: $("t-name").value.trim() || "Game night",
        ruleset: "venus",
        options: { edition: edition(), game_length: Number($("t-length").value), small_bank: $("t-small-bank").checked, ...optional(), ...moreOptions?.values() },
        seats: Number($("t-seats").value),
        bots: seatPicks.values(),
        ...settings.values(),
      };
      const table = await createTable(body);
      rememberLinks(table);
      rememberGame(table.table_id, table.host.token, "host");
      showLinks(table, body.bots.map((b) => b.seat));
    } catch (ex) {
      err.textContent = ex.message;
      err.hidden = false;
    } finally {
      btn.disabled = false;
    }
  });
}

function showLinks(table, bots) {
  const ul = $("links");
  ul.replaceChildren();
  const add = (label, link, note = "") => {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = label;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = link.url;
    input.setAttribute("aria-label", `${label} link`);
    input.addEventListener("focus", () => input.select());
    li.append(name, input, copyButton(link.url, `Copy the ${label.toLowerCase()} link`));
    if (note) {
      const n = document.createElement("small");
      n.textContent = note;
      li.appendChild(n);
    }
    ul.appendChild(li);
  };
  add("Host", table.host, "keep this one: start the game, bots, new links");
  table.seats.forEach((link, i) => add(`Seat ${i + 1}`, link, bots.includes(i) ? "a bot plays this seat (for now)" : ""));
  add("Spectator", table.spectator, "watch only; sees public information");
  $("open-host").href = table.host.url;
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth", block: "start" });
  $("open-host").focus({ preventScroll: true });
}
