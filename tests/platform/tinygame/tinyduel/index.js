// Tiny Duel for the platform (the GameModule of web/platform/games.js): the tests' own game
// (tests/platform/tinygame; its rules in that package's docstring). Small but playable: the
// table drawn from the game's board, the seat's legal commands as buttons, the log in words,
// the start page's options. It imports only the platform's modules, as any game's client.
import { el, cmdButton, svgEl } from "../../platform/dom.js";
import { getJSON, getText } from "../../platform/api.js";
import { MapView } from "../../platform/mapview.js";

const GAME = "tiny-duel";
const $ = (id) => document.getElementById(id);

const COMMANDS = {
  Double: () => "Double the stake",
  Roll: () => "Roll the die",
  Reveal: () => "Reveal my card",
  EndTurn: () => "End my turn",
  TakeBack: () => "Take back",
};

export function commandWords(cmd) {
  const f = COMMANDS[cmd.type];
  return f ? f(cmd) : cmd.type;
}

let data = null;

/** The game's client data (``GameDefinition.client_data``): card numbers, colors. */
async function loadData() {
  if (!data) data = await getJSON(`/api/games/${GAME}/data`);
  return data;
}

async function loadNames() {
  const d = await loadData();
  const color = (seat) => d.colors[seat % d.colors.length];
  return {
    data: d,
    card: (c) => (c ? `${c} (${d.cards[c]})` : "a hidden card"),
    playerLabel: (p) => p.name,
    playerColor: (p) => color(p.seat),
    choiceName: (c) => c,
    choiceLabel: (c) => c,
    choiceColor: (seat) => color(seat),
  };
}

/** The log in words: one line per event worth a sentence (rule numbers in the game's
 * docstring). A card another seat was dealt comes redacted: it is said without its face. */
export function describeLog(events, names, who) {
  const out = [];
  for (const ev of events) {
    const d = ev.data;
    let text = null;
    let kind = "event";
    if (ev.redacted) {
      if (ev.type === "CardDealt") text = "A card is dealt face down.";
    } else if (ev.type === "GameSetUp") {
      text = `The duel begins: ${d.rounds} round${d.rounds === 1 ? "" : "s"}.`;
    } else if (ev.type === "CardDealt") {
      text = `${who(d.seat)} is dealt ${names.card(d.card)}.`;
      kind = "private";
    } else if (ev.type === "TurnStarted") {
      text = `${who(d.seat)}'s turn (round ${d.round}).`;
      kind = "turn";
    } else if (ev.type === "Doubled") {
      text = `${who(d.seat)} doubles the stake.`;
    } else if (ev.type === "DieRolled") {
      text = `${who(d.seat)} rolls ${d.die} and scores ${d.points}.`;
      kind = "move";
    } else if (ev.type === "CardRevealed") {
      text = `${who(d.seat)} reveals ${names.card(d.card)}.`;
    } else if (ev.type === "CardsShown") {
      text = `The cards are shown: ${d.cards.map((c, s) => `${who(s)} ${names.card(c)}`).join(", ")}.`;
    } else if (ev.type === "GameWon") {
      text = `${who(d.winner)} wins with ${d.scores[d.winner]} points.`;
      kind = "turn";
    }
    if (text) out.push({ text, kind, seq: ev.seq, type: ev.type });
  }
  return out;
}

class TinyDuelPage {
  constructor(host) {
    this.host = host;
    this.board = new MapView($("board"));
  }

  async load() {
    const svg = await getText(`/api/games/${GAME}/board.svg`);
    this.board.show(svg, ["pieces"]);
    this.board.ready();
  }

