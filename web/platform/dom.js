// A small DOM helper shared by the panels: an element with attributes and text.

/** `el("button", { class: "primary", disabled: true }, "Go")`: `class` sets the class name; a
 * null, undefined or false attribute is left out, true sets it empty (boolean attributes). */
export function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  if (text !== null) e.textContent = text;
  return e;
}
