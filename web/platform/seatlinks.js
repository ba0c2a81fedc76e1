// The host's tools for a seat's secret link, in the lobby and in the game: copy it, or issue
// a new one (the old one stops working at once). The links come from this browser's copy of
// the table's creation answer (links.js): the server never sends a link twice.
import { copyButton, linksOf, updateSeatLink } from "./links.js";

/** Copy and "New link" buttons for ``seat`` (a span). A new link goes to ``onNew(link)``, or
 * is shown in a box appended to ``where()``. */
export function seatLinkTools(api, tableId, seat, { where, fail, onNew = null }) {
  const tools = document.createElement("span");
  tools.className = "seat-link-tools";
  const link = linksOf(tableId)?.seats?.[seat];
  if (link) tools.appendChild(copyButton(link.url, `Copy the link of seat ${seat + 1}`));
  const re = document.createElement("button");
  re.type = "button";
  re.textContent = "New link";
  re.title = `Issue a new secret link for seat ${seat + 1}: the old one stops working at once`;
  re.addEventListener("click", async () => {
    try {
      const fresh = await api.reissue(seat);
      updateSeatLink(tableId, seat, fresh);
      if (onNew) onNew(fresh); else showNewLink(where(), fresh, seat);
    } catch (err) { fail(err); }
  });
  tools.appendChild(re);
  return tools;
}

export function showNewLink(parent, link, seat, { focus = true } = {}) {
  parent.querySelector(".new-link")?.remove();
  const box = document.createElement("div");
  box.className = "new-link";
  const input = document.createElement("input");
  input.readOnly = true;
  input.value = link.url;
  input.setAttribute("aria-label", `New link of seat ${seat + 1}`);
  box.append("New link (the old one no longer works): ", input, copyButton(link.url, `Copy the new link of seat ${seat + 1}`));
  parent.appendChild(box);
  if (!focus) return;
  input.focus();
  input.select();
}
