// The rules page: /rules/<ruleset> (or /rules.html?ruleset=...; without one, the
// first installed game's): the whole rules reference with an anchor per rule ("#rule-5-31"),
// "How a turn goes" ("#turn"), the optional rules and an edition's differences marked, and a
// filter. The top bar links the rules of every installed game and the pages of the one shown
// (``GET /api/games``).
import { installedGames } from "./games.js";
import { anchorOf, entryBody, entryTitle, loadRules, ruleLink, watchRules } from "./rulesref.js";

const $ = (id) => document.getElementById(id);

function rulesetOfPage() {
  const m = /^\/rules\/([a-z-]+)\/?$/.exec(location.pathname);
  return m ? m[1] : new URLSearchParams(location.search).get("ruleset") || null;
}

function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

function turnGuide(ref, ruleset) {
  const sec = el("section", { id: "turn", class: "rules-turn card", "aria-labelledby": "turn-title" });
  sec.append(el("h2", { id: "turn-title" }, "How a turn goes"));
  const ol = el("ol", { class: "turn-steps" });
  for (const step of ref.turn) {
    const li = el("li");
    li.append(el("strong", {}, step.title), " ", el("span", {}, step.text));
    if (step.rules.length) {
      const see = el("span", { class: "turn-see" }, " (");
      step.rules.forEach((id, i) => { if (i) see.append(", "); see.append(ruleLink(ruleset, id)); });
      see.append(")");
      li.append(see);
    }
    ol.append(li);
  }
  sec.append(ol);
  return sec;
}

function entryArticle(entry, ruleset, level) {
  const art = el("article", { id: anchorOf(entry.id), class: `rule-entry${entry.optional ? " optional" : ""}`, "data-rule": entry.id });
  const h = el(level, { "data-no-rules": "" }, entryTitle(entry)); // its own number is no link
  const self = el("a", { class: "rule-anchor", href: `#${anchorOf(entry.id)}`, "aria-label": `Link to ${entryTitle(entry)}` }, "#");
  h.append(" ", self);
  art.append(h, ...entryBody(entry));
  return art;
}

function sectionOf(rule) {
  if (rule.section) return rule.section;
  if (rule.id.startsWith("2012 ")) return "2012";
  return rule.id.split(".")[0];
}

function byNumber(a, b) {
  const pa = a.id.split(/[.]/).map(Number);
  const pb = b.id.split(/[.]/).map(Number);
  if (pa.some(Number.isNaN) || pb.some(Number.isNaN)) return 0;
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

function render(ref, ruleset) {
  document.title = `${ref.title} — rules — Starport`;
  $("rules-title").textContent = `${ref.title}: the rules`;
  const body = $("rules-body");
  const toc = $("rules-toc");
  body.replaceChildren(el("p", { class: "rules-intro" }, ref.intro), turnGuide(ref, ruleset));
  toc.replaceChildren(el("h2", {}, "Contents"));
  const list = el("ol");
  const tocItem = (href, text) => { const li = el("li"); li.append(el("a", { href }, text)); list.append(li); };
  tocItem("#turn", "How a turn goes");
  for (const section of ref.section) {
    const rules = ref.rule.filter((r) => sectionOf(r) === section.id).sort(byNumber);
    const sec = el("section", { class: "rules-section", "aria-labelledby": anchorOf(section.id) });
    const art = entryArticle(section, ruleset, "h2");
    sec.append(art);
    for (const r of rules) sec.append(entryArticle(r, ruleset, "h3"));
    body.append(sec);
    tocItem(`#${anchorOf(section.id)}`, entryTitle(section));
  }
  toc.append(list);
  $("rules").setAttribute("aria-busy", "false");
  watchRules(body, ruleset); // rule numbers inside the summaries open their own popover
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  highlight();
}

/** The rule named in the address is marked (and scrolled to) when the hash changes. */
function highlight() {
  for (const a of document.querySelectorAll(".rule-entry.target")) a.classList.remove("target");
  const target = location.hash ? document.getElementById(location.hash.slice(1)) : null; // "" has no classList
  if (target?.classList.contains("rule-entry")) target.classList.add("target");
}

function bindFilter() {
  $("rules-find").addEventListener("input", (e) => {
    const q = /** @type {HTMLInputElement} */ (e.target).value.trim().toLowerCase();
    for (const art of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rule-entry"))) {
      art.hidden = q !== "" && !art.textContent.toLowerCase().includes(q) && !art.dataset.rule.startsWith(q);
    }
    for (const sec of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rules-section"))) {
      sec.hidden = [.../** @type {NodeListOf<HTMLElement>} */ (sec.querySelectorAll(".rule-entry"))].every((a) => a.hidden);
    }
    $("turn").hidden = q !== "";
  });
}

/** The top bar: the rules page of every installed game that has one (the one shown marked),
 * then the pages of the game shown (a tutorial, a sandbox). */
function gameLinks(games, ruleset) {
  const nav = $("rules-games");
  nav.replaceChildren();
  for (const g of games.filter((x) => x.rules)) {
    const a = el("a", { href: g.rules, "data-ruleset": g.id }, g.title);
    if (g.id === ruleset) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  for (const p of games.find((g) => g.id === ruleset)?.pages || []) nav.append(el("a", { href: p.url }, p.title));
}

async function init() {
  const games = await installedGames().catch(() => []);
  const ruleset = rulesetOfPage() || games.find((g) => g.rules)?.id || "";
  gameLinks(games, ruleset);
  try {
    const ref = await loadRules(ruleset);
    render(ref, ruleset);
    bindFilter();
    window.addEventListener("hashchange", highlight);
  } catch (err) {
    const known = games.filter((g) => g.rules).map((g) => `${g.title} (${g.rules})`);
    $("rules-error").textContent = `${err.message}. Known games: ${known.join(", ") || "none"}.`;
    $("rules-error").hidden = false;
  }
}

init();
