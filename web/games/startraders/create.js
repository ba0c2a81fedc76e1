// Star Traders on the start page (the CreateForm of web/platform/games.js): 2-6 players, the
// advanced game, Personalities dealt (or chosen in the lobby) or none; the galaxy beside.
import { zoomButtons } from "../../platform/mapview.js";
import { Galaxy } from "./galaxy.js";

export const createForm = {
  title: "Star Traders",
  crumb: "Star Traders with friends",
  fragment: "/games/startraders/create.html",

  /** Wire the fields of ``fragment`` in ``root``; ``seats``: the platform's Players select. */
  mount(root, seats) {
    const $ = (id) => root.querySelector(`#${id}`);
    const card = root.querySelector("template#st-aside").content.firstElementChild.cloneNode(true);
    const board = new Galaxy(card.querySelector("#home-board"));
    let toolbar = null;
    // no clock: one absent player stalls every window (docs/rulings.md, "At the table")
    const timer = $("t-reaction-timer");
    timer.addEventListener("change", () => { $("t-reaction-hint").hidden = timer.value !== "0"; });
    return {
      aside: card,
      maxSeats: () => 6,
      async ready() {
        if (seats.value() < 2) seats.set(2); // Star Traders is for 2-6 players
        await board.load();
        if (!toolbar) toolbar = zoomButtons(board, board.container.parentElement);
      },
      seatsChanged() {},
      options: () => ({
        advanced: $("t-advanced").checked,
        ...($("t-reaction-timer").value !== "" ? { reaction_timer: Number($("t-reaction-timer").value) } : {}),
        ...(["none", "all"].includes($("t-personalities").value) ? { personalities: $("t-personalities").value } : {}),
      }),
    };
  },
};
