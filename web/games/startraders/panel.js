// A seat's panel and the table's panels: my Stellors and hand (private), the players' engines
// and Prestige tracks, cargo in each hold and what it is for, Current and Completed Contracts
// with who carries what, the Imperial Missions.
import { el } from "../../platform/dom.js";

const PRESTIGE_MAX = 30;

/** Where a cargo may go: Current Contracts with that cargo, Completed ones the seat holds a
 * right to deliver, or (the Imperial Cargo) the mission's destination. */
export function cargoPurpose(view, names, seat, cargo) {
  if (cargo === "imperial") {
    const m = view.missions?.[String(seat)];
    return m ? [`the Imperial Mission, to ${names.world(m.deliver)}`] : [];
  }
  const out = [];
  (view.contracts || []).forEach((c, slot) => {
    if (c && c.cargo === cargo) out.push(`Contract #${slot + 1} to ${names.world(c.deliver)} (${c.stellors} Stellors, ${c.prestige} Prestige)`);
  });
  for (const e of view.completed || []) {
    if (e.contract.cargo === cargo && (e.rights?.[String(seat)] || 0) > 0) out.push(`Completed Contract to ${names.world(e.contract.deliver)} (your right)`);
  }
  return out;
}

function track(label, value, max, cls) {
  const wrap = el("div", { class: `track ${cls}` });
  wrap.append(el("span", { class: "track-label" }, `${label} ${value}`));
  const bar = el("span", { class: "track-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": value, "aria-label": label });
  const fill = el("span", { class: "track-fill" });
  fill.style.width = `${Math.max(0, Math.min(100, (value / max) * 100))}%`;
  bar.append(fill);
  wrap.append(bar);
  return wrap;
}

/** My own seat: Stellors and hand (only I see them), engines, Prestige, hold, mission. */
export function renderSeatPanel(container, view, names, me, plays = []) {
  container.replaceChildren();
  const p = view.players?.[me];
  if (!p) { container.append(el("p", { class: "muted" }, "You are watching this game.")); return; }
  const head = el("h3", {}, `${p.name} · ${names.personality(p.personality)}`);
  head.style.borderLeft = `6px solid ${names.color(me)}`;
  container.append(head);
  if (p.personality) container.append(el("p", { class: "st-personality hint" }, names.data.personality_help?.[p.personality] || ""));
  container.append(el("p", { class: "st-where" }, `At ${names.world(p.world)}${p.lose_turn ? " · loses the next turn" : ""}${p.envoy ? ` · Imperial Envoy to ${names.world(names.data.luck[p.envoy]?.world)}` : ""}`));
  container.append(el("p", { class: "st-money", "data-stellors": p.stellors }, `${p.stellors} Stellors (only you see this)`));
  container.append(track("Engines", p.engines, 6, "engines"));
  container.append(track("Prestige", p.prestige, PRESTIGE_MAX, "prestige"));
  const hand = el("div", { class: "st-hand" });
  hand.append(el("h4", {}, `Trader's Luck (${(p.hand || []).length} of ${p.personality === "lucky-lou" ? 3 : 2})`));
  const list = el("ul", { class: "cards" });
  for (const c of p.hand || []) {
    const li = el("li", { class: "luck-card", "data-card": c });
    li.append(el("strong", {}, names.card(c)), el("span", { class: "card-face" }, names.data.card_faces?.[c] || ""));
    const now = (plays || []).filter((x) => x.card === c && x.type === "PlayCard").length;
    const here = (plays || []).some((x) => x.card === c && x.type !== "PlayCard");
    li.append(el("span", { class: "card-now" }, now ? `Playable now: ${now} way${now === 1 ? "" : "s"} (under Play a card).`
      : here ? "Playable in the window open now (its question above)."
        : "Not playable now; any card may be turned in to re-roll a failed jump."));
    list.append(li);
  }
  if (!(p.hand || []).length) list.append(el("li", { class: "muted" }, "no cards"));
  hand.append(list);
  container.append(hand);
  container.append(holdList(view, names, me, p));
  const mission = view.missions?.[String(me)];
  if (mission) container.append(el("p", { class: "st-mission" }, `Imperial Mission: ${names.contractWords(mission)} (deliver it to win)`));
  if ((view.psychic || []).length) {
    container.append(el("p", { class: "st-psychic" }, `Next Contract${view.psychic.length > 1 ? "s" : ""} (your peek): ${view.psychic.map((c) => names.contractWords(c)).join("; ")}`));
  }
}