  render(answer, turn) {
    const { view, legal } = answer;
    this.drawPieces(view);
    const controls = $("controls");
    controls.replaceChildren();
    if (!turn.replaying && turn.mine) {
      for (const cmd of legal || []) {
        if (cmd.type === "TakeBack") continue; // the platform's own button
        controls.appendChild(cmdButton(commandWords(cmd), cmd, (c) => this.host.send(c),
          { id: `td-${cmd.type}`, class: cmd.type === "Roll" ? "primary" : "" }));
      }
    }
    const mine = this.host.seat === null ? null : view.players[this.host.seat];
    const card = $("shipcard");
    card.replaceChildren();
    if (mine) card.appendChild(el("p", { id: "td-my-card" }, `Your card: ${this.host.names.card(mine.card)}`));
  }

  drawPieces(view) {
    const layer = this.board.layer("pieces");
    if (!layer) return;
    layer.replaceChildren();
    for (const p of view.players) {
      const x = p.seat === 0 ? 50 : 250;
      svgEl("text", { x, y: 65, "text-anchor": "middle", class: "td-card", "data-seat": p.seat }, layer)
        .textContent = p.card ?? "?";
      svgEl("text", { x, y: 110, "text-anchor": "middle", fill: "#fff" }, layer).textContent = `${p.points}`;
    }
    const die = view.turn?.die;
    svgEl("text", { x: 150, y: 67, "text-anchor": "middle", id: "td-die" }, layer).textContent = die ? String(die) : "";
  }

  hasMotion() { return false; }

  animate() { return Promise.resolve(); }

  promptWords(answer, turn) {
    const { view, pending } = answer;
    if (view.winner !== null && view.winner !== undefined) return `${turn.who(view.winner)} wins the duel.`;
    if (!pending) return "Waiting…";
    const asked = { bet: "double the stake or roll", roll: "roll the die", end: "reveal your card or end your turn" }[pending.prompt] || pending.prompt;
    return turn.mine ? `Your turn: ${asked}.` : `Waiting for ${turn.who(pending.seats[0])}.`;
  }

  turnWords(answer) { return this.promptWords(answer, { mine: true, who: this.host.who }); }

  playerLine(p) { return p.revealed ? `shows ${this.host.names.card(p.card)}` : "card face down"; }

  playerMoney(p) { return { title: "Points", big: `${p.points} points`, small: "" }; }

  endSummary(view) {
    const winner = view.winner ?? null;
    return {
      title: winner === null ? "The duel is over" : `${this.host.who(winner)} wins!`,
      text: "Every card is shown and added to the points.",
      columns: ["Player", "Points", "Card"],
      row: (p) => [p.name, String(p.points), this.host.names.card(p.card)],
      order: (a, b) => b.points - a.points,
      winner,
    };
  }

  followUp() { return null; }

  refused() {}

  setBusy(on) {
    for (const b of $("controls").querySelectorAll("button")) b.disabled = on;
  }

  showActive() {}
}

function optionWords(lobby) {
  const o = lobby.options || {};
  const rounds = o.rounds ?? 2;
  return `${rounds} round${rounds === 1 ? "" : "s"} · ${o.takebacks === false ? "no take-backs" : "take-backs allowed"}`;
}

export const createForm = {
  title: "Tiny Duel",
  crumb: "Tiny Duel with friends",
  fragment: "/games/tinyduel/create.html",
  mount(root, seats) {
    return {
      maxSeats: () => 2,
      ready() { seats.set(2); seats.lock(true); },
      seatsChanged() {},
      options: () => ({ rounds: Number(root.querySelector("#td-rounds").value) }),
    };
  },
};

export default {
  id: "tinyduel",
  rulesets: [GAME],
  title: "Tiny Duel",
  playersTitle: "Duellists",
  stage: (view) => (view.winner !== null && view.winner !== undefined ? "over" : "playing"),
  loadNames,
  optionWords,
  createPage: (host) => new TinyDuelPage(host),
  describeLog,
  commandWords,
  score: (p) => p.points,
  scoreName: "Points",
  playedTypes: new Set(["Doubled", "DieRolled", "CardRevealed", "TurnEnded"]),
  createForm,
};
