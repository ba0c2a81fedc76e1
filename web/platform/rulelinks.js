// Rules help on a page: load this module and every rule number shown in the turn
// panel (prompt, errors, where a refusal names its rule, notices, controls, combat, market,
// moves, ship card, offers, "since your last turn", the tutorial), the log (live and replay),
// the end dialog, the lobby's options and the start page's form becomes a link opening the
// rule's summary (rulesref.js). Containers are watched, so redraws need no code of their own;
// the map (SVG) is left alone. The ruleset is the page's <body data-ruleset> (a game's own page
// names its game there; a table's page and the start page set it with useRuleset once they
// know the game; without one, the first installed game's rules).
import { installedGame } from "./games.js";
import { watchRules } from "./rulesref.js";

export const WATCHED = ["#panel", "#game .below", "#end", "#create", "#lobby-options"];

export function watchPage(doc = document) {
  const ruleset = () => doc.body.dataset.ruleset || null;
  for (const sel of WATCHED) {
    for (const root of doc.querySelectorAll(sel)) watchRules(root, ruleset);
  }
}

/** The page shows a table of ``ruleset``: its rule numbers and help links (``a[data-rules-link]``,
 * whose value is the place on the rules page: "", "#turn") are that game's; a game without a
 * rules page hides them. */
export function useRuleset(ruleset, doc = document) {
  doc.body.dataset.ruleset = ruleset;
  const links = [.../** @type {NodeListOf<HTMLAnchorElement>} */ (doc.querySelectorAll("a[data-rules-link]"))];
  for (const a of links) a.hidden = true;
  return installedGame(ruleset).catch(() => null).then((game) => {
    if (doc.body.dataset.ruleset !== ruleset) return; // another game was chosen meanwhile
    for (const a of links) {
      if (game?.rules) a.href = `${game.rules}${a.dataset.rulesLink}`;
      a.hidden = !game?.rules;
    }
  });
}

watchPage();