function holdList(view, names, seat, p) {
  const box = el("div", { class: "st-hold" });
  box.append(el("h4", {}, `Hold (${p.hold.length} of 2)`));
  const ul = el("ul", {});
  for (const cargo of p.hold) {
    const li = el("li", { "data-cargo": cargo });
    li.append(el("strong", {}, names.cargo(cargo)));
    const uses = cargoPurpose(view, names, seat, cargo);
    li.append(document.createTextNode(uses.length ? ` → ${uses.join("; ")}` : " → no open contract takes it (abandon it for 5 Stellors and 3 Prestige)"));
    ul.append(li);
  }
  if (!p.hold.length) ul.append(el("li", { class: "muted" }, "empty"));
  box.append(ul);
  return box;
}

/** Every player: personality, world, engines, Prestige, cards held (a count), hold. */
export function renderPlayers(container, view, names, me) {
  container.replaceChildren();
  const table = el("table", { class: "st-players" });
  const head = el("tr", {});
  for (const h of ["Trader", "At", "Engines", "Prestige", "Cards", "Hold"]) head.append(el("th", {}, h));
  table.append(head);
  for (const p of view.players || []) {
    const tr = el("tr", { "data-seat": p.seat, class: `${p.seat === view.turn?.seat ? "active " : ""}${p.out ? "out" : ""}` });
    const name = el("td", {});
    const dot = el("span", { class: "seat-dot" });
    dot.style.background = names.color(p.seat);
    name.append(dot, document.createTextNode(` ${p.name}${p.seat === me ? " (you)" : ""}`));
    name.append(el("small", {}, ` ${names.personality(p.personality)}${p.out ? " · dropped out" : ""}${p.mission !== null ? " · on a mission" : ""}`));
    tr.append(name, el("td", {}, names.world(p.world)), el("td", {}, String(p.engines)));
    const pr = el("td", {});
    pr.append(track("", p.prestige, PRESTIGE_MAX, "prestige mini"));
    tr.append(pr, el("td", {}, String(p.cards)), el("td", {}, p.hold.map((c) => names.cargo(c)).join(", ") || "—"));
    table.append(tr);
  }
  container.append(table);
}

/** Current Contracts (#1 the Imperial Contract) with who carries their cargo, Completed
 * Contracts with the right-to-deliver markers. */
export function renderContracts(container, view, names) {
  container.replaceChildren();
  container.append(el("h4", {}, "Current Contracts"));
  const ul = el("ol", { class: "st-contracts" });
  (view.contracts || []).forEach((c, slot) => {
    if (!c) { ul.append(el("li", { class: "muted" }, "—")); return; }
    const carriers = (view.players || []).filter((p) => p.hold.includes(c.cargo)).map((p) => names.seat(p.seat));
    const li = el("li", { "data-slot": slot });
    li.append(el("strong", {}, `#${slot + 1}${slot === 0 ? " Imperial" : ""}: ${c.cargo}`));
    li.append(document.createTextNode(` ${names.world(c.pickup)} → ${names.world(c.deliver)} · ${c.stellors} Stellors, ${c.prestige} Prestige, station ${c.station}${c.special ? " · special payoff" : ""}`));
    if (carriers.length) li.append(el("span", { class: "carriers" }, ` · carried by ${carriers.join(", ")}`));
    ul.append(li);
  });
  container.append(ul);
  if ((view.completed || []).length) {
    container.append(el("h4", {}, "Completed Contracts"));
    const done = el("ul", { class: "st-completed" });
    for (const e of view.completed) {
      const rights = Object.entries(e.rights || {}).filter(([, n]) => n > 0).map(([s, n]) => `${names.seat(Number(s))} ×${n}`);
      done.append(el("li", { "data-contract": e.contract.id }, `${e.contract.cargo} → ${names.world(e.contract.deliver)} · ${e.contract.stellors} Stellors · rights: ${rights.join(", ") || "none"}`));
    }
    container.append(done);
  }
  const missions = Object.entries(view.missions || {});
  if (missions.length) {
    container.append(el("h4", {}, "Imperial Missions"));
    const ml = el("ul", {});
    for (const [s, c] of missions) ml.append(el("li", {}, `${names.seat(Number(s))}: ${names.contractWords(c)}`));
    container.append(ml);
  }
  if (view.advanced) {
    container.append(el("h4", {}, `Imperial Stations (a chain of ${view.chain_needed} wins)`));
    const il = el("ul", { class: "st-chains" });
    for (const p of view.players || []) {
      const mine = (view.imperial_stations || []).filter((w) => view.stations?.[String(w)] === p.seat);
      il.append(el("li", { "data-seat": p.seat }, `${names.seat(p.seat)}: ${mine.length ? mine.map((w) => names.world(w)).join(", ") : "none"} · longest chain ${view.chains?.[String(p.seat)] ?? 0} of ${view.chain_needed}`));
    }
    container.append(il);
  }
  container.append(el("p", { class: "muted" }, `Contract deck ${view.contract_deck} · Trader's Luck deck ${view.luck_deck}`));
}
