// The start page: the cluster map of the chosen edition, with zoom and pan.
import { Board, zoomButtons } from "./board.js";

const board = new Board(document.getElementById("board"));
const edition = document.getElementById("edition");
let toolbar = null;

async function show() {
  await board.load(edition.value);
  if (!toolbar) toolbar = zoomButtons(board, board.container.parentElement);
}

edition.addEventListener("change", show);
show();
