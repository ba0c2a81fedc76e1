// Seats told apart without colour: every player's name reads differently at a table, and
// every piece carries a label of its own (an initial, or initials, or the seat number), the
// same on the map, in the players list and in the replay. The server keeps the names the
// players typed (two may type "Ann"); what the page shows is made distinct here.

/** ``names`` (seat order) made distinct: a name that two seats share gets its seat number
 * ("Ann (seat 2)"); the others are left as typed. */
export function distinctNames(names) {
  const count = new Map();
  for (const n of names) count.set(n, (count.get(n) || 0) + 1);
  return names.map((n, seat) => (count.get(n) > 1 ? `${n} (seat ${seat + 1})` : n));
}

/** The players of a view (``view.players[i].name``) with distinct names, in place; answers
 * the view. A view without players is left as it is. */
export function distinctPlayers(view) {
  const players = view?.players;
  if (!Array.isArray(players) || players.length < 2) return view;
  const fixed = distinctNames(players.map((p) => String(p?.name ?? "")));
  players.forEach((p, i) => { if (p && typeof p === "object" && p.name !== undefined) p.name = fixed[i]; });
  return view;
}

const initial = (word) => (/[\p{L}\p{N}]/u.exec(word)?.[0] ?? "").toUpperCase();

/** A short label for each seat's piece (``names`` in seat order), unique at the table: the
 * name's initial ("A"); where two share it, the initials of its words ("B1" for "Bot 1",
 * "AL" for "Ann Lee"); where those meet too, the initial and the seat number ("A2"). */
export function pieceLabels(names) {
  const firsts = names.map((n) => initial(String(n || "")) || "?");
  const clash = (labels, i) => labels.some((l, j) => j !== i && l === labels[i]);
  let out = firsts.map((f, i) => {
    if (!clash(firsts, i)) return f;
    const words = String(names[i] || "").replace(/\(.*?\)/g, " ").split(/[\s_-]+/).map(initial).filter(Boolean);
    return words.length > 1 ? words.slice(0, 2).join("") : f;
  });
  out = out.map((l, i) => (clash(out, i) ? `${firsts[i]}${i + 1}` : l));
  return out.map((l, i) => (clash(out, i) ? String(i + 1) : l));
}
