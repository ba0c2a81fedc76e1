// The start page: create a table (the game, seats, bots; the game's own options and its
// aside, e.g. Venus's edition, length, optional rules and cluster map: GameModule.createForm)
// and hand out the invite links.
import { createTable, getText } from "./api.js";
import { FOLDERS, gameFor } from "./games.js";
import { copyButton, rememberLinks } from "./links.js";

const $ = (id) => document.getElementById(id);

/** The games this client can create a table of: [{ruleset, module}] (a folder that does not
 * load, or has no create form yet, is left out). */
async function creatable() {
  const out = await Promise.all(Object.keys(FOLDERS).map((ruleset) => gameFor(ruleset)
    .then((module) => (module.createForm ? { ruleset, module } : null), () => null)));
  return out.filter(Boolean);
}

export async function openHome() {
  $("home").hidden = false;
  const form = $("create");
  const games = await creatable();
  const seatsField = $("t-seats-field");
  const sel = $("t-seats");
  let part = null; // the chosen game's part of the form
  let ruleset = null;

  const fillBots = () => {
    const box = $("t-bots");
    const checked = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    box.replaceChildren();
    const n = Number(sel.value);
    for (let i = 0; i < n; i += 1) {
      const label = document.createElement("label");
      label.className = "check";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = String(i);
      input.checked = checked.has(String(i));
      input.id = `bot-${i}`;
      label.append(input, ` Seat ${i + 1} is a bot`);
      box.appendChild(label);
    }
  };
  const fillSeats = () => {
    const max = part.maxSeats();
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
    const { module } = games.find((g) => g.ruleset === chosen);
    const root = $("game-options");
    form.insertBefore(seatsField, root); // back out of the old game's slot
    document.querySelector(".home-aside")?.remove();
    root.innerHTML = await getText(module.createForm.fragment);
    root.querySelector('[data-slot="seats"]')?.replaceWith(seatsField);
    ruleset = chosen;
    part = module.createForm.mount(root, seats);
    if (part.aside) {
      part.aside.classList.add("home-aside");
      $("created").after(part.aside);
    }
    document.title = `Starport — ${module.title}`;
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
        options: part.options(),
        seats: Number(sel.value),
        bots: [...$("t-bots").querySelectorAll("input:checked")].map((i) => Number(i.value)),
      };
      const table = await createTable(body);
      rememberLinks(table);
      showLinks(table, body.bots);
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
