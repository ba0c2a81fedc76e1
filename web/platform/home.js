// The start page: create a table (the game, seats, bots; the game's own options and its
// aside, e.g. an edition, a length, optional rules and a map of the board:
// GameModule.createForm) and hand out the invite links. Above it, "My games" (mygames.js); in
// it, the table's settings the same for every game (tablesettings.js: time per move and the
// level of a timed-out turn, who plays each seat and at which level, spectators, hints). The
// games offered, their seat counts, bots, levels and help pages come from the installed games
// (``GET /api/games``).
import { createTable, getText } from "./api.js";
import { gameFor, installedGames } from "./games.js";
import { copyButton, rememberLinks } from "./links.js";
import { rememberGame, showMyGames } from "./mygames.js";
import { useRuleset } from "./rulelinks.js";
import { botSeats, schemaOptions, tableSettings } from "./tablesettings.js";

/** An element of the page by id, used as the kind it is (an input, a button...). */
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/** The games of ``installed`` this client can create a table of: [{ruleset, info, module}] in
 * the server's order (a client that does not load, or has no create form yet, is left out). */
async function creatable(installed) {
  const out = await Promise.all(installed.map((info) => gameFor(info.id)
    .then((module) => (module.createForm ? { ruleset: info.id, info, module } : null), () => null)));
  return out.filter(Boolean);
}

function link(href, text, attrs = {}) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  return a;
}

/** The start page's help for the game chosen: its own pages (a tutorial, a sandbox) and its
 * rules in the top bar; near the form, the same, then the rules of the other games. */
function showHelp(info, games) {
  const nav = $("home-links");
  nav.querySelectorAll("[data-game-link]").forEach((a) => a.remove());
  const mine = info.pages.map((p) => link(p.url, p.title, { "data-game-link": "page" }));
  if (info.rules) mine.push(link(info.rules, "Rules", { "data-game-link": "rules", id: "home-rules-link" }));
  nav.prepend(...mine);
  const help = $("home-help");
  const own = help.querySelector(".home-own");
  own.replaceChildren(`New to ${info.title}?`);
  info.pages.forEach((p, i) => own.append(" ", link(p.url, p.title, i === 0 ? { class: "cta" } : {})));
  if (info.rules) own.append(" ", link(`${info.rules}#turn`, "How a turn goes"), " ", link(info.rules, "Rules"));
  own.hidden = !info.pages.length && !info.rules;
  const others = games.filter((g) => g.id !== info.id && g.rules);
  const other = help.querySelector(".home-other");
  other.replaceChildren(others.length === 1 ? "The other game's rules:" : "The other games' rules:");
  for (const g of others) other.append(" ", link(g.rules, g.title));
  other.hidden = !others.length;
  help.hidden = own.hidden && other.hidden;
}

export async function openHome() {
  $("home").hidden = false;
  const form = $("create");
  const installed = await installedGames().catch(() => []); // none: the form says so below
  const games = await creatable(installed);
  const settings = tableSettings($("t-settings"));
  let seatPicks = null; // who plays each seat: a player, or a bot at a level (or another of the ruleset's)
  let more = null; // the ruleset's options its own form does not draw, from the server's schema
  const seatsField = $("t-seats-field");
  const sel = $("t-seats");
  let part = null; // the chosen game's part of the form
  let ruleset = null;
  let chosenInfo = null; // the chosen game as the server describes it

  const fillBots = () => {
    const kinds = chosenInfo.bots;
    seatPicks = botSeats($("t-bots"), Number(sel.value), kinds, seatPicks?.chosen(), chosenInfo.levels || []);
  };
  const fillSeats = () => {
    const { min, max: most } = chosenInfo.players;
    const max = Math.max(min, Math.min(most, part.maxSeats())); // the game's fields may offer fewer
    const was = Number(sel.value) || Math.min(Math.max(2, min), max);
    sel.replaceChildren();
    for (let n = min; n <= max; n += 1) {
      const o = document.createElement("option");
      o.value = String(n);
      o.textContent = n === 1 ? "1 (solo)" : String(n);
      sel.appendChild(o);
    }
    sel.value = String(Math.max(min, Math.min(was, max)));
    fillBots();
  };
  const seats = {
    value: () => Number(sel.value),
    set(n) { sel.value = String(n); fillBots(); },
    lock(on) { sel.disabled = on; },
    refill: () => fillSeats(),
  };
  sel.addEventListener("change", () => {
    fillBots();
    part.seatsChanged(Number(sel.value));
  });

  /** Show the game's fields (its fragment, the Players select in its slot) and its aside. */
  const choose = async (chosen) => {
    const { module, info } = games.find((g) => g.ruleset === chosen);
    const root = $("game-options");
    chosenInfo = info;
    useRuleset(chosen); // the rule numbers in the game's fields are its rules
    showHelp(info, installed);
    form.insertBefore(seatsField, root); // back out of the old game's slot
    document.querySelector(".home-aside")?.remove();
    root.innerHTML = await getText(module.createForm.fragment);
    root.querySelector('[data-slot="seats"]')?.replaceWith(seatsField);
    ruleset = chosen;
    part = module.createForm.mount(root, seats);
    // options the form's fields do not set (named by their inputs: the game's, and the house
    // rules every game has) come from the schema
    const drawn = [...(root.closest("form") ?? root).querySelectorAll("[name]")].map((i) => i.name);
    const moreBox = document.createElement("div");
    moreBox.id = "t-more-options";
    root.appendChild(moreBox);
    more = schemaOptions(moreBox, info.options_schema,
      [...drawn, ...Object.keys(part.options()), info.choice_option].filter(Boolean));
    if (part.aside) {
      part.aside.classList.add("home-aside");
      $("created").after(part.aside);
    }
    document.title = `Starport — ${info.title}`;
    $("home-crumb").textContent = module.createForm.crumb;
    fillSeats();
    part.ready();
  };

  const box = $("t-game");
  for (const [i, g] of games.entries()) {
    const label = document.createElement("label");
    label.className = "radio";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "ruleset";
    input.value = g.ruleset;
    input.checked = i === 0;
    input.addEventListener("change", () => choose(g.ruleset));
    label.append(input, ` ${g.module.createForm.title}`);
    box.appendChild(label);
  }
  // the form shows once the game's fields are in (no jump as they come)
  try {
    if (!games.length) throw new Error("This client could not load any game: reload the page.");
    await choose(games[0].ruleset);
  } catch (err) {
    $("create-error").textContent = err.message;
    $("create-error").hidden = false;
    $("create-btn").disabled = true;
  }
  form.hidden = false;
  showMyGames($("main")); // after the game's title is set: My games adds its count to it

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = $("create-error");
    err.hidden = true;
    const btn = $("create-btn");
    btn.disabled = true;
    try {
      const body = {
        name: $("t-name").value.trim() || "Game night",
        ruleset,
        options: { ...more?.values(), ...part.options(), takebacks: $("t-takebacks").checked }, // take-backs: a house rule of every game
        seats: Number(sel.value),
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
