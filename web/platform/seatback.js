// "Take my seat back": while a bot plays my seat (the host let it, or my time per move ran
// out and it plays this turn), my own tab shows a banner saying so with one button; the
// server (POST .../seats/<n>/reclaim) stops the bot and gives the turn back to me.

/** Why a bot plays ``seat`` now, in words, or null (nobody but its player). */
export function botReason(lobby, seat) {
  const s = lobby?.seats?.[seat];
  if (!s) return null;
  if (s.bot) return "A bot is playing your seat (the host let it).";
  if (s.autoplay) return "Your time per move ran out: a bot is playing this turn for you.";
  return null;
}

/**
 * Draw the banner into ``box`` (emptied and hidden when no bot plays the seat).
 * ``reclaim()`` answers the lobby after the seat is back; ``done(lobby)`` takes it.
 */
export function renderSeatBack(box, { lobby, seat, reclaim, done, fail }) {
  const why = seat === null || seat === undefined ? null : botReason(lobby, seat);
  box.hidden = !why;
  if (!why) { box.replaceChildren(); return; }
  if (box.dataset.why === why && box.childElementCount) return; // drawn already: keep the focus
  box.dataset.why = why;
  const text = document.createElement("span");
  text.textContent = why;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "primary";
  button.textContent = "Take my seat back";
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const fresh = await reclaim();
      box.dataset.why = "";
      done(fresh);
    } catch (err) {
      button.disabled = false;
      fail(err);
    }
  });
  box.replaceChildren(text, button);
}

/** The banner's element in ``parent`` (made on first use, first in it). */
export function seatBackBox(parent) {
  let box = parent.querySelector(".seat-back");
  if (!box) {
    box = document.createElement("div");
    box.className = "seat-back";
    box.setAttribute("role", "status");
    box.hidden = true;
    parent.prepend(box);
  }
  return box;
}
