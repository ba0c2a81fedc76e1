// The score chart (the game's score, e.g. a Net Worth): every player's public score at the start of each turn
// (inline SVG; the game module says what the score is and its name). The replay passes the
// points up to the moment it shows, so the chart is the one of that moment.
import { svgEl } from "./dom.js";

const PAD = { l: 40, r: 12, t: 12, b: 24 };

/** A chart's room, as last laid out: ``{w, h, legend, drawn, again}`` (its width and height,
 * its legend's height; the room the drawing was made for; how to draw it again). A
 * ResizeObserver keeps it, after the browser's own layout: a chart drawn while the page
 * changes (a slow device watching fast bots) never lays the page out to ask
 * (docs/performance.md, "The client"). */
const rooms = new WeakMap();

/** The room of ``root``: measured once, then kept by a ResizeObserver that draws the chart
 * again when it changes. */
function roomOf(root) {
  let room = rooms.get(root);
  if (room) return room;
  room = { w: root.clientWidth, h: root.clientHeight, legend: null, legendEl: null, drawn: "", again: null, watch: null };
  rooms.set(root, room);
  if (typeof ResizeObserver === "undefined") return room;
  room.watch = new ResizeObserver(() => {
    room.w = root.clientWidth; // (the page is laid out when observers are told)
    room.h = root.clientHeight;
    const legend = root.querySelector(".legend");
    if (legend instanceof HTMLElement) room.legend = legend.offsetHeight;
    // drawn again in the next frame, not in the observer (its loop would not settle)
    if (room.again && room.drawn !== roomKey(room)) requestAnimationFrame(() => { if (room.drawn !== roomKey(room)) room.again?.(); });
  });
  room.watch.observe(root);
  return room;
}

const roomKey = (room) => `${room.w}x${room.h}:${room.legend}`;

/**
 * @param root    the element to fill
 * @param points  [{seq, round, seat, scores: [...]}] (GET /history), oldest first
 * @param players the view's players (names, colors)
 * @param names   Names (colors)
 * @param target  the score that wins (a dashed line)
 * @param score   the game's score (GameModule.score, .scoreName): {of(player) -> number, name}
 */
export function renderChart(root, points, players, names, target, score) {
  const of = score.of;
  const room = roomOf(root);
  const W = Math.max(220, Math.round(room.w || 340));
  const box = room.h || 200;
  // the same chart again (a replay step within a turn, a redraw): leave it as it is
  const key = [W, box, target, players.map((p) => `${p.name}:${of(p)}:${names.playerColor(p)}`).join(),
    points.map((p) => `${p.seq}:${p.scores.join(" ")}`).join()].join("|");
  if (root.dataset.key === key) return;
  root.dataset.key = key;
  room.again = () => { delete root.dataset.key; renderChart(root, points, players, names, target, score); };
  root.replaceChildren();
  if (!players.length) return;
  const legend = document.createElement("ul");
  legend.className = "legend";
  for (const p of players) {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = names.playerColor(p);
    li.append(sw, `${p.name} ${of(p).toLocaleString("en")}`);
    legend.appendChild(li);
  }
  root.appendChild(legend);
  if (room.legend === null) room.legend = legend.offsetHeight; // once; then as laid out
  if (room.legendEl) room.watch?.unobserve(room.legendEl);
  room.legendEl = legend;
  room.watch?.observe(legend);
  room.drawn = roomKey(room);
  const H = Math.max(110, Math.round(box - room.legend - 4));
  const series = points.length ? points : [{ seq: 0, round: 1, scores: players.map(of) }];
  // the axis runs to the game's own top score if it has one (GameNames.scoreTop), else 100
  const max = Math.max(names.scoreTop ?? 100, target || 0, ...series.flatMap((p) => p.scores));
  const n = series.length;
  const x = (i) => PAD.l + (n <= 1 ? 0 : (i / (n - 1)) * (W - PAD.l - PAD.r));
  const y = (v) => H - PAD.b - (Math.max(0, v) / max) * (H - PAD.t - PAD.b);
  const standings = players.map((p) => `${p.name} ${of(p)}`).join(", ");
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", class: "nw-chart",
    "aria-label": `${score.name} over ${n} turns. Now: ${standings}.` }, root);
  svgEl("title", {}, svg).textContent = `${score.name} over the turns`;
  // grid
  const step = niceStep(max);
  for (let v = 0; v <= max; v += step) {
    svgEl("line", { x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v), class: "grid" }, svg);
    svgEl("text", { x: PAD.l - 5, y: y(v) + 4, "text-anchor": "end", class: "axis" }, svg).textContent = short(v);
  }
  if (target) {
    svgEl("line", { x1: PAD.l, x2: W - PAD.r, y1: y(target), y2: y(target), class: "target-line" }, svg);
    svgEl("text", { x: W - PAD.r, y: y(target) - 4, "text-anchor": "end", class: "axis target-text" }, svg).textContent = `goal ${short(target)}`;
  }
  const rounds = series.map((p) => p.round);
  svgEl("text", { x: PAD.l, y: H - 6, class: "axis" }, svg).textContent = `round ${rounds[0] ?? 1}`;
  svgEl("text", { x: W - PAD.r, y: H - 6, "text-anchor": "end", class: "axis" }, svg).textContent = `round ${rounds[n - 1] ?? 1}`;
  players.forEach((p, k) => {
    const color = names.playerColor(p);
    const pts = series.map((pt, i) => `${x(i).toFixed(1)},${y(pt.scores[k] ?? 0).toFixed(1)}`).join(" ");
    svgEl("polyline", { points: pts, class: "nw-line", stroke: color, "data-seat": p.seat }, svg);
    const last = series[n - 1].scores[k] ?? 0;
    svgEl("circle", { cx: x(n - 1), cy: y(last), r: 3.5, fill: color, class: "nw-dot" }, svg);
  });
}

function niceStep(max) {
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

function short(v) { return v >= 1000 ? `${(v / 1000).toFixed(v % 1000 ? 1 : 0)}k` : String(v); }
