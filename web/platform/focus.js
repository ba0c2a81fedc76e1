// Where the keyboard focus goes when the page is drawn again (issue 12): a re-render replaces
// the button just pressed, and the focus would fall to <body>. It goes to the next action.

/** The next action, first found: a question the rules ask now (an attack, an offer, pay or
 * stop, land or go on), the roll, the Pilot Number, a destination (else a first dot, else a
 * next dot), End turn (the market's buttons follow it in the page: one Tab away). */
const NEXT = [
  "#combat .urgent button", "#offer .urgent button", "#controls .urgent button",
  "#land-here", "#pay", "#stop", "#roll", "#controls .pilot-btn",
  "#moves .dests .dest-btn", "#moves .move-list button[aria-pressed='false']", "#moves .steps button",
  "#end-turn", "#market button",
];

const usable = (el) => el && !el.disabled && el.getClientRects().length > 0;

// the last way the player acted: after a tap or a click the page does not scroll to the
// focused button (the map stays where the finger is); after a key it does (focus visible)
let pointer = false;
document.addEventListener("pointerdown", () => { pointer = true; }, true);
document.addEventListener("keydown", () => { pointer = false; }, true);
const put = (el) => el.focus({ preventScroll: pointer });

/** The element where the next action is, or null when nothing waits for this seat. */
export function nextAction(root = document) {
  for (const sel of NEXT) {
    const el = [...root.querySelectorAll(sel)].find(usable);
    if (el) return el;
  }
  return null;
}

/** After a re-render: when the focus was lost (on <body>, or on a button no longer in the
 * page), move it to the next action, or to the prompt that says whose turn it is. A question
 * the rules ask (``urgent``) takes the focus even from where it was. Answers the element. */
export function keepFocus({ urgent = false } = {}) {
  const now = document.activeElement;
  // the prompt holds the focus only while nothing waits (or every button is busy): not a choice
  const lost = !now || now === document.body || !now.isConnected || now.id === "prompt";
  const ask = urgent ? document.querySelector(NEXT.slice(0, 5).map((s) => `${s}:not(:disabled)`).join(", ")) : null;
  if (ask && usable(ask)) { put(ask); return ask; }
  if (!lost) return null;
  const next = nextAction();
  if (next) { put(next); return next; }
  const prompt = document.getElementById("prompt");
  if (!prompt) return null;
  prompt.tabIndex = -1;
  prompt.focus({ preventScroll: true });
  return prompt;
}
