// Movement on the map: highlight where the ship may go (first dots before the roll, reachable
// destinations and next dots after it), preview a path, and offer the same as a keyboard list.
import { svgEl } from "./board.js";
import { END_WORDS } from "./names.js";

const END_ORDER = ["land", "reveal", "penalty", "out_of_mp", "trapped"];

const INTERRUPTS = ["defend", "pack", "hit", "place_rastur", "draw_rastur"];

const FINGER_PX = 22; // half a 44 px touch target

export class Moves {
  /**
   * @param board   the Board
   * @param names   the Names
   * @param actions  what a choice does: {heading(dot), destination(dest), step(moveTo)}
   * @param listEl  where the destinations list goes
   */
  constructor(board, names, actions, listEl) {
    this.board = board;
    this.names = names;
    this.actions = actions;
    this.listEl = listEl;
    this.targets = new Map(); // dot -> {kind, act, tip}
    this.enabled = true;
    // a click picks the highlighted dot under it; a mouse is precise, but a finger on a
    // crowded spot (targets closer than a fingertip) gets a small chooser of those dots
    this.pointerType = "mouse";
    board.container.addEventListener("pointerdown", (e) => { this.pointerType = e.pointerType || "mouse"; });
    board.container.addEventListener("click", (e) => {
      if (!this.targets.size || e.target.closest?.("button")) return;
      const under = board.pickAt(e.clientX, e.clientY, ".hl[data-dot]", "dot")?.dataset.dot;
      const crowd = this.pointerType === "mouse" ? [] : this.crowd(e.clientX, e.clientY);
      if (crowd.length > 1) { e.preventDefault(); this.chooser.open(crowd, e.clientX, e.clientY); return; }
      const dot = crowd[0] || under || this.nearest(board.toBoard(e.clientX, e.clientY));
      if (dot) { e.preventDefault(); this.choose(dot); }
    });
    this.chooser = new Chooser(this);
    board.container.addEventListener("keydown", (e) => {
      const g = e.target.closest?.(".hl[data-dot]");
      if (g && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); this.choose(g.dataset.dot); }
    });
    board.container.addEventListener("pointerover", (e) => {
      const g = e.target.closest?.(".hl[data-dot]");
      if (g) this.preview(g.dataset.dot);
    });
    board.container.addEventListener("focusin", (e) => {
      const g = e.target.closest?.(".hl[data-dot]");
      if (g) this.preview(g.dataset.dot);
    });
  }

  nearest(p) {
    let best = null;
    let bestDist = Infinity;
    for (const dot of this.targets.keys()) {
      const d = this.board.dot(dot);
      const dist = Math.hypot(d.x - p.x, d.y - p.y);
      if (dist < bestDist) { best = dot; bestDist = dist; }
    }
    const reach = Math.max(30 * (this.board.markScale || 1), 16 * this.board.unitsPerPixel());
    return bestDist <= reach ? best : null;
  }

  /** The targets a fingertip at a screen point may mean: every highlight whose hit circle,
   * or a 44 px fingertip (22 px around the point), reaches it. */
  crowd(clientX, clientY) {
    const out = [];
    for (const dot of this.targets.keys()) {
      const g = this.board.container.querySelector(`.hl[data-dot="${CSS.escape(dot)}"] .hl-hit`);
      const r = g ? g.getBoundingClientRect() : null;
      if (!r) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const reach = Math.max(FINGER_PX, r.width / 2);
      const dist = Math.hypot(cx - clientX, cy - clientY);
      if (dist <= reach) out.push([dist, dot]);
    }
    return out.sort((a, b) => a[0] - b[0]).map(([, dot]) => dot);
  }

  choose(dot) {
    const t = this.targets.get(dot);
    if (t && this.enabled) t.act();
  }

  setEnabled(on) {
    this.enabled = on;
    this.board.container.classList.toggle("busy", !on);
    for (const b of this.listEl.querySelectorAll("button")) b.disabled = !on;
  }

  clear() {
    this.chooser?.close();
    this.targets.clear();
    for (const l of ["highlight", "path"]) {
      const layer = this.board.layer(l);
      while (layer.firstChild) layer.firstChild.remove();
    }
    this.listEl.replaceChildren();
  }

  /** Draw what the answer allows; ``answer`` is {view, legal, reachable}. */
  render(answer) {
    this.clear();
    const { view, legal, reachable } = answer;
    const place = legal.filter((c) => c.type === "PlaceRastur");
    if (place.length) { this.renderRastur(view, place); return; }
    if (INTERRUPTS.includes(view.pending?.prompt)) return; // an attack or a Rastur waits first
    const phase = view.turn?.phase;
    if (phase === "declare") this.renderHeadings(view, legal);
    if (phase === "move") this.renderMove(view, legal, reachable);
    this.followTargets();
  }

  /** New choices off-screen: the map brings them into view (once per set of choices, and
   * never while the player pans: ``Board.follow``). */
  followTargets() {
    const dots = [...this.targets.keys()];
    const key = dots.sort().join(" ");
    if (!key || key === this.followed) return;
    this.followed = key;
    this.board.follow(dots);
  }

  /** 16.23: the sites where the Rastur just drawn may go (click one, or pick it in the list). */
  renderRastur(view, place) {
    const n = this.names;
    const strength = view.pending?.detail?.strength ?? view.rastur_hand;
    for (const c of place) {
      this.target(c.dot, "hl-rastur", `Place the Rastur (strength ${strength}) at ${n.dotLabel(c.dot)}`,
        () => this.actions.step(c), "click to place the Rastur here");
    }
    const items = place.map((c) => button(n.dotLabel(c.dot), `Place the Rastur at ${n.dotLabel(c.dot)}`,
      () => this.actions.step(c), { dot: c.dot, board: this }));
    this.list(`Rastur sites (${place.length})`, items, `Place the Rastur of strength ${strength} (16.23).`, "rastur-sites");
  }

  renderHeadings(view, legal) {
    const n = this.names;
    const headings = legal.filter((c) => c.type === "DeclareHeading").map((c) => c.dot);
    const declared = view.turn.heading;
    const all = declared ? [declared, ...headings] : headings;
    const here = view.players[view.turn.seat].dot;
    // two first dots of one route may read the same ("blue dot, route ..."): the way tells
    const texts = uniqueLabels(all.map((dot) => ({ label: n.dotLabel(dot), dot, from: here })), n);
    const onMap = all.map((dot, i) => (dot === declared ? `Your declared first dot: ${texts[i]}` : `Declare as your first dot: ${texts[i]}`));
    all.forEach((dot, i) => {
      const chosen = dot === declared;
      this.target(dot, chosen ? "hl-heading-chosen" : "hl-heading", onMap[i],
        chosen ? () => {} : () => this.actions.heading(dot), chosen ? "your first dot" : "click to declare it your first dot");
    });
    const items = all.map((dot, i) => {
      const chosen = dot === declared;
      return button(`${texts[i]}${chosen ? " — declared" : ""}`, chosen ? "Your declared first dot" : "Declare it as your first dot",
        () => { if (!chosen) this.actions.heading(dot); }, { pressed: chosen, dot, board: this });
    });
    this.list("First dot (declare before rolling, 5.31)", items, "Pick the dot your ship will move to first; then roll.");
  }

  renderMove(view, legal, reachable) {
    const n = this.names;
    const byDot = new Map();
    for (const d of reachable) {
      if (!byDot.has(d.dot)) byDot.set(d.dot, []);
      byDot.get(d.dot).push(d);
    }
    const here = view.players[view.turn.seat].dot;
    // next dots by hand (MoveTo), drawn under the destinations
    const steps = legal.filter((c) => c.type === "MoveTo");
    const drawn = steps.filter((s, i) => !byDot.has(s.dot) && steps.findIndex((t) => t.dot === s.dot) === i);
    const stepsOnMap = uniqueLabels(drawn.map((s) => ({ label: `Move one dot to ${n.dotLabel(s.dot)}${s.pilot ? ` with Pilot Number ${s.pilot}` : ""}`, dot: s.dot, from: here })), n);
    drawn.forEach((s, i) => this.target(s.dot, "hl-step", stepsOnMap[i], () => this.actions.step(s), "next dot: click to move one step"));
    const bests = [...byDot.values()].map((options) => {
      options.sort((a, b) => END_ORDER.indexOf(a.end) - END_ORDER.indexOf(b.end));
      return options[0];
    });
    const onMap = uniqueLabels(bests.map((d) => ({ label: `${n.dotLabel(d.dot)}: ${destWords(d)}`, dest: d })), n);
    bests.forEach((best, i) => {
      this.target(best.dot, `hl-dest hl-${best.end}`, onMap[i], () => this.actions.destination(best), destWords(best), best);
    });
    const sorted = [...reachable].sort((a, b) => END_ORDER.indexOf(a.end) - END_ORDER.indexOf(b.end)
      || b.mp_left - a.mp_left || n.dotLabel(a.dot).localeCompare(n.dotLabel(b.dot)));
    // a destination's button is named by its words (dot, where, how the move ends): where two
    // would read the same, what tells them apart is shown too
    const shown = sorted.map((d) => `${n.dotName(d.dot)} ${n.whereName(d.dot)} · ${destWords(d)}`);
    const apart = uniqueLabels(sorted.map((d, i) => ({ label: shown[i], dest: d, from: here })), n);
    const items = sorted.map((d, i) => button(`${n.dotName(d.dot)}`, `Move to ${n.dotLabel(d.dot)}`,
      () => this.actions.destination(d), { dest: d, where: n.whereName(d.dot), board: this, extra: apart[i].slice(shown[i].length) }));
    this.list(`Destinations (${reachable.length})`, items,
      reachable.length ? "Where this move can end. Hover or focus one to see its path." : "No destination: move dot by dot, land, or stop.");
    if (steps.length) {
      const stepTexts = uniqueLabels(steps.map((s) => ({ label: `${n.dotLabel(s.dot)}${s.pilot ? ` (Pilot ${s.pilot})` : ""}`, dot: s.dot, from: here })), n);
      const stepItems = steps.map((s, i) => button(stepTexts[i],
        `Move one dot to ${n.dotLabel(s.dot)}${s.pilot ? ` with Pilot Number ${s.pilot}` : ""}`, () => this.actions.step(s), { dot: s.dot, board: this }));
      this.list("Or one dot at a time", stepItems, `From ${n.dotLabel(here)}.`, "steps");
    }
  }

  target(dot, cls, label, act, tip, dest = null) {
    const d = this.board.dot(dot);
    if (!d) return;
    const g = svgEl("g", {
      class: `hl ${cls}`, "data-dot": dot, transform: `translate(${d.x} ${d.y})`,
      tabindex: 0, role: "button", "aria-label": label, "data-tip": tip,
    }, this.board.layer("highlight"));
    const r = d.kind === "circle" ? 30 : d.kind === "penalty" ? 26 : dot === "galactic-base" ? 38 : 20;
    const sc = svgEl("g", { class: "sc" }, g);
    svgEl("circle", { r: r + 4, class: "hl-hit" }, sc);
    svgEl("circle", { r, class: "hl-ring" }, sc);
    if (dest && dest.end !== "out_of_mp") {
      const badge = { land: "⬇", penalty: "$", reveal: "?", trapped: "■" }[dest.end];
      if (badge) {
        svgEl("circle", { cx: r * 0.75, cy: -r * 0.75, r: 9, class: "hl-badge" }, sc);
        svgEl("text", { x: r * 0.75, y: -r * 0.75 + 4, "text-anchor": "middle", class: "hl-badge-text" }, sc).textContent = badge;
      }
    }
    this.targets.set(dot, { act, dest });
  }

  /** Draw the path to a destination (or the single step to a dot). */
  preview(dot) {
    const layer = this.board.layer("path");
    while (layer.firstChild) layer.firstChild.remove();
    const t = this.targets.get(dot);
    for (const el of this.board.container.querySelectorAll(".hl.previewing")) el.classList.remove("previewing");
    this.board.container.querySelector(`.hl[data-dot="${CSS.escape(dot)}"]`)?.classList.add("previewing");
    if (!t?.dest) return;
    const start = this.board.layer("pawn").querySelector(".pawn-active")?.dataset.dot;
    const pts = [start, ...t.dest.path].map((id) => this.board.dot(id)).filter(Boolean);
    svgEl("polyline", { points: pts.map((p) => `${p.x},${p.y}`).join(" "), class: "path-preview" }, layer);
  }

  list(title, items, hint, cls = "dests") {
    const box = document.createElement("section");
    box.className = `move-list ${cls}`;
    const h = document.createElement("h3");
    h.textContent = title;
    box.appendChild(h);
    if (hint) {
      const p = document.createElement("p");
      p.className = "hint";
      p.textContent = hint;
      box.appendChild(p);
    }
    const ul = document.createElement("ul");
    for (const li of items) ul.appendChild(li);
    box.appendChild(ul);
    this.listEl.appendChild(box);
  }
}

