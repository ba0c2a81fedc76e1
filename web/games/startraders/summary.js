// The end of a Star Traders game: the winner and why, then every Trader by Prestige with
// engines, stations, Completed Contracts' rights and whether still in the game.
import { el } from "../../platform/dom.js";

export function renderSummary(container, view, names, me) {
  container.replaceChildren();
  if (view.winner === null || view.winner === undefined) { container.hidden = true; return; }
  container.hidden = false;
  const reason = view.end?.reason;
  const why = reason === "mission" ? "completed the Imperial Mission" : reason === "last-trader" ? "is the last Trader left" : reason === "imperial-chain" ? "completed a chain of Imperial Stations" : reason ? String(reason) : "won";
  container.append(el("h3", { class: "winner" }, `${view.winner === me ? "You" : names.seat(view.winner)} ${view.winner === me && reason === "mission" ? "completed the Imperial Mission" : why} — ${view.winner === me ? "you win" : "the winner"}!`));
  const table = el("table", { class: "st-summary" });
  const head = el("tr", {});
  for (const h of ["", "Trader", "Personality", "Prestige", "Stellors", "Engines", "Stations", "Rights"]) head.append(el("th", {}, h));
  table.append(head);
  const stations = (seat) => Object.values(view.stations || {}).filter((s) => s === seat).length;
  const rights = (seat) => (view.completed || []).reduce((n, e) => n + (e.rights?.[String(seat)] || 0), 0);
  const order = [...view.players].sort((a, b) => Number(b.seat === view.winner) - Number(a.seat === view.winner) || b.prestige - a.prestige);
  for (const p of order) {
    const tr = el("tr", { "data-seat": p.seat, class: p.seat === view.winner ? "winner" : "" });
    for (const cell of [p.seat === view.winner ? "★" : "", `${p.name}${p.out ? " (dropped out)" : ""}`, names.personality(p.personality), p.prestige, p.stellors ?? "?", p.engines, stations(p.seat), rights(p.seat)]) tr.append(el("td", {}, String(cell)));
    table.append(tr);
  }
  const wrap = el("div", { class: "table-scroll" });
  wrap.append(table);
  container.append(wrap);
}
