// A spectator's page: the right-hand panel (empty of turn controls for a spectator) shows the
// players and the log; the chat box takes messages when the host let spectators chat.

/** Move the players and the log into ``panel`` (once); the layout class says so. */
export function spectatorPanel(panel, main) {
  if (panel.querySelector(".players-box")) return;
  for (const sel of [".players-box", ".log-box"]) {
    const box = main.querySelector(sel);
    if (box) panel.appendChild(box);
  }
  main.classList.add("spectating");
}

/** Whether this link may write in the chat: players and the host always, spectators when the
 * table lets them (``lobby.spectator_chat``). */
export function mayChat(role, lobby) {
  return role !== "spectator" || !!lobby?.spectator_chat;
}
