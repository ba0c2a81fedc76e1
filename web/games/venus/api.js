// Merchant of Venus's own endpoints: the map for the client (dots, systems, cultures, ships...)
// and the board's SVG, per edition.
import { getJSON, getText } from "../../platform/api.js";

export const boardData = (edition) => getJSON(`/api/games/venus/data?edition=${encodeURIComponent(edition)}`);
export const boardSvg = (edition) => getText(`/api/games/venus/board.svg?edition=${encodeURIComponent(edition)}`);
