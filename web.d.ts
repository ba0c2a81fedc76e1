// Declarations for the type check of web/ (jsconfig.json): what the client's plain JavaScript
// takes from the browser beyond the DOM's own declarations. Nothing here is served.

interface Window {
  /** The table's context (web/platform/table.js) or the sandbox's game (web/games/venus/sandbox.js),
   * for the console and the browser tests. */
  starport: any;
}

// Every element the client reads or writes is an HTML or an SVG element (no MathML): both
// have a dataset and focus(), which the DOM's declarations give only to those two kinds.
interface Element extends HTMLOrSVGElement {}
