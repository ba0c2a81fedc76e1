// My ship's card: credits, fame and infamy, the cargo holds and what is in them (goods,
// passengers, technologies), my missions and rewards; the commands about them that the rules
// allow now (a mission's or reward's commands sit beside it).
import { el, cmdButton } from "../../platform/dom.js";
import { money, titleCase } from "./names.js";
import { commandWords } from "./words.js";

/** A thing of a list in words: a key, or an object with an id / kind / name. */
function thing(x, nameOf) {
  if (x === null || x === undefined) return "—";
  if (typeof x !== "object") return nameOf(x);
  const key = x.id ?? x.key ?? x.kind ?? x.goods ?? x.tech ?? x.name;
  const extra = [x.destination !== undefined ? `to ${x.destination_name ?? titleCase(x.destination)}` : null,
    x.reward !== undefined ? `reward ${typeof x.reward === "number" ? money(x.reward) : titleCase(x.reward)}` : null,
    x.fare !== undefined ? `fare ${money(x.fare)}` : null, x.fame ? `fame ${x.fame}` : null].filter(Boolean);
  return `${x.title ?? nameOf(key)}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

/** Commands that name ``key`` in one of their fields. */
function commandsFor(legal, key) {
  return legal.filter((c) => Object.entries(c).some(([k, v]) => k !== "type" && String(v) === String(key)));
}

function section(title, list, nameOf, legal, names, send, cls) {
  const box = el("div", { class: `vs-list ${cls}` });
  box.append(el("h4", {}, `${title}${list.length ? ` (${list.length})` : ""}`));
  if (!list.length) { box.append(el("p", { class: "hint" }, "none")); return box; }
  const ul = el("ul", {});
  for (const x of list) {
    const li = el("li", {}, thing(x, nameOf));
    const key = typeof x === "object" && x !== null ? x.id ?? x.key : x;
    if (key !== undefined) for (const c of commandsFor(legal, key)) li.append(" ", cmdButton(commandWords(c, names), c, send, { class: "vs-trade" }));
    ul.append(li);
  }
  box.append(ul);
  return box;
}

/** Draw ``player``'s ship card in ``root`` (a spectator has none). */
export function renderShip(root, player, view, legal, names, send) {
  root.replaceChildren();
  if (!player) return;
  root.append(el("h3", {}, "Your ship"));
  const figures = [`${money(player.credits ?? player.cash ?? 0)}`, `fame ${player.fame ?? 0}`, `infamy ${player.infamy ?? 0}`];
  root.append(el("p", { class: "vs-figures" }, figures.join(" · ")));
  const cargo = player.cargo || player.holds || [];
  root.append(section("Cargo", Array.isArray(cargo) ? cargo : [], (k) => names.goods(k), legal, names, send, "vs-cargo"));
  root.append(section("Passengers", player.passengers || [], (k) => names.passenger(k), legal, names, send, "vs-passengers"));
  root.append(section("Technologies", player.technologies || player.techs || [], (k) => names.tech(k), legal, names, send, "vs-techs"));
  root.append(section("Missions", Array.isArray(player.missions) ? player.missions : [], (k) => names.mission(k), legal, names, send, "vs-missions"));
  root.append(section("Rewards", Array.isArray(player.rewards) ? player.rewards : [], (k) => names.reward(k), legal, names, send, "vs-rewards"));
  void view;
}
