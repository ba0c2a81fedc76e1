// Where the keyboard focus goes when the page is drawn again: a re-render replaces
// the button just pressed, and the focus would fall to <body>. It goes to the next action.

/** Where the next action is, first found (the game's ``keyboard.next`` selectors, e.g. a
 * question the rules ask now, the roll, the Pilot Number, a destination, End turn); the first
 * ``urgent`` of them are questions the rules ask, which take the focus even from elsewhere. */
let NEXT = [];
let URGENT = 0;

/** The game's selectors for the next action (GameModule.keyboard), set when its page opens. */
export function useNextActions({ next, urgent }) {
  NEXT = next;
  URGENT = urgent;
}

const usable = (el) => el && !el.disabled && el.getClientRects().length > 0;

// the last way the player acted: after a tap or a click the page does not scroll to the
// focused button (the map stays where the finger is); after a key it does (focus visible)
let pointer = false;
document.addEventListener("pointerdown", () => { pointer = true; }, true);
document.addEventListener("keydown", () => { pointer = false; }, true);
const put = (el) => el.focus({ preventScroll: pointer });

// the player's hand on the page: a wheel, a touch or a scroll key just now (a question that
// arrives then waits until the page is still, not to pull the page from under the finger)
const HANDS_OFF_MS = 1200;
let handled = 0;
const touched = () => { handled = Date.now(); };
for (const type of ["wheel", "touchstart", "touchmove"]) document.addEventListener(type, touched, { capture: true, passive: true });
document.addEventListener("keydown", (e) => { if (/^(Page|Arrow|Home|End| )/.test(e.key)) touched(); }, true);

// the question last brought into view (its answers' commands): each is brought once
let shown = "";
const questionKey = (el) => [...(el.closest(".urgent") || el).querySelectorAll("button")].map((b) => b.dataset.cmd || b.textContent).join("|");

/** The element where the next action is, or null when nothing waits for this seat. */
export function nextAction(root = document) {
  for (const sel of NEXT) {
    const el = [...root.querySelectorAll(sel)].find(usable);
    if (el) return el;
  }
  return null;
}

/** A question the rules ask is seen without scrolling: its group of answers (the ``.urgent``
 * box around ``el``, else ``el``) is scrolled into view when part of it is off screen, even
 * after a tap (on a phone the panel stands below the map, and the answers far down it). */
function reveal(el) {
  const box = el.closest(".urgent") || el;
  const r = box.getBoundingClientRect();
  const fits = r.height <= window.innerHeight;
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  box.scrollIntoView({ block: fits ? "center" : "start", inline: "nearest" });
}

/** After a re-render: when the focus was lost (on <body>, or on a button no longer in the
 * page), move it to the next action, or to the prompt that says whose turn it is. A question
 * the rules ask (``urgent``) takes the focus even from where it was. Answers the element. */
export function keepFocus({ urgent = false } = {}) {
  const now = document.activeElement;
  // the prompt holds the focus only while nothing waits (or every button is busy): not a choice
  const lost = !now || now === document.body || !now.isConnected || now.id === "prompt";
  const ask = urgent && URGENT ? document.querySelector(NEXT.slice(0, URGENT).map((s) => `${s}:not(:disabled)`).join(", ")) : null;
  if (ask && usable(ask)) { put(ask); reveal(ask); shown = questionKey(ask); return ask; }
  if (!lost) return null;
  const next = nextAction();
  if (next) { put(next); return next; }
  const prompt = document.getElementById("prompt");
  if (!prompt) return null;
  prompt.tabIndex = -1;
  prompt.focus({ preventScroll: true });
  return prompt;
}

/** The question the rules ask now of this seat, if any (the game's first ``urgent``
 * selectors, an enabled button), else null. */
function askedNow() {
  if (!URGENT) return null;
  const ask = document.querySelector(NEXT.slice(0, URGENT).map((s) => `${s}:not(:disabled)`).join(", "));
  return ask && usable(ask) ? ask : null;
}

const typing = () => {
  const a = /** @type {HTMLElement|null} */ (document.activeElement);
  return !!a && (a.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(a.tagName));
};

let later = null;

/** Before a redraw: where the field the player types in stands on screen; the function
 * answered puts it back there after the redraw (content grown above it on a phone would
 * push the chat's input under the keyboard or off screen). Nothing when nobody types. */
export function holdTyping() {
  const field = typing() ? document.activeElement : null;
  if (!field) return () => {};
  const top = field.getBoundingClientRect().top;
  return () => {
    if (!field.isConnected) return;
    const moved = field.getBoundingClientRect().top - top;
    if (Math.abs(moved) > 1) window.scrollBy(0, moved);
  };
}

/** After a redraw pushed by someone else's move: a question newly asked of this seat (a
 * navigation exit for another's ship, a trade offer) is brought into view and takes the
 * focus, once per question: later pushes leave the page where the player put it. Not while
 * the player types (the chat keeps its caret), and not under a moving finger or wheel (it
 * waits until the page is still). Answers whether it was brought into view. */
export function revealArrived() {
  clearTimeout(later);
  const ask = askedNow();
  if (!ask) { shown = ""; return false; }
  const key = questionKey(ask);
  if (key === shown || typing()) return false;
  const idle = Date.now() - handled;
  if (idle < HANDS_OFF_MS) { later = setTimeout(revealArrived, HANDS_OFF_MS - idle + 50); return false; }
  shown = key;
  ask.focus({ preventScroll: true });
  reveal(ask);
  return true;
}
