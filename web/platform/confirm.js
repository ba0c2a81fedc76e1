// Two steps for a costly click: the first press says what will happen (and why it matters),
// the second does it; the warning goes away by itself after a while or when the panel is
// drawn again. No blocking dialog (the game goes on underneath).
import { el } from "./dom.js";

const ARMED_MS = 8000;
let noteIds = 0;

/**
 * Make ``button`` ask before ``act()``: ``warning`` (words) shows after the first press and
 * ``confirmText`` becomes the button's text; a second press within 8 s acts. The warning goes
 * before the button, or after ``after(button)`` (e.g. the table the button sits in).
 */
export function askFirst(button, warning, confirmText, act, { after = null } = {}) {
  const text = button.textContent;
  const described = button.getAttribute("aria-describedby");
  const note = el("p", { class: "warn-note", role: "alert", id: `warn-note-${(noteIds += 1)}` }, warning);
  let timer = null;
  const disarm = () => {
    clearTimeout(timer);
    button.classList.remove("armed");
    button.textContent = text;
    if (described) button.setAttribute("aria-describedby", described); else button.removeAttribute("aria-describedby");
    note.remove();
  };
  button.addEventListener("click", (e) => {
    e.stopImmediatePropagation();
    if (!button.classList.contains("armed")) {
      button.classList.add("armed");
      button.textContent = confirmText;
      button.setAttribute("aria-describedby", note.id); // named by its words, the warning describes it
      const anchor = after?.(button);
      if (anchor) anchor.insertAdjacentElement("afterend", note);
      else button.insertAdjacentElement("beforebegin", note);
      timer = setTimeout(disarm, ARMED_MS);
      return;
    }
    disarm();
    act();
  }, { capture: true });
  return button;
}
