// Every legal command the rules offer now, as a form the player can use, whatever the command:
// grouped by type under the type's words, one button per command (its fields in words), or a
// list and a Go button when a type offers many. New rules appear here without client work;
// the commands that have a real UI (the map, the dashboard, the markets) are left to it
// (``handled``). Each button keeps its command in ``data-cmd``.
import { el, cmdButton } from "../../platform/dom.js";
import { humanType } from "./names.js";
import { commandWords } from "./words.js";

const MANY = 8; // more commands of one type than this: a list and Go

/** The phase-ending commands, drawn last and marked (the turn's way on). */
const ENDS = new Set(["EndPhase", "EndTurn", "SkipMovement", "EndMovement", "EndTransaction", "EndFirstContact", "EndSpaceport", "Pass"]);
/** Ways on that are no turn's usual way: drawn plain, below the rest ("Movement Phase": a
 * player may skip his Movement phase, but rolling is what a turn is for). */
const QUIET = new Set(["SkipMovement"]);

/** A group's heading: the rules' words where the command's type says less, else the type's
 * ("Choose dial"). */
const HEADS = { SoloPick: "Starting option" };
const headOf = (type) => HEADS[type] || humanType(type).replace(/^./, (c) => c.toUpperCase());

/** What the view tells about a command's chances, to say beside its words ("Pirates" 2: the
 * chance to win with each attribute, ``cards.engage_odds``, shown to the engaging player). */
export function commandOdds(cmd, view) {
  const odds = view?.cards?.engage_odds;
  if (cmd.type === "EngagePirates" && odds && typeof odds[cmd.attribute] === "number") {
    return `${Math.round(odds[cmd.attribute] * 100)}% to win`;
  }
  return null;
}

/** A command's words with its odds, when the view has them. */
function wordsOf(cmd, names, view) {
  const odds = commandOdds(cmd, view);
  return odds ? `${commandWords(cmd, names)} · ${odds}` : commandWords(cmd, names);
}

/** Group ``legal`` by command type, in the order the rules gave them. */
export function byType(legal) {
  const groups = new Map();
  for (const c of legal) {
    if (!groups.has(c.type)) groups.set(c.type, []);
    groups.get(c.type).push(c);
  }
  return groups;
}

/** The command picked in each of ``root``'s lists (list id -> the command's JSON), read before a
 * drawing of the page replaces them: a push or the drawing after a pause keeps what the
 * player picked but has not sent, while that command is still offered. */
function pickedIn(root) {
  const picked = new Map();
  for (const select of root.querySelectorAll("select[id^='vs-pick-']")) {
    const key = select.selectedOptions[0]?.dataset.key;
    if (key) picked.set(select.id, key);
  }
  return picked;
}

/**
 * Fill ``root`` with a form per command type of ``legal`` not in ``handled``. ``send(cmd)``
 * plays one; ``view`` (optional) gives the odds said beside a command. Returns how many
 * commands it drew.
 */
export function renderCommands(root, legal, names, send, handled = new Set(), view = null) {
  const picked = pickedIn(root);
  root.replaceChildren();
  const groups = [...byType(legal).entries()].filter(([type]) => !handled.has(type) && type !== "TakeBack");
  groups.sort(([a], [b]) => Number(ENDS.has(a)) - Number(ENDS.has(b)));
  let drawn = 0;
  for (const [type, cmds] of groups) {
    drawn += cmds.length;
    const box = el("div", { class: `vs-cmd${ENDS.has(type) ? " vs-cmd-end" : ""}`, "data-type": type });
    if (cmds.length === 1) {
      const look = QUIET.has(type) ? "vs-quiet" : ENDS.has(type) ? "primary" : "";
      box.append(cmdButton(wordsOf(cmds[0], names, view), cmds[0], send, { class: look, id: ENDS.has(type) ? `vs-${type}` : null }));
    } else if (cmds.length <= MANY) {
      box.append(el("span", { class: "vs-cmd-head" }, `${headOf(type)}:`));
      for (const c of cmds) box.append(cmdButton(wordsOf(c, names, view), c, send));
    } else {
      const id = `vs-pick-${type}`;
      const label = el("label", { for: id, class: "vs-cmd-head" }, `${headOf(type)}:`);
      const select = el("select", { id });
      cmds.forEach((c, i) => select.append(el("option", { value: i, "data-key": JSON.stringify(c) }, wordsOf(c, names, view))));
      const again = [...select.options].findIndex((o) => o.dataset.key === picked.get(id));
      if (again >= 0) select.selectedIndex = again;
      const go = el("button", { type: "button" }, "Go");
      go.addEventListener("click", () => send(cmds[Number(select.value)]));
      box.append(label, select, go);
    }
    root.append(box);
  }
  return drawn;
}
