// Invite links: copy buttons, and the links a host created, kept in this browser only.

const KEY = (table) => `starport:links:${table}`;

/** Keep the creation answer (every link) so the host's lobby can offer them again. */
export function rememberLinks(table) {
  try { localStorage.setItem(KEY(table.table_id), JSON.stringify(table)); } catch { /* private mode */ }
}

export function linksOf(tableId) {
  try { return JSON.parse(localStorage.getItem(KEY(tableId)) || "null"); } catch { return null; }
}

export function updateSeatLink(tableId, seat, link) {
  const t = linksOf(tableId) || { table_id: tableId, seats: [] }; // a host link opened here
  t.seats[seat] = link;
  rememberLinks(t);
}

/** A button that copies ``text`` and says so (falls back to selecting it). */
export function copyButton(text, label = "Copy the link") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "copy";
  b.textContent = "Copy";
  b.title = label; // what it copies: a description; the name is the button's word
  b.addEventListener("click", async () => {
    let ok = false;
    try { await navigator.clipboard.writeText(text); ok = true; } catch { ok = false; }
    if (!ok) {
      const input = b.parentElement?.querySelector("input");
      if (input) { input.focus(); input.select(); ok = document.execCommand?.("copy") ?? false; }
    }
    b.textContent = ok ? "Copied ✓" : "Select and copy";
    setTimeout(() => { b.textContent = "Copy"; }, 1800);
  });
  return b;
}
