// Keyboard shortcuts of the game page and their help ("?"). A key presses the
// same button a click would (so it is refused the same way when the button is off); keys
// are ignored while typing in a field and with Ctrl/Alt/Meta. A shortcut key that does
// nothing (its button is off or not there, nothing to pick, a replay) is never silent: the
// page is told (``refused``) and says why.

/** [keys shown, what it does, the key values, the action: a selector to press or a function]:
 * the game's keys (GameModule.keyboard.keys) between "?" and the map's. */
export function shortcutList(board, keyboard) {
  return [
    [["?"], "Show or hide this list of keys", ["?"], null],
    ...keyboard.keys,
    [["u"], "Take back your last action, when the rules of the table allow it", ["u", "U"], "#take-back"],
    [["m"], "Go to the map: arrows pan, + and − zoom, 0 fits", ["m", "M"], () => board.container.focus()],
    [["f"], "Fit the whole board to the screen", ["f", "F"], () => { board.noteUser(); board.fit(); }],
    [["t"], "Go to the turn panel (the next action)", ["t", "T"], () => focusPanel(keyboard.panel)],
    [["Esc"], "Close this list, a chooser or an open card", [], null],
  ];
}

function focusPanel(selector) {
  const first = document.querySelector(selector);
  (first || document.getElementById("panel"))?.focus();
  return true;
}

const typing = (el) => el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/** The help dialog: a table of the keys; Escape, "?" or Close shuts it, the focus returns. */
function helpDialog(list) {
  const box = document.createElement("div");
  box.className = "keys-help";
  box.id = "keys-help";
  box.hidden = true;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "keys-title");
  const card = document.createElement("div");
  card.className = "kh-card";
  const h = document.createElement("h2");
  h.id = "keys-title";
  h.textContent = "Keyboard shortcuts";
  const table = document.createElement("table");
  for (const [keys, words] of list) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    keys.forEach((k, i) => {
      if (i) th.append(" + ");
      const kbd = document.createElement("kbd");
      kbd.textContent = k;
      th.appendChild(kbd);
    });
    const td = document.createElement("td");
    td.textContent = words;
    tr.append(th, td);
    table.appendChild(tr);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "kh-close";
  close.textContent = "Close";
  card.append(h, table, close);
  box.appendChild(card);
  document.body.appendChild(box);
  return { box, close };
}

/** Wire the shortcuts for a game page (``keyboard``: GameModule.keyboard); answers {open(), close()} of the help.
 * ``refused(words, key, button)``: a shortcut did nothing (``words``: what it does; ``button``:
 * its button, when it is there but off), for the page to say why.
 * @param {Object} board
 * @param {Object} keyboard
 * @param {{replaying?: () => boolean, refused?: (words: string, key: string, button: (HTMLButtonElement|null)) => void}} [options] */
export function bindShortcuts(board, keyboard, { replaying = () => false, refused = () => {} } = {}) {
  const list = shortcutList(board, keyboard);
  const { box, close } = helpDialog(list);
  let back = null;
  const help = {
    open() { back = document.activeElement; box.hidden = false; close.focus(); },
    close() { if (box.hidden) return; box.hidden = true; back?.focus?.(); back = null; },
  };
  close.addEventListener("click", () => help.close());
  box.addEventListener("click", (e) => { if (e.target === box) help.close(); });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape" || e.key === "?") { e.preventDefault(); e.stopPropagation(); help.close(); }
    if (e.key === "Tab") { e.preventDefault(); close.focus(); } // the one control of the dialog
  });
  const keyButton = document.getElementById("keys-btn");
  keyButton?.addEventListener("click", () => help.open());
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || !box.hidden) return;
    if (document.getElementById("game")?.hidden) return;
    if (e.key === "?") { e.preventDefault(); help.open(); return; }
    const hit = list.find(([, , keys]) => keys.includes(e.key));
    if (!hit || !hit[3]) return;
    const [, words, , act] = hit;
    const key = e.key.toLowerCase();
    if (replaying()) { refused(words, key, null); return; }
    if (typeof act === "string") {
      const b = /** @type {HTMLButtonElement|null} */ (document.querySelector(act));
      if (!b || b.disabled) { refused(words, key, b); return; }
      e.preventDefault();
      b.click();
    } else if (act() !== false) e.preventDefault();
    else refused(words, key, null);
  });
  return help;
}
