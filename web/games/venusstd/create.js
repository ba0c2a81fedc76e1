// Merchant of Venus, the standard game, on the start page (the CreateForm of
// web/platform/games.js): 1-4 players and the board beside the form; the variants (light speed,
// solo challenge, epic) come from the ruleset's option schema (the platform draws them).
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
    let toolbar = null;
    return {
      aside: card,
      maxSeats: () => 4, // "1-4 players"
      async ready() {
        try {
          await board.load();
          if (!toolbar) toolbar = zoomButtons(board, board.container.parentElement);
        } catch (err) {
          board.container.textContent = `The board could not be loaded: ${err.message}`;
        }
      },
      seatsChanged() {},
      options: () => ({}),
    };
  },
};
