// Merchant of Venus on the start page (the CreateForm of web/platform/games.js): the edition,
// the game length, the optional rules (small bank; for the 1988 edition combat, the Rastur and
// solitaire: the Rastur check combat, solitaire checks the Rastur and sets one seat; hidden for
// the 2012 edition, whose rules refuse them, which has fast play) and the cluster map beside.
import { Board, zoomButtons } from "./board.js";

const SEATS = { "avalon-hill": 6, "classic-2012": 4 };

export const createForm = {
  title: "Merchant of Venus (classic game)",
  crumb: "Merchant of Venus with friends",
  fragment: "/games/venus/create.html",

  /** Wire the fields inserted from ``fragment`` in ``root``; ``seats`` is the platform's
   * Players select ({value(), set(n), lock(on), refill()}). */
  mount(root, seats) {
    const $ = (id) => root.querySelector(`#${id}`);
    const edition = () => root.querySelector('input[name="edition"]:checked').value;
    const card = root.querySelector("template#venus-aside").content.firstElementChild.cloneNode(true);
    const board = new Board(card.querySelector("#home-board"));
    let toolbar = null;
    const showMap = async () => {
      await board.load(edition());
      if (!toolbar) toolbar = zoomButtons(board, board.container.parentElement);
    };
    // the 1988 optional rules (15-17): Rastur bring combat (16.3 needs weapons); solitaire is one
    // seat against the Rastur (17.1)
    const syncOptions = () => {
      const old = edition() === "avalon-hill";
      $("t-1988").hidden = !old;
      $("t-2012").hidden = old;
      $("t-fast-play").disabled = old;
      $("t-opt-hint").hidden = old;
      for (const id of ["t-combat", "t-rastur", "t-solitaire"]) $(id).disabled = !old;
      const solo = old && $("t-solitaire").checked;
      if (solo) {
        $("t-rastur").checked = true;
        seats.set(1);
      }
      if (old && $("t-rastur").checked) $("t-combat").checked = true;
      $("t-rastur").disabled = !old || solo;
      $("t-combat").disabled = !old || (old && $("t-rastur").checked);
      seats.lock(solo);
    };
    for (const id of ["t-combat", "t-rastur", "t-solitaire"]) $(id).addEventListener("change", syncOptions);
    for (const r of root.querySelectorAll('input[name="edition"]')) {
      r.addEventListener("change", () => { seats.refill(); syncOptions(); showMap(); });
    }
    const optional = () => {
      if (edition() !== "avalon-hill") return $("t-fast-play").checked ? { fast_play: true } : {};
      const out = {};
      if ($("t-solitaire").checked) out.solitaire = true;
      if ($("t-rastur").checked) out.rastur = true;
      if ($("t-combat").checked) out.combat = true;
      return out;
    };
    return {
      aside: card,
      maxSeats: () => SEATS[edition()],
      ready() { syncOptions(); showMap(); },
      seatsChanged(n) {
        if (n !== 1) $("t-solitaire").checked = false; // solitaire is one seat (17.1)
        syncOptions();
      },
      options: () => ({ edition: edition(), game_length: Number($("t-length").value), small_bank: $("t-small-bank").checked, ...optional() }),
    };
  },
};
