// The map viewport of any SVG board (docs/architecture.md, "The web client"): an SVG shown inline in a container, zoom and
// pan done on its viewBox (mouse drag, wheel around the cursor, touch pinch, keyboard on the
// focused map: + - arrows 0), Fit (the whole board in the map's real room: the container less
// the zoom bar and the replay bar), following places (the least pan that shows them, not
// against the player's own hand for 6 s) and overlay layers for pieces and highlights.
// A game's board subclasses it (``web/games/<folder>/board.js``: it indexes its dots as places).
import { svgEl } from "./dom.js";

const DRAG_THRESHOLD = 6; // px a pointer must travel before a press becomes a pan

export class MapView {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.full = null; // the whole board's box {x, y, w, h}
    this.view = null; // the current viewBox
    this.places = new Map(); // place id -> {x, y, ...} in board units (follow, centreOn)
    this.layers = {};
    this.pointers = new Map();
    this.gesture = null;
    this.suppressClick = false;
  }

  /** Show an SVG document's text in the container, with an ``#overlay`` group holding one
   * ``g.layer-<name>`` per layer name (drawn in that order), fitted; returns its root. */
  show(svgText, layers = []) {
    this.container.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, "");
    const svg = this.container.querySelector("svg");
    this.svg = svg;
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    this.full = { x, y, w, h };
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    // a group, not an image: its overlay holds buttons (highlighted places); the drawing
    // under it is the picture, its words left to the map's own label and lists
    svg.setAttribute("role", "group");
    svg.setAttribute("focusable", "false");
    for (const part of svg.children) if (part.localName !== "title") part.setAttribute("aria-hidden", "true");
    this.places.clear();
    this.layers = {};
    const overlay = svgEl("g", { id: "overlay" }, svg);
    for (const name of layers) this.layers[name] = svgEl("g", { class: `layer-${name}` }, overlay);
    return svg;
  }

  /** After ``show`` and indexing the places: fit the board and listen to the gestures. */
  ready() {
    this.fit();
    this.bindGestures();
    return this;
  }

  /** A place of the map by id (``places``: id -> {x, y, ...} in board units). */
  place(id) { return this.places.get(id); }

  layer(name) { return this.layers[name]; }

  // --- the view --------------------------------------------------------------------------
  setView(v) {
    const minW = this.full.w / 14;
    const maxW = Math.max(this.full.w * 1.25, this.fitW || 0); // never less than what Fit needs
    const w = Math.min(maxW, Math.max(minW, v.w));
    const h = w * (v.h / v.w);
    // keep some of the board on screen
    const x = Math.min(this.full.x + this.full.w - w * 0.2, Math.max(this.full.x - w * 0.8, v.x));
    const y = Math.min(this.full.y + this.full.h - h * 0.2, Math.max(this.full.y - h * 0.8, v.y));
    this.view = { x, y, w, h };
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    // pieces and highlights keep a readable size on screen when zoomed out
    const rect = this.container.getBoundingClientRect();
    const upp = rect.width ? Math.max(w / rect.width, h / rect.height) : 1;
    this.markScale = Math.min(2.2, Math.max(1, upp * 0.7));
    this.svg.style.setProperty("--mark-scale", this.markScale.toFixed(3));
  }

  /** The whole board, as large as the map's real room allows (the container less the zoom
   * bar), at any aspect ratio. The viewBox keeps the container's aspect, so zooming keeps the
   * same scale on both axes. */
  fit() {
    const rect = this.container.getBoundingClientRect();
    const { x, y, w, h } = this.full;
    if (!(rect.width > 0 && rect.height > 0)) { this.setView({ x, y, w, h }); return; }
    const room = this.room(rect);
    const scale = Math.min(room.w / w, room.h / h); // screen px per board unit
    const vw = rect.width / scale;
    this.fitW = vw;
    this.setView({
      x: x - (room.w / scale - w) / 2 - room.left / scale,
      y: y - (room.h / scale - h) / 2 - room.top / scale,
      w: vw, h: rect.height / scale,
    });
    this.fitView = { ...this.view };
  }

  /** Whether the view is still the one Fit chose. */
  fitted() {
    const f = this.fitView;
    const v = this.view;
    return !!f && !!v && ["x", "y", "w", "h"].every((k) => Math.abs(f[k] - v[k]) < 1e-6);
  }

  /** The part of the container the board may use: all of it but the strip the zoom bar
   * covers (its column on the right on a laptop, its row at the bottom on a phone) and the
   * replay bar's row while it shows. */
  room(rect) {
    const room = { left: 0, top: 0, w: rect.width, h: rect.height };
    const wrap = this.container.parentElement;
    const bar = wrap?.querySelector(":scope > .zoom-bar")?.getBoundingClientRect();
    if (bar?.width) {
      if (bar.height > bar.width) room.w = Math.max(rect.width / 2, bar.left - rect.left - 4);
      else room.h = Math.max(rect.height / 2, bar.top - rect.top - 4);
    }
    // a strip along the bottom (the replay bar while replaying) takes its height too
    const strip = wrap?.querySelector(":scope > .replay-bar:not([hidden])")?.getBoundingClientRect();
    if (strip?.height) room.h = Math.max(rect.height / 2, Math.min(room.h, strip.top - rect.top - 4));
    return room;
  }

  /** The box of board units shown on screen, less a margin (a fraction of the view). */
  shown(margin = 0) {
    const v = this.view;
    const rect = this.container.getBoundingClientRect();
    const room = rect.width ? this.room(rect) : { w: 1, h: 1 };
    const kw = rect.width ? room.w / rect.width : 1;
    const kh = rect.height ? room.h / rect.height : 1;
    return {
      x0: v.x + v.w * margin, y0: v.y + v.h * margin,
      x1: v.x + v.w * (kw - margin), y1: v.y + v.h * (kh - margin),
    };
  }

  /** The player's own hand on the map (drag, wheel, keys, zoom buttons): the map does not
   * move by itself for a while after it. */
  noteUser() { this.userAt = performance.now(); }

  userRecently(ms = 6000) {
    return !!this.gesture?.moved || performance.now() - (this.userAt ?? -Infinity) < ms;
  }

  /** Bring places into view: the least pan that shows them all (zooming out only when they do
   * not fit). Nothing happens while the player is panning or just panned. */
  follow(ids, { margin = 0.06 } = {}) {
    const pts = ids.map((id) => this.place(id)).filter(Boolean);
    if (!pts.length || !this.view || this.userRecently()) return false;
    const box = this.shown(margin);
    if (pts.every((p) => p.x >= box.x0 && p.x <= box.x1 && p.y >= box.y0 && p.y <= box.y1)) return false;
    const b = {
      x0: Math.min(...pts.map((p) => p.x)), x1: Math.max(...pts.map((p) => p.x)),
      y0: Math.min(...pts.map((p) => p.y)), y1: Math.max(...pts.map((p) => p.y)),
    };
    const v = this.view;
    const bw = box.x1 - box.x0;
    const bh = box.y1 - box.y0;
    const k = Math.max(1, (b.x1 - b.x0) / bw, (b.y1 - b.y0) / bh);
    const w = v.w * k;
    const h = v.h * k;
    const iw = bw * k; // the inner box, zoomed out alike
    const ih = bh * k;
    const mx = w * margin;
    const my = h * margin;
    let x = v.x + (v.w - w) / 2;
    let y = v.y + (v.h - h) / 2;
    if (b.x0 < x + mx) x = b.x0 - mx; else if (b.x1 > x + mx + iw) x = b.x1 - mx - iw;
    if (b.y0 < y + my) y = b.y0 - my; else if (b.y1 > y + my + ih) y = b.y1 - my - ih;
    this.setView({ x, y, w, h });
    return true;
  }

  /** Zoom by ``factor`` (>1 zooms in) around a board point (default: the view's centre). */
  zoom(factor, at = null) {
    const v = this.view;
    const cx = at ? at.x : v.x + v.w / 2;
    const cy = at ? at.y : v.y + v.h / 2;
    const w = v.w / factor;
    const h = v.h / factor;
    this.setView({ x: cx - (cx - v.x) * (w / v.w), y: cy - (cy - v.y) * (h / v.h), w, h });
  }

  pan(dx, dy) { // in board units
    this.setView({ ...this.view, x: this.view.x + dx, y: this.view.y + dy });
  }

  /** Centre the view on a place, zooming in to at least ``zoomW`` board units wide. */
  centreOn(id, zoomW = null) {
    const d = this.place(id);
    if (!d) return;
    const v = this.view;
    const w = zoomW ? Math.min(v.w, zoomW) : v.w;
    const h = w * (v.h / v.w);
    this.setView({ x: d.x - w / 2, y: d.y - h / 2, w, h });
  }

  /** A screen point as a board point. */
  toBoard(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  /** Of the map's elements matching ``selector`` under a screen point, the one whose place
   * (its ``data-<key>``) is nearest the point, or null. Where places are crowded, a
   * highlight's hit circle or badge lies over a neighbour's: the click means the nearer
   * place, not the highlight drawn last. */
  pickAt(clientX, clientY, selector, key) {
    const under = new Map();
    for (const el of document.elementsFromPoint(clientX, clientY)) {
      const g = el.closest?.(selector);
      const id = g && this.container.contains(g) ? g.dataset[key] : undefined;
      if (id !== undefined && !under.has(id)) under.set(id, g);
    }
    if (under.size < 2) return under.values().next().value || null;
    const p = this.toBoard(clientX, clientY);
    let best = null;
    let bestDist = Infinity;
    for (const [id, g] of under) {
      const at = this.places.get(id);
      const dist = at ? Math.hypot(at.x - p.x, at.y - p.y) : Infinity;
      if (dist < bestDist) { best = g; bestDist = dist; }
    }
    return best;
  }

  /** A board point on screen, relative to the container. */
  toScreen(x, y) {
    const ctm = this.svg.getScreenCTM();
    const rect = this.container.getBoundingClientRect();
    const p = new DOMPoint(x, y).matrixTransform(ctm);
    return { x: p.x - rect.left, y: p.y - rect.top };
  }

  unitsPerPixel() {
    const ctm = this.svg.getScreenCTM();
    return ctm ? 1 / ctm.a : 1;
  }

  // --- gestures --------------------------------------------------------------------------
  bindGestures() {
    if (this.bound) return;
    this.bound = true;
    const c = this.container;
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.noteUser();
      const k = e.deltaMode === 1 ? 0.05 : 0.0015; // lines or pixels
      this.zoom(Math.exp(-e.deltaY * k), this.toBoard(e.clientX, e.clientY));
    }, { passive: false });
    c.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.suppressClick = false;
      this.startGesture();
    });
    c.addEventListener("pointermove", (e) => {
      if (!this.pointers.has(e.pointerId)) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.moveGesture(e);
    });
    const end = (e) => {
      if (!this.pointers.delete(e.pointerId)) return;
      if (c.hasPointerCapture?.(e.pointerId)) c.releasePointerCapture(e.pointerId);
      this.startGesture();
    };
    c.addEventListener("pointerup", end);
    c.addEventListener("pointercancel", end);
    // a press that turned into a pan is not a click on a dot
    c.addEventListener("click", (e) => {
      if (this.suppressClick) { e.stopPropagation(); e.preventDefault(); this.suppressClick = false; }
    }, true);
    c.addEventListener("keydown", (e) => this.onKey(e));
    window.addEventListener("resize", () => this.keepScale());
  }

  startGesture() {
    const pts = [...this.pointers.values()];
    if (!pts.length) { this.gesture = null; this.container.classList.remove("panning"); return; }
    const mid = centroid(pts);
    this.gesture = {
      start: mid, view: { ...this.view }, dist: pts.length > 1 ? spread(pts) : 0,
      count: pts.length, moved: false, upp: this.unitsPerPixel(),
      anchor: this.toBoard(mid.x, mid.y),
    };
  }

  moveGesture(e) {
    const g = this.gesture;
    if (!g) return;
    const pts = [...this.pointers.values()];
    const mid = centroid(pts);
    if (!g.moved && Math.hypot(mid.x - g.start.x, mid.y - g.start.y) < DRAG_THRESHOLD && pts.length < 2) return;
    if (!g.moved) {
      g.moved = true;
      this.noteUser();
      this.suppressClick = true;
      this.container.classList.add("panning");
      this.container.setPointerCapture?.(e.pointerId);
    }
    let w = g.view.w;
    if (pts.length > 1 && g.dist > 0) w = g.view.w * (g.dist / spread(pts));
    const scale = w / g.view.w;
    const upp = g.upp * scale;
    // the board point under the gesture's start stays under the fingers' centroid
    const rect = this.container.getBoundingClientRect();
    const x = g.anchor.x - (mid.x - rect.left) * upp - this.offsetX(upp, w);
    const y = g.anchor.y - (mid.y - rect.top) * upp - this.offsetY(upp, w * (g.view.h / g.view.w));
    this.noteUser();
    this.setView({ x, y, w, h: w * (g.view.h / g.view.w) });
  }

  // the viewBox is letterboxed in the container when aspects differ (meet): the offsets
  offsetX(upp, w) { return -(this.container.getBoundingClientRect().width * upp - w) / 2; }
  offsetY(upp, h) { return -(this.container.getBoundingClientRect().height * upp - h) / 2; }

  keepScale() { // after a resize keep the centre and the zoom, adopt the new aspect
    if (!this.view) return;
    const rect = this.container.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    const v = this.view;
    const cx = v.x + v.w / 2;
    const cy = v.y + v.h / 2;
    const h = v.w * (rect.height / rect.width);
    this.setView({ x: cx - v.w / 2, y: cy - h / 2, w: v.w, h });
  }

  onKey(e) {
    if (e.target !== this.container) return; // keys on a focused piece belong to it
    const step = 0.12;
    const v = this.view;
    const keys = {
      "+": () => this.zoom(1.25), "=": () => this.zoom(1.25), "-": () => this.zoom(0.8),
      "_": () => this.zoom(0.8), "0": () => this.fit(), "f": () => this.fit(),
      ArrowLeft: () => this.pan(-v.w * step, 0), ArrowRight: () => this.pan(v.w * step, 0),
      ArrowUp: () => this.pan(0, -v.h * step), ArrowDown: () => this.pan(0, v.h * step),
    };
    const act = keys[e.key];
    if (act && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); this.noteUser(); act(); }
  }
}

function centroid(pts) {
  return { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length };
}

function spread(pts) {
  return Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) || 1;
}

/** Zoom buttons (in, out, fit; with ``centre`` {label, at() -> place id or null} a fourth that
 * centres on that place) for a map, added to ``parent``. */
export function zoomButtons(map, parent, centre = null) {
  const bar = document.createElement("div");
  bar.className = "zoom-bar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "Map view");
  for (const [label, text, act] of [
    ["Zoom in", "+", () => map.zoom(1.4)],
    ["Zoom out", "−", () => map.zoom(1 / 1.4)],
    ["Fit the whole board to the screen", "⤢", () => map.fit()],
    ...(centre ? [[centre.label, "◎", () => {
      const id = centre.at();
      if (id !== null && id !== undefined) map.centreOn(id, map.full.w / 3);
    }]] : []),
  ]) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = label;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", () => { map.noteUser(); act(); });
    bar.appendChild(b);
  }
  parent.appendChild(bar);
  if (map.fitted()) map.fit(); // the bar takes room from the map: fit again around it
  return bar;
}