function duplicates(labels) {
  const seen = new Set();
  const dup = new Set();
  for (const l of labels) { if (seen.has(l)) dup.add(l); seen.add(l); }
  return dup;
}

/** Every choice gets its own label: where two would read the same (two dots of one route,
 * two ways to one dot), add what tells them apart: how far, the way taken, which way along
 * its route from ``from`` (the ship's dot), where on its route the dot lies, else a number.
 * A teller is added only where it tells the entries that read alike apart.
 * Entries: {label, dest?, dot?, from?}. */
export function uniqueLabels(entries, names) {
  const out = entries.map((e) => e.label);
  const dotOf = (e) => e.dot ?? e.dest?.dot ?? null;
  const tellers = [
    (e) => (e.dest ? `${e.dest.path.length} ${e.dest.path.length === 1 ? "dot" : "dots"} away` : ""),
    (e) => (e.dest?.path.length > 1 ? `via ${names.dotName(e.dest.path[0])}` : ""),
    (e) => (e.from && dotOf(e) ? names.towards?.(e.from, dotOf(e)) ?? "" : ""),
    (e) => (dotOf(e) ? names.routePlace?.(dotOf(e)) ?? "" : ""),
  ];
  for (const tell of tellers) {
    const dup = duplicates(out);
    if (!dup.size) return out;
    for (const label of dup) {
      const group = out.map((l, i) => i).filter((i) => out[i] === label);
      const said = group.map((i) => tell(entries[i]));
      if (new Set(said).size < 2) continue; // the same for all of them: tells nothing
      group.forEach((i, k) => { if (said[k]) out[i] = `${label}, ${said[k]}`; });
    }
  }
  const dup = duplicates(out);
  const count = new Map();
  out.forEach((l, i) => {
    if (!dup.has(l)) return;
    count.set(l, (count.get(l) || 0) + 1);
    out[i] = `${l} (choice ${count.get(l)})`;
  });
  return out;
}

