// My ship's card: credits, fame and infamy, the holds and what is in them (goods, passengers:
// "Capacity"), the racial technologies and equipment, my missions and rewards; the commands
// the rules allow now about one of them (sell, offload, jettison, drop off, complete a mission)
// sit beside it. Returns the commands it drew.
import { el, cmdButton } from "../../platform/dom.js";
import { money } from "./names.js";
import { commandWords } from "./words.js";
import { CONDITION_INDEX, marketHere } from "./market.js";

/** What selling goods ``token`` here pays ("Sell Actions": the resale value the market
 * token's condition names), from the goods' three resale values (the names catalogue; else
 * the token's culture's goods in the view, if its market still has some); null if unknown. */
function salePrice(view, here, token, names) {
  const cond = here?.token?.condition;
  const kind = String(token).split(":")[0];
  const m = view.markets?.[kind];
  const resale = names.catalog?.goods_resale?.[kind] || [...(m?.goods || []), ...(m?.supply_goods || [])][0]?.resale;
  return cond && resale ? resale[CONDITION_INDEX[cond]] : null;
}

/** A command's words on my ship card (a sale with its price and buyer). */
function words(c, names, view, here) {
  if (c.type === "SellGoods" && !c.black_market) {
    const price = salePrice(view, here, c.token, names);
    if (price !== null && here) return `Sell to the ${names.culture(here.culture)} for ${money(price)}`;
  }
  return commandWords(c, names);
}

/** Commands that name ``key`` in one of their fields. */
function commandsFor(legal, key) {
  return legal.filter((c) => Object.entries(c).some(([k, v]) => k !== "type" && String(v) === String(key)));
}

function section(title, items, legal, names, send, drawn, cls, empty = "none", label = (c) => commandWords(c, names), note = "") {
  const box = el("div", { class: `vs-list ${cls}` });
  box.append(el("h4", {}, `${title}${items.length ? ` (${items.length})` : ""}${note}`));
  if (!items.length) { box.append(el("p", { class: "hint" }, empty)); return box; }
  const ul = el("ul", {});
  for (const { key, text } of items) {
    const li = el("li", { "data-key": key }, text);
    for (const c of commandsFor(legal, key)) {
      if (drawn.has(c)) continue;
      drawn.add(c);
      li.append(" ", cmdButton(label(c), c, send, { class: "vs-trade", "aria-label": commandWords(c, names) }));
    }
    ul.append(li);
  }
  box.append(ul);
  return box;
}

/** "End of the Game > Count Fame" as it stands (the view's ``fame``): the fame tokens move
 * when fame is earned, but completed missions, Reward cards, titles, ship enhancements and
 * the pilot add theirs only at the end; said when they add any. */
export function fameAtTheEnd(view, player) {
  const mine = view?.fame?.[String(player.seat)];
  if (!mine) return null;
  const later = Object.entries(mine.parts || {}).filter(([k, n]) => k !== "fame_tokens" && n);
  if (!later.length) return null;
  const parts = later.map(([k, n]) => `${k.replace(/_/g, " ")} ${n > 0 ? "+" : ""}${n}`);
  return `Fame at the end of the game, as it stands: ${mine.total} (${parts.join(", ")}, with the fame tokens). Missions, rewards, titles and ship enhancements count only then (End of the Game).`;
}

/** The solo challenge's cards (Solo Challenge Game, "Challenges"), in the order they become
 * active: each with whether it waits for its round, is active (its fee paid before every
 * movement step) or is completed, its text, and for an open card how far the player is
 * (``solo.progress``: "Now 3 of 5.", "Now c30 of c150."). None outside a solo challenge. */
export function challengeItems(view, names) {
  const solo = view?.solo;
  if (!solo?.cards?.length) return [];
  return solo.cards.map((k) => {
    const fee = money(solo.fees?.[k] ?? 0);
    const status = (solo.completed || []).includes(k) ? "completed"
      : (solo.active || []).includes(k) ? `active: ${fee} before each movement`
        : `from round ${solo.rounds?.[k]}, fee ${fee}`;
    const text = names.text(k);
    const p = solo.progress?.[k];
    const count = (n) => (p?.need === "credits" ? money(n) : String(n));
    const now = p ? ` Now ${count(p.have)} of ${count(p.at_least)}.` : "";
    return { key: k, text: `${names.name("challenges", k)} (${status})${text ? `: ${text}` : ""}${now}` };
  });
}

/** The challenges' section: every card completed by the end of the last round wins ("Winning
 * the Solo Challenge Game"); an unpaid fee at a round's start loses. */
function challengesSection(view, names, send, drawn) {
  const items = challengeItems(view, names);
  if (!items.length) return null;
  const done = (view.solo.completed || []).length;
  const note = ` · ${done} of ${items.length} completed · all by the end of round ${view.last_round || 30}`;
  return section("Challenges", items, [], names, send, drawn, "vs-challenges", "none", undefined, note);
}

/** Draw ``player``'s ship card in ``root`` (a spectator has none). */
export function renderShip(root, player, view, legal, names, send) {
  root.replaceChildren();
  const drawn = new Set();
  if (!player) return drawn;
  root.append(el("h3", {}, "Your ship"));
  root.append(el("p", { class: "vs-figures" }, `${money(player.credits ?? 0)} · fame ${player.fame ?? 0} · infamy ${player.infamy ?? 0}`));
  const atEnd = fameAtTheEnd(view, player);
  if (atEnd) root.append(el("p", { class: "vs-fame-end hint" }, atEnd));
  const challenges = challengesSection(view, names, send, drawn);
  if (challenges) root.append(challenges);
  const holds = 2 + Number(player.extra_holds || 0); // Capacity: two cargo holds, more bought
  const cargo = (player.cargo || []).map((t) => ({ key: t, text: names.cargo(t) }));
  const here = marketHere(view, player.seat, names);
  root.append(section(`Cargo holds: ${holds}`, cargo, legal, names, send, drawn, "vs-cargo", "empty holds", (c) => words(c, names, view, here)));
  const gear = [
    ...(player.drive ? [{ key: player.drive, text: `${names.equipment(`${player.drive}_drive`)}` }] : []),
    ...(player.techs || []).map((t) => ({ key: t, text: names.tech(t) })),
  ];
  root.append(section("Drive and technologies", gear, legal, names, send, drawn, "vs-techs"));
  const card = (k, name) => ({ key: k, text: names.text(k) ? `${name}: ${names.text(k)}` : name });
  const missions = (player.missions || []).map((m) => card(m, names.mission(m)));
  const done = (player.missions_done || []).length;
  root.append(section("Missions", missions, legal, names, send, drawn, "vs-missions", "none",
    (c) => commandWords(c, names), done ? ` · ${done} completed` : ""));
  root.append(section("Rewards", (player.rewards || []).map((r) => card(r, names.reward(r))), legal, names, send, drawn, "vs-rewards"));
  return drawn;
}
