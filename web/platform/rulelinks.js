// Rules help on a page (issue 13): load this module and every rule number shown in the turn
// panel (prompt, errors, where a refusal names its rule, notices, controls, combat, market,
// moves, ship card, offers, "since your last turn", the tutorial), the log (live and replay),
// the end dialog, the lobby's options and the start page's form becomes a link opening the
// rule's summary (rulesref.js). Containers are watched, so redraws need no code of their own;
// the map (SVG) is left alone. The ruleset is the page's <body data-ruleset> (default: venus;
// a table's page sets it with useRuleset once it knows its game).
import { rulesIndex, watchRules } from "./rulesref.js";

export const WATCHED = ["#panel", "#game .below", "#end", "#create", "#lobby-options"];

export function watchPage(doc = document) {
  const ruleset = () => doc.body.dataset.ruleset || "venus";
  for (const sel of WATCHED) {
    for (const root of doc.querySelectorAll(sel)) watchRules(root, ruleset);
  }
}

/** The page shows a table of ``ruleset``: its rule numbers and help links (``a[data-rules-link]``,
 * "/rules/<ruleset>#...") are that game's. */
export function useRuleset(ruleset, doc = document) {
  doc.body.dataset.ruleset = ruleset;
  for (const a of doc.querySelectorAll("a[data-rules-link]")) {
    a.href = `/rules/${ruleset}${new URL(a.href).hash}`;
  }
  // a game without a rules reference has no rules page to link to
  rulesIndex().then((known) => {
    for (const a of doc.querySelectorAll("a[data-rules-link]")) a.hidden = !known.has(ruleset);
  });
}

watchPage();