export function destWords(d) {
  const parts = [END_WORDS[d.end] || d.end, `${d.mp_left} MP left`];
  if (d.paid) parts.push(`pays ${d.paid} in penalties`);
  if (d.pilot) parts.push(`Pilot Number ${d.pilot}`);
  return parts.join(" · ");
}

/** A choice of the list, named by its words (``text``, and for a destination where it is and
 * how the move ends, with ``extra``: what tells it from a choice that reads the same);
 * ``label`` says what it does: its description (``title``), never a second name. */
function button(text, label, act, { pressed = null, dest = null, where = "", dot = null, board = null, extra = "" } = {}) {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.className = dest ? `dest-btn end-${dest.end}` : "step-btn";
  b.title = label;
  if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
  const main = document.createElement("span");
  main.className = "dest-name";
  main.textContent = text;
  b.appendChild(main);
  if (dest) {
    const sub = document.createElement("span");
    sub.className = "dest-sub";
    sub.textContent = `${where} · ${destWords(dest)}${extra}`;
    b.appendChild(sub);
    b.dataset.dot = dest.dot;
    b.dataset.end = dest.end;
    b.dataset.path = dest.path.join(" ");
  } else if (dot) b.dataset.dot = dot;
  b.addEventListener("click", act);
  const target = dest?.dot || dot;
  if (board && target) {
    const on = () => { board.preview(target); board.board.container.querySelector(`.hl[data-dot="${CSS.escape(target)}"]`)?.classList.add("previewing"); };
    b.addEventListener("mouseenter", on);
    b.addEventListener("focus", on);
  }
  li.appendChild(b);
  return li;
}

