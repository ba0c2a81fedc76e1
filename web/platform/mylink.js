// "On your other devices": the personal link of this browser's "My games" and its QR code
// (server/gamelists.py makes both: the link's token stays in its fragment), a new link that
// stops the old one everywhere, and stopping. mountShare(section, list) adds the box to the
// My games section; ``list`` is mygames.js's side (the token, the games, the sync).
import { request } from "./api.js";
import { copyButton } from "./links.js";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4; // modules of white around the code (what a reader needs)

/**
 * @typedef {object} ListSide
 * @property {() => string | null} token   this browser's personal link token
 * @property {() => boolean} gone          the link stopped working (replaced elsewhere)
 * @property {(token: string, queueAll?: boolean) => void} use  keep the list under this token
 * @property {() => void} drop             stop keeping it on the server here
 * @property {() => object[]} games        this browser's list, as the server takes it
 * @property {() => Promise<unknown>} refresh  sync and draw My games again
 */

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** The QR code as SVG, from its rows of modules (``"1"`` dark), with its quiet zone. */
export function qrSvg(rows, label) {
  const n = rows.length + 2 * QUIET;
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of [["viewBox", `0 0 ${n} ${n}`], ["width", "100%"], ["role", "img"],
    ["aria-label", label], ["shape-rendering", "crispEdges"], ["id", "mygames-qr"], ["class", "mygames-qr"]]) svg.setAttribute(k, v);
  const ground = document.createElementNS(SVG, "rect");
  for (const [k, v] of [["width", String(n)], ["height", String(n)], ["fill", "#fff"]]) ground.setAttribute(k, v);
  let d = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (row[x] !== "1") { x += 1; continue; }
      let w = 1;
      while (row[x + w] === "1") w += 1;
      d += `M${x + QUIET} ${y + QUIET}h${w}v1h-${w}z`;
      x += w;
    }
  });
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", d);
  dark.setAttribute("fill", "#000");
  svg.append(ground, dark);
  return svg;
}

const headers = (token) => ({ "X-Starport-List": token });

/** Add the "On your other devices" box to the My games ``section``. */
export function mountShare(section, /** @type {ListSide} */ list) {
  const state = el("span", { className: "mygames-devices-state" });
  const hint = el("p", { className: "hint", id: "mygames-devices-hint" });
  const note = el("p", { className: "mygames-note", id: "mygames-devices-note", role: "status", hidden: true });
  const make = el("button", { type: "button", className: "primary", id: "mygames-make", textContent: "Make my link" });
  const url = el("input", { id: "mygames-url", readOnly: true, type: "text" });
  url.setAttribute("aria-label", "Your personal My games link");
  url.addEventListener("focus", () => url.select());
  const qrSlot = el("div", { className: "mygames-qr-slot" });
  const renew = el("button", { type: "button", id: "mygames-renew", textContent: "Make a new link" });
  const forget = el("button", { type: "button", id: "mygames-forget", textContent: "Stop sharing" });
  const urlRow = el("div", { className: "share-link" }, url);
  const shown = el("div", { className: "mygames-link", id: "mygames-link", hidden: true },
    urlRow,
    el("div", { className: "mygames-link-grid" },
      qrSlot,
      el("div", { className: "mygames-link-side" },
        el("p", { className: "hint", textContent: "Anyone holding this link can see and play your seats: keep it to yourself. A new link stops this one on every device that holds it." }),
        el("div", { className: "row" }, renew, forget))));
  const error = el("p", { className: "error", role: "alert", hidden: true });
  const box = el("details", { className: "mygames-devices", id: "mygames-devices" },
    el("summary", {}, el("span", { textContent: "On your other devices" }), " ", state),
    note, hint, make, shown, error);
  section.append(box);
  let linkShown = null; // the token whose link and code are on the page

  const fail = (err) => { error.textContent = err.message || String(err); error.hidden = false; };
  const draw = async () => {
    const token = list.token();
    state.textContent = token ? "· in step" : "· this browser only";
    make.hidden = !!token;
    shown.hidden = !token;
    if (!token) {
      linkShown = null;
      hint.textContent = list.gone()
        ? "This browser's personal link no longer works: a new one was made on another device, or sharing was stopped there. Open the new link here to keep this browser in step, or make a link from this browser's list."
        : "No account needed: a personal link brings this list and its seats to your phone or another computer, and keeps them in step. The seats' own links keep working as they do.";
      return;
    }
    hint.textContent = "Scan the code with your phone, or open the link in another browser: My games and its seats come there, and stay in step.";
    if (!box.open || linkShown === token) return;
    try {
      show(await request("POST", "/api/gamelists/link", undefined, headers(token)));
    } catch (err) {
      if (err.status === 404) { list.drop(); await list.refresh(); }
      fail(err);
    }
  };
  const show = (answer) => {
    linkShown = answer.token;
    url.value = answer.url;
    urlRow.querySelector(".copy")?.remove();
    urlRow.append(copyButton(answer.url, "Copy your personal My games link"));
    qrSlot.replaceChildren(qrSvg(answer.qr, "QR code of your personal My games link"));
  };
  const act = async (button, fn) => {
    error.hidden = true;
    note.hidden = true;
    button.disabled = true;
    try { await fn(); } catch (err) { fail(err); } finally { button.disabled = false; draw(); }
  };

  box.addEventListener("toggle", () => { if (box.open) draw(); });
  make.addEventListener("click", () => act(make, async () => {
    const answer = await request("POST", "/api/gamelists", { games: list.games() });
    list.use(answer.token, false);
    show(answer);
  }));
  renew.addEventListener("click", () => act(renew, async () => {
    const answer = await request("POST", "/api/gamelists/renew", undefined, headers(list.token()));
    list.use(answer.token, false);
    show(answer);
  }));
  forget.addEventListener("click", () => act(forget, async () => {
    await request("DELETE", "/api/gamelists", undefined, headers(list.token()));
    list.drop();
  }));
  draw();
  return {
    /** What the last sync said: a link that stopped working opens the box to say so. */
    synced(err, opened) {
      draw();
      if (err && err.status === 404) { box.open = true; fail(err); }
      else if (opened && !err) {
        error.hidden = true;
        note.textContent = "Opened from your personal link: this browser now keeps My games in step with your other devices.";
        note.hidden = false;
        box.open = true;
      }
    },
  };
}
