// Small DOM helpers shared by the panels and the boards: an element with attributes and text,
// an SVG element.

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

/** A button that sends ``cmd`` (a legal command) through ``send``; the command is in
 * ``data-cmd`` (tests and tools). */
export function cmdButton(label, cmd, send, attrs = {}) {
  const b = el("button", { type: "button", "data-cmd": JSON.stringify(cmd), ...attrs }, label);
  b.addEventListener("click", () => send(cmd));
  return b;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** `svgEl("circle", { r: 4 }, parent)`: an SVG element (null or undefined attributes left out). */
export function svgEl(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
