// The Merchant of Venus board: the engine's SVG (``GET /api/games/venus/board.svg``) in a MapView
// (web/platform/mapview.js: zoom, pan, fit, follow), its dots indexed by id (``g[data-dot]``
// with ``data-x/y/kind``) as the map's places, and the overlay layers the Venus views draw in.
import { boardSvg } from "./api.js";
import { svgEl } from "../../platform/dom.js";
import { MapView, zoomButtons as mapButtons } from "../../platform/mapview.js";

export { svgEl }; // the Venus views import it from here

const LAYERS = ["culture", "marker", "port", "path", "highlight", "pawn"];

export class Board extends MapView {
  /** The dots: id -> {x, y, kind, el} (the map's places). */
  get dots() { return this.places; }

  /** Fetch the edition's SVG and show it; returns this board. */
  async load(edition) {
    const svg = this.show(await boardSvg(edition), LAYERS);
    for (const g of svg.querySelectorAll("g[data-dot]")) {
      this.places.set(g.dataset.dot, { x: +g.dataset.x, y: +g.dataset.y, kind: g.dataset.kind, el: g });
    }
    return this.ready();
  }

  dot(id) { return this.places.get(id); }
}

/** Zoom buttons (in, out, fit, and centre on the ship whose turn it is) for a board, added
 * to ``parent``; ``currentView()`` gives the view to find that ship in. */
export function zoomButtons(board, parent, currentView = null) {
  return mapButtons(board, parent, currentView ? {
    label: "Centre on the ship whose turn it is",
    at: () => { const v = currentView(); return v?.turn ? v.players[v.turn.seat].dot : null; },
  } : null);
}
