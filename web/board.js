// Loads the board SVG drawn by the engine and shows it; pieces overlay by dot id later.
const board = document.getElementById("board");
const edition = document.getElementById("edition");

async function show() {
  const response = await fetch(`/boards/venus.svg?edition=${edition.value}`);
  board.innerHTML = await response.text();
}

edition.addEventListener("change", show);
show();
