// Movement on the map: highlight where the ship may go (first dots before the roll, reachable
// destinations and next dots after it), preview a path, and offer the same as a keyboard list.
import { svgEl } from "./board.js";
import { END_WORDS } from "./names.js";

const END_ORDER = ["land", "reveal", "penalty", "out_of_mp", "trapped"];

const INTERRUPTS = ["defend", "pack", "hit", "place_rastur", "draw_rastur"];

export class Moves {
  /**
   * @param board   the Board
   * @param names   the Names
   * @param actions {heading(dot), destination(dest), step(moveTo)}: what a choice does
   * @param listEl  where the destinations list goes
   */
  constructor(board, names, actions, listEl) {
    this.board = board;
    this.names = names;
    this.actions = actions;
    this.listEl = listEl;
    this.targets = new Map(); // dot -> {kind, act, tip}
    this.enabled = true;
    // a click picks the nearest highlighted dot (targets overlap when zoomed out)
    board.container.addEventListener("click", (e) => {
      if (!this.targets.size || e.target.closest?.("button")) return;
      const dot = this.nearest(board.toBoard(e.clientX, e.clientY));
      if (dot) { e.preventDefault(); this.choose(dot); }
    });
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
    for (const dot of all) {
      const chosen = dot === declared;
      this.target(dot, chosen ? "hl-heading-chosen" : "hl-heading",
        chosen ? `Your declared first dot: ${n.dotLabel(dot)}` : `Declare as your first dot: ${n.dotLabel(dot)}`,
        chosen ? () => {} : () => this.actions.heading(dot), chosen ? "your first dot" : "click to declare it your first dot");
    }
    const items = all.map((dot) => {
      const chosen = dot === declared;
      return button(`${n.dotLabel(dot)}${chosen ? " — declared" : ""}`,
        chosen ? `${n.dotLabel(dot)} is your declared first dot` : `Declare ${n.dotLabel(dot)} as your first dot`,
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
    for (const s of steps) {
      if (byDot.has(s.dot) || this.targets.has(s.dot)) continue;
      this.target(s.dot, "hl-step", `Move one dot to ${n.dotLabel(s.dot)}${s.pilot ? ` with Pilot Number ${s.pilot}` : ""}`,
        () => this.actions.step(s), "next dot: click to move one step");
    }
    for (const [dot, options] of byDot) {
      options.sort((a, b) => END_ORDER.indexOf(a.end) - END_ORDER.indexOf(b.end));
      const best = options[0];
      this.target(dot, `hl-dest hl-${best.end}`, `${n.dotLabel(dot)}: ${destWords(best)}`,
        () => this.actions.destination(best), destWords(best), best);
    }
    const sorted = [...reachable].sort((a, b) => END_ORDER.indexOf(a.end) - END_ORDER.indexOf(b.end)
      || b.mp_left - a.mp_left || n.dotLabel(a.dot).localeCompare(n.dotLabel(b.dot)));
    const items = sorted.map((d) => button(`${n.dotName(d.dot)}`, `Move to ${n.dotLabel(d.dot)}: ${destWords(d)}`,
      () => this.actions.destination(d), { dest: d, where: n.whereName(d.dot), board: this }));
    this.list(`Destinations (${reachable.length})`, items,
      reachable.length ? "Where this move can end. Hover or focus one to see its path." : "No destination: move dot by dot, land, or stop.");
    if (steps.length) {
      const stepItems = steps.map((s) => button(`${n.dotLabel(s.dot)}${s.pilot ? ` (Pilot ${s.pilot})` : ""}`,
        `Move one dot to ${n.dotLabel(s.dot)}${s.pilot ? ` with Pilot Number ${s.pilot}` : ""}`, () => this.actions.step(s),
        { dot: s.dot, board: this }));
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

export function destWords(d) {
  const parts = [END_WORDS[d.end] || d.end, `${d.mp_left} MP left`];
  if (d.paid) parts.push(`pays ${d.paid} in penalties`);
  if (d.pilot) parts.push(`Pilot Number ${d.pilot}`);
  return parts.join(" · ");
}

function button(text, label, act, { pressed = null, dest = null, where = "", dot = null, board = null } = {}) {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.className = dest ? `dest-btn end-${dest.end}` : "step-btn";
  b.setAttribute("aria-label", label);
  if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
  const main = document.createElement("span");
  main.className = "dest-name";
  main.textContent = text;
  b.appendChild(main);
  if (dest) {
    const sub = document.createElement("span");
    sub.className = "dest-sub";
    sub.textContent = `${where} · ${destWords(dest)}`;
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
