// Free room on the map: where a card may go without covering the board's own labels (system,
// orbit and city names), its dots (with their Pilot Number badges), the title and the legend.
// Used by cultures.js to lay out the market cards (no card over a name or a dot).

const STEP = 8; // board units between two candidate places
const REACH = 300; // how far from its Culture Box a card may move
const AIR = 6; // a little air around what must stay visible

/** A rectangle {x0, y0, x1, y1} in board units. */
const overlap = (a, b) => {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
};

function boxOf(el, dx = 0, dy = 0) {
  const b = el.getBBox();
  return { x0: b.x + dx - AIR, y0: b.y + dy - AIR, x1: b.x + b.width + dx + AIR, y1: b.y + b.height + dy + AIR };
}

/** What a card must not cover, measured once per board: every label, dot, the other
 * systems' Culture Boxes, the title and the legend (the dots' groups are translated to their
 * place). */
export function obstaclesOf(board) {
  if (board.obstacles?.svg === board.svg) return board.obstacles.rects;
  const svg = board.svg;
  const rects = [];
  for (const t of svg.querySelectorAll("#labels text")) rects.push(boxOf(t));
  for (const [, d] of board.dots) rects.push(boxOf(d.el, d.x, d.y));
  for (const box of svg.querySelectorAll("#labels rect.culture-box")) rects.push({ ...boxOf(box), cultureBox: true });
  for (const id of ["title", "legend"]) {
    const g = svg.querySelector(`#${id}`);
    if (g) rects.push(boxOf(g));
  }
  board.obstacles = { svg, rects };
  return rects;
}

/** Candidate offsets around the wanted place, nearest first (moving up or down is a little
 * cheaper than sideways: a card reads as its system's under or over its name). */
const OFFSETS = (() => {
  const out = [];
  for (let dx = -REACH; dx <= REACH; dx += STEP) {
    for (let dy = -REACH; dy <= REACH; dy += STEP) {
      const cost = Math.hypot(dx * 1.3, dy);
      if (cost <= REACH) out.push([cost, dx, dy]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, dx, dy]) => [dx, dy]);
})();

/**
 * Place cards one after the other: each at the nearest spot to its wanted place where it
 * covers no obstacle, no card placed before, and stays on the board; where no spot is free,
 * the one covering least. ``cards``: [{x, y, rect: {x0, y0, x1, y1} relative to (x, y)}];
 * answers the chosen (x, y) of each.
 */
export function placeCards(board, cards) {
  // the same cards as the last drawing's (most drawings: a move changes no market): the same
  // places, not searched again (the search is most of a drawing's time on a slow device)
  if (board.placed?.svg !== board.svg) board.placed = { svg: board.svg, found: new Map() };
  const found = board.placed.found;
  const key = JSON.stringify(cards.map((c) => [c.x, c.y, c.rect.x0, c.rect.y0, c.rect.x1, c.rect.y1]));
  let out = found.get(key);
  if (!out) {
    out = searchPlaces(board, cards);
    if (found.size >= 32) found.clear();
    found.set(key, out);
  }
  return out.map((p) => ({ ...p }));
}

/** Place some cards among others that keep their places: as ``placeCards``, with the kept
 * cards' rectangles (``placed``, in board units) covered as cards placed before. A drawing
 * that changed one market places that market's card only (the others stay where they are);
 * a card with ``first`` ({x, y, cover}: where it stood before its market changed, and how much
 * it covered there) stays there when it covers no more there (a crowded map's card that found
 * no free spot is not searched for one again at every drawing). */
export function placeAmong(board, cards, placed) {
  return searchPlaces(board, cards, placed);
}

function searchPlaces(board, cards, kept = []) {
  const fixed = obstaclesOf(board);
  const { x: fx, y: fy, w: fw, h: fh } = board.full;
  const placed = [...kept];
  return cards.map((c) => {
    const { rect } = c;
    const own = (o) => o.cultureBox && o.x0 < c.x && o.x1 > c.x && o.y0 < c.y && o.y1 > c.y;
    const near = fixed.filter((o) => !own(o) && o.x1 > c.x + rect.x0 - REACH && o.x0 < c.x + rect.x1 + REACH
      && o.y1 > c.y + rect.y0 - REACH && o.y0 < c.y + rect.y1 + REACH);
    let best = null;
    const tries = c.first ? [[c.first.x - c.x, c.first.y - c.y], ...OFFSETS] : OFFSETS;
    let firstR = null; // the rectangle at ``first``, tried before the others
    for (const [dx, dy] of tries) {
      const x = c.x + dx;
      const y = c.y + dy;
      const r = { x0: x + rect.x0, y0: y + rect.y0, x1: x + rect.x1, y1: y + rect.y1 };
      firstR ??= r;
      if (r.x0 < fx || r.y0 < fy || r.x1 > fx + fw || r.y1 > fy + fh) continue;
      let cover = 0;
      for (const o of near) cover += overlap(r, o);
      for (const o of placed) cover += overlap(r, o) * 4; // cards never hide each other
      if (!best || cover < best.cover) best = { x, y, r, cover };
      if (cover === 0 || (c.first && best.r === r && r === firstR && cover <= c.first.cover)) break;
    }
    best = best || { x: c.x, y: c.y, r: { x0: c.x + rect.x0, y0: c.y + rect.y0, x1: c.x + rect.x1, y1: c.y + rect.y1 } };
    placed.push(best.r);
    return { x: best.x, y: best.y, cover: best.cover || 0 };
  });
}
