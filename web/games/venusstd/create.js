// Merchant of Venus, the standard game, on the start page (the CreateForm of
// web/platform/games.js): 1-4 players, the variant ("Game Variants": standard, light speed,
// solo challenge with one seat, epic with its length) and the board beside the form; the
// optional rules come from the ruleset's option schema (the platform draws them).
import { zoomButtons } from "../../platform/mapview.js";
import { StandardBoard } from "./board.js";

export const createForm = {
  title: "Merchant of Venus (standard game, 2012)",
  crumb: "Merchant of Venus, standard game, with friends",
  fragment: "/games/venusstd/create.html",

  /** Wire the fields of ``fragment`` in ``root``; ``seats``: the platform's Players select. */
  mount(root, seats) {
    const card = root.querySelector("template#vs-aside").content.firstElementChild.cloneNode(true);
    const board = new StandardBoard(card.querySelector("#home-board"));
    const variant = () => root.querySelector('input[name="variant"]:checked')?.value || "standard";
    const epicRounds = root.querySelector("#t-epic-rounds");
    let toolbar = null;
    // the solo challenge is one player's game; the epic game asks its length
    const sync = () => {
      const solo = variant() === "solo-challenge";
      if (solo) seats.set(1);
      seats.lock(solo);
      root.querySelector("#vs-epic-field").hidden = variant() !== "epic";
    };
    for (const r of root.querySelectorAll('input[name="variant"]')) r.addEventListener("change", sync);
    return {
      aside: card,
      maxSeats: () => 4, // "1-4 players"
      async ready() {
        sync();
        try {
          await board.load();
          if (!toolbar) toolbar = zoomButtons(board, board.container.parentElement);
        } catch (err) {
          board.container.textContent = `The board could not be loaded: ${err.message}`;
        }
      },
      seatsChanged() {},
      options: () => ({
        variant: variant(),
        ...(variant() === "epic" && epicRounds.value ? { epic_rounds: Number(epicRounds.value) } : {}),
      }),
    };
  },
};