/** The small chooser a tap on a crowded spot opens: one button per dot the finger may mean
 * (their labels are the map's, unique), at the tap; Escape or a press elsewhere closes it. */
class Chooser {
  constructor(moves) {
    this.moves = moves;
    this.box = document.createElement("div");
    this.box.className = "dot-chooser";
    this.box.setAttribute("role", "dialog");
    this.box.setAttribute("aria-label", "Which dot did you mean?");
    this.box.hidden = true;
    moves.board.container.parentElement.appendChild(this.box);
    this.box.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); this.close(true); } });
    document.addEventListener("pointerdown", (e) => {
      if (!this.box.hidden && !this.box.contains(/** @type {Node} */ (e.target))) this.close();
    }, true);
  }

  open(dots, clientX, clientY) {
    const { moves } = this;
    const names = moves.names;
    const title = document.createElement("p");
    title.className = "dc-title";
    title.textContent = "Which dot?";
    const list = document.createElement("ul");
    for (const dot of dots) {
      const hl = moves.board.container.querySelector(`.hl[data-dot="${CSS.escape(dot)}"]`);
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = `dc-btn ${[...hl.classList].filter((c) => c.startsWith("hl-")).map((c) => `dc-${c.slice(3)}`).join(" ")}`;
      b.dataset.dot = dot;
      // named by its words: the map's label of the dot (unique; it says what a tap does)
      const name = document.createElement("span");
      name.className = "dest-name";
      name.textContent = hl.getAttribute("aria-label") || names.dotLabel(dot);
      b.append(name);
      b.addEventListener("click", () => { this.close(); moves.choose(dot); });
      b.addEventListener("focus", () => moves.preview(dot));
      li.appendChild(b);
      list.appendChild(li);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "dc-cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => this.close(true));
    this.box.replaceChildren(title, list, cancel);
    this.box.hidden = false;
    const host = moves.board.container.parentElement.getBoundingClientRect();
    const w = this.box.offsetWidth;
    const h = this.box.offsetHeight;
    const x = Math.max(4, Math.min(host.width - w - 4, clientX - host.left - w / 2));
    const below = clientY - host.top + 28;
    const y = below + h <= host.height - 4 ? below : Math.max(4, clientY - host.top - 28 - h);
    this.box.style.left = `${x}px`;
    this.box.style.top = `${y}px`;
    this.box.querySelector("button")?.focus({ preventScroll: true });
  }

  close(refocus = false) {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.box.replaceChildren();
    if (refocus) this.moves.board.container.focus({ preventScroll: true });
  }
}
