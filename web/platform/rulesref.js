// Rules help: every rule number the page shows is a link that opens the rule's
// summary in a popover; the link's address is the rule on the rules page (/rules/<ruleset>#rule-5-31).
//
// watchRules(root, ruleset) links the rule numbers already under root and those any later
// redraw puts there (a MutationObserver), so the log, notices, the turn panel, the market and
// refusals need no code of their own. Text inside buttons, links and form fields stays as it
// is (a button's reason keeps its number in its label and title).

import { installedGames } from "./games.js";

const cache = new Map(); // ruleset -> Promise<reference>

/** A 1988 rule number as the client writes it: 5.31, 15.431, 12.4.1 (never 0.5, never 1,010). */
const NUMBER = /(?<![\d.,\-#])([1-9]\d?\.\d{1,4}(?:\.\d)?)(?![\d.]*\d)/g;
/** A whole section cited before its words: "(15: Lasers, Nova Balls, ...)" (never a count such as "(3)"). */
const SECTION = /\(([1-9]\d?)(?=: )/g;
/** "(rule Engines)", "(rule 2012 making room in a ship: ...)", "(rule Movement Phase > Move)":
 * a refusal naming a heading. */
const HEADING = /\(rule ([^():]+?)(?=[):])/g;
/** "(Pirates)", "(Setup 12)", "(Navigation Spaces: the player ...)": a heading named in
 * parentheses, linked only for a reference with ``linked_headings`` (the standard game). */
const NAMED = /\(([A-Z][^():]*?)(?=[):])/g;
/** Text that may cite a rule (the quick test before the real one). */
const MAYBE = /\d\.\d|\(rule |\(\d/;
const MAYBE_NAMED = /\(rule |\([A-Z]/;
const SKIP = "button, a, select, option, textarea, input, script, style, .rule-ref, .rule-pop, [data-no-rules]";

let index = null;

/** The rulesets that have a rules reference (the installed games with a rules page, ``GET
 * /api/games``), asked once per page: a game without one (yet) is never asked for it, and its
 * help links are hidden. */
export function rulesIndex() {
  if (!index) {
    index = installedGames()
      .then((games) => games.filter((g) => g.rules).map((g) => g.id), () => [])
      .then((ids) => new Set(ids));
  }
  return index;
}

/** The ruleset a page without one of its own explains: the first installed game with rules. */
async function firstRuleset() {
  const [first] = await rulesIndex();
  if (!first) throw new Error("no game has a rules reference");
  return first;
}

/** The reference of a ruleset (`GET /api/rules/<ruleset>`; without one, the first installed
 * game's), fetched once per page. */
export async function loadRules(ruleset = null) {
  const id = ruleset || await firstRuleset();
  if (!cache.has(id)) {
    const p = rulesIndex().then((known) => {
      if (!known.has(id)) throw new Error(`no rules reference for ${id}`);
      return fetch(`/api/rules/${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } });
    })
      .then((r) => { if (!r.ok) throw new Error(`no rules reference for ${id}`); return r.json(); })
      .then((ref) => indexed(ref));
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return cache.get(id);
}

function indexed(ref) {
  const byId = new Map();
  for (const s of ref.section) byId.set(s.id, { ...s, kind: "section" });
  for (const r of ref.rule) byId.set(r.id, { ...r, kind: "rule" });
  return { ...ref, byId };
}

/** The anchor of an entry on the rules page: "5.31" -> "rule-5-31". */
export function anchorOf(id) {
  return `rule-${String(id).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

/** The entry id for a rule as the program cites it (the same reading as engine/help/reference.py). */
export function ruleKey(cited, byId) {
  const text = String(cited).trim();
  const num = /^([1-9]\d?(?:\.\d{1,4})+)(?!\d)/.exec(text);
  if (num) return byId.has(num[1]) ? num[1] : null;
  const section = /^([1-9]\d?)(?= |$)/.exec(text);
  if (section) return byId.has(section[1]) ? section[1] : null;
  // a heading path of the standard game ("Movement Phase > Declare Heading"): the most
  // specific heading that has an entry, else the ones above it
  for (const heading of text.split(" > ").reverse()) {
    const found = headingKey(heading, byId);
    if (found) return found;
  }
  return null;
}

/** The longest entry id ``text`` starts with as a whole word ("Setup 8", else "Setup"). */
function headingKey(text, byId) {
  let best = null;
  for (const id of byId.keys()) {
    if (text.toLowerCase().startsWith(id.toLowerCase()) && !/[a-z0-9]/i.test(text.charAt(id.length))
        && (!best || id.length > best.length)) best = id;
  }
  return best;
}

/** Page address of an entry. */
export function ruleHref(ruleset, id) { return `/rules/${ruleset}#${anchorOf(id)}`; }

/** The entry a heading named in parentheses is, or null: the whole text (of a path, its most
 * specific heading), or an entry followed by a step number ("Light Speed Game 16"); never
 * a mere beginning ("(Movement value 7)" is no heading). */
export function namedKey(text, byId) {
  for (const heading of text.trim().split(" > ").reverse()) {
    if (byId.has(heading)) return heading;
    const step = /^(.+) \d+$/.exec(heading);
    if (step && byId.has(step[1])) return step[1];
  }
  return null;
}

/** A link to one rule (opens the popover; its href is the rules page). */
export function ruleLink(ruleset, id, text = id) {
  const a = document.createElement("a");
  a.className = "rule-ref";
  a.href = ruleHref(ruleset, id);
  a.dataset.rule = id;
  a.dataset.ruleset = ruleset;
  a.setAttribute("aria-haspopup", "dialog");
  a.textContent = text;
  return a;
}

/** Replace the rule numbers in the text under root (an element or a text node) by links;
 * returns how many were made. */
export function linkRules(root, ref) {
  const maybe = ref.linked_headings ? MAYBE_NAMED : MAYBE;
  if (!root.isConnected || !maybe.test(root.textContent)) return 0; // most redrawn nodes cite nothing
  if (root.nodeType === Node.TEXT_NODE) return root.parentElement?.closest(SKIP) ? 0 : linkText(root, ref);
  if (root.nodeType !== Node.ELEMENT_NODE || root.closest(SKIP)) return 0;
  // buttons, links and fields are skipped whole; only text that may cite a rule is read
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => {
      if (n.nodeType === Node.ELEMENT_NODE) return /** @type {Element} */ (n).matches(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      return maybe.test(/** @type {Text} */ (n).data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  let made = 0;
  for (const node of nodes) made += linkText(node, ref);
  return made;
}

function matchesIn(text, ref) {
  const found = [];
  for (const m of text.matchAll(NUMBER)) if (ref.byId.has(m[1])) found.push({ at: m.index, text: m[1], id: m[1] });
  for (const m of text.matchAll(SECTION)) if (ref.byId.has(m[1])) found.push({ at: m.index + 1, text: m[1], id: m[1] });
  for (const m of text.matchAll(HEADING)) {
    const id = ruleKey(m[1], ref.byId);
    const start = m.index + "(rule ".length;
    if (id && !found.some((f) => f.at >= start && f.at < start + m[1].length)) found.push({ at: start, text: m[1], id });
  }
  if (ref.linked_headings) {
    for (const m of text.matchAll(NAMED)) {
      const id = namedKey(m[1], ref.byId);
      const start = m.index + 1;
      if (id && !found.some((f) => f.at >= start - 1 && f.at < start + m[1].length)) found.push({ at: start, text: m[1].trimEnd(), id });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

function linkText(node, ref) {
  const text = node.data;
  const found = matchesIn(text, ref);
  if (!found.length) return 0;
  const frag = document.createDocumentFragment();
  let pos = 0;
  for (const f of found) {
    if (f.at < pos) continue;
    frag.append(text.slice(pos, f.at), ruleLink(ref.ruleset, f.id, f.text));
    pos = f.at + f.text.length;
  }
  frag.append(text.slice(pos));
  node.replaceWith(frag);
  return found.length;
}

/** Link rule numbers under root now and whenever its content changes. ``ruleset`` is a
 * ruleset id or a function answering the current one (a table's page learns it late); null:
 * the first installed game's. */
export function watchRules(root, ruleset = null) {
  if (!root || root.dataset.rulesWatched) return;
  root.dataset.rulesWatched = "1";
  bindPopover();
  const current = typeof ruleset === "function" ? ruleset : () => ruleset;
  // only what changed is read again (a long log is not walked at every redraw), and when the
  // page is idle: linking never delays drawing the game
  const changed = new Set();
  const pass = () => {
    const nodes = [...changed];
    changed.clear(); // what changes while the reference loads is read by the next pass
    return loadRules(current()).then((ref) => {
      for (const n of nodes) linkRules(n, ref);
    }).catch(() => {}); // without the reference the numbers stay plain text
  };
  new MutationObserver((records) => {
    const was = changed.size;
    for (const r of records) {
      if (r.type === "characterData") changed.add(r.target);
      else for (const n of r.addedNodes) changed.add(n);
    }
    if (!was && changed.size) whenIdle(pass);
  }).observe(root, { childList: true, subtree: true, characterData: true });
  changed.add(root);
  pass();
}

const whenIdle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 500 }) : setTimeout(fn, 50));

// --- the popover ---------------------------------------------------------------------------

let pop = null;
let opener = null;

function popover() {
  if (pop) return pop;
  pop = document.createElement("div");
  pop.id = "rule-pop";
  pop.className = "rule-pop";
  pop.setAttribute("role", "dialog");
  pop.setAttribute("aria-modal", "false");
  pop.setAttribute("aria-labelledby", "rule-pop-title");
  pop.hidden = true;
  pop.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeRule(); }
  });
  document.body.appendChild(pop);
  return pop;
}

/** Open the summary of rule `id` of `ruleset` beside `anchor` (a rule link). */
export async function openRule(ruleset, id, anchor = null) {
  const ref = await loadRules(ruleset);
  const entry = ref.byId.get(id);
  if (!entry) return;
  const box = popover();
  const head = document.createElement("div");
  head.className = "rule-pop-head";
  const title = document.createElement("h2");
  title.id = "rule-pop-title";
  title.tabIndex = -1;
  title.textContent = entryTitle(entry);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "rule-pop-close";
  close.setAttribute("aria-label", "Close the rule");
  close.textContent = "✕";
  close.addEventListener("click", () => closeRule());
  head.append(title, close);
  box.replaceChildren(head, ...entryBody(entry));
  const more = document.createElement("a");
  more.className = "rule-pop-more";
  more.href = ruleHref(ref.ruleset, id);
  more.textContent = `All the rules of ${ref.title}`;
  box.append(more);
  box.dataset.rule = id;
  box.hidden = false;
  opener = anchor;
  place(box, anchor);
  title.focus({ preventScroll: true });
}

export function closeRule() {
  if (!pop || pop.hidden) return;
  pop.hidden = true;
  const back = opener;
  opener = null;
  if (back?.isConnected) back.focus({ preventScroll: true });
}

/** "5.31 Declaring your first dot", "15 Combat (optional)", "Engines". */
export function entryTitle(entry) {
  const numbered = /^\d/.test(entry.id) && entry.id !== "2012" && !entry.id.startsWith("2012 ");
  return numbered ? `${entry.id} ${entry.title}` : entry.title;
}

/** The paragraphs of an entry: its summary, optional, and how the 2012 edition differs (an
 * entry's ``y2012``: a reference covering both editions of its game gives it). */
export function entryBody(entry) {
  const parts = [];
  if (entry.optional) {
    const tag = document.createElement("p");
    tag.className = "rule-tag";
    tag.textContent = "Optional rule: only at tables that chose it.";
    parts.push(tag);
  }
  const p = document.createElement("p");
  p.textContent = entry.text;
  parts.push(p);
  if (entry.y2012) {
    const d = document.createElement("p");
    d.className = "rule-2012";
    const b = document.createElement("strong");
    b.textContent = "2012 edition: ";
    d.append(b, entry.y2012);
    parts.push(d);
  }
  return parts;
}

function place(box, anchor) {
  const narrow = window.innerWidth < 600;
  box.classList.toggle("sheet", narrow || !anchor);
  if (narrow || !anchor) { box.style.left = ""; box.style.top = ""; return; }
  const r = anchor.getBoundingClientRect();
  const w = Math.min(380, window.innerWidth - 16);
  box.style.width = `${w}px`;
  const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  box.style.left = `${left + window.scrollX}px`;
  const h = box.offsetHeight;
  const below = r.bottom + 6;
  const top = below + h > window.innerHeight - 8 && r.top - h - 6 > 8 ? r.top - h - 6 : below;
  box.style.top = `${Math.max(8, top) + window.scrollY}px`;
}

let bound = false;
function bindPopover() {
  if (bound) return;
  bound = true;
  document.addEventListener("click", (e) => {
    const link = /** @type {Element} */ (e.target).closest?.("a.rule-ref");
    if (link && !(e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1)) {
      e.preventDefault();
      if (pop && !pop.hidden && pop.dataset.rule === link.dataset.rule && opener === link) { closeRule(); return; }
      openRule(link.dataset.ruleset || null, link.dataset.rule, link);
      return;
    }
    if (pop && !pop.hidden && !pop.contains(e.target)) closeRule();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && pop && !pop.hidden) { e.preventDefault(); closeRule(); }
  }, true);
  window.addEventListener("resize", () => { if (pop && !pop.hidden) place(pop, opener); });
}
