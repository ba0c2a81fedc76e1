// The tutorial table (a first game): the sandbox page on the real rules, started
// from scenarios/tutorial.json (fixed dice), with a step panel that explains each step of
// two turns (declare, roll, move, land, buy, end; then again to sell) as the player does it.
//
// The page is the sandbox (sandbox.js plays the commands and draws the game); this module only
// guards the commands (game.guard: a command the current step does not ask for is explained,
// not sent), advances when the server's answer shows the step done ("sandbox:answer"), and
// plays Bob's turns from a script (BOB). Every command still goes to the server, which
// enforces the rules as always. Its rule numbers become links by rulelinks.js, like the panel's.
const FIRST_DOT = "galactic-base--colony-world.1";
const CITY = "colony-world.10"; // Comfort Caverns, a Surface City of the Colony World (the Graw)
const SECOND_DOT = "colony-world.4";
const STATION = "space-station-planet.6"; // the Space City of Space Station Planet (the Dell)
const GOODS = "goods:graw";
const MOVING = ["MoveAlong", "MoveTo", "ChoosePilotNumber", "Land"];

/** Bob's turn, scripted: he stays put at the Galactic Base and ends his turn. */
export const BOB = [{ type: "StayPut" }, { type: "EndTurn" }];
const BOB_PACE_MS = 700; // slow enough to see his turn go by

const me = (a) => a.view.players[0];
const turn = (a) => a.view.turn;

/** The script: what each step says, which commands it lets through, and when it is done. */
export const STEPS = [
  {
    title: "Welcome, merchant",
    text: "You fly a Scout from the Galactic Base (the big station in the middle of the map) with 100 in cash. You win Merchant of Venus by reaching a net worth of 2,000: cash plus deeds (13.1). You get there by finding the cultures hidden in the star systems and trading their goods. Bob, the other merchant, is played by the tutorial. Your dice are fixed so that everything below happens as described. Rule numbers like 5.31 are links: open one to read the rule.",
    do: "Press Begin when you are ready.",
    begin: true,
  },
  {
    title: "1. Declare your first dot",
    text: "Before you roll, you say which dot your ship moves to first (5.31). The dots you may choose glow gold on the map and are listed in the panel under \"First dot\". Take the red dot on the way to the Colony World, down and to the left of the Galactic Base.",
    do: "Pick the gold dot towards the Colony World (on the map, or in the First dot list).",
    allow: (c) => c.type === "DeclareHeading" && c.dot === FIRST_DOT,
    done: (a) => turn(a)?.heading === FIRST_DOT,
  },
  {
    title: "2. Roll the dice",
    text: "A Scout rolls three dice; their sum is your movement points, MP, for this turn (5.2). Here the dice will show 2, 3 and 4: 9 MP.",
    do: "Press Roll dice (or the R key).",
    allow: (c) => c.type === "RollDice" && !c.auto_pilot,
    done: (a) => (turn(a)?.dice?.length ?? 0) > 0,
  },
  {
    title: "3. Fly and land",
    text: "Every step in space costs 1 MP; going down to a city on a planet costs 2 (5.21). You may not turn back on your path (5.32), and you may not stop in empty space with MP left (5.23). The map now shows where your 9 MP can end: the green ring is Comfort Caverns, a city of the Colony World. Landing ends your move (6.2), and as the first merchant to land in that system you discover who lives there (7.3).",
    do: "Pick Comfort Caverns (the green destination, on the map or in the Destinations list) to fly there and land.",
    allow: (c) => MOVING.includes(c.type),
    done: (a) => me(a).dot === CITY && turn(a)?.phase === "trade",
  },
  {
    title: "4. Buy goods",
    text: "The Graw live here. Their market card shows what they sell: Space Spice for 30. Goods are bought cheap where they are made and sold dear elsewhere: Space Spice pays 80 to the cultures listed on it (9.31), and the Dell are one of them. At a city you reached this turn you may buy one thing and sell one thing (9.41). You also received the Graw's IOU for discovering them; keep it for now.",
    do: "In the Market, buy one Space Spice.",
    allow: (c) => c.type === "Buy" && c.item === GOODS,
    done: (a) => me(a).goods.includes(GOODS),
  },
  {
    title: "5. End your turn",
    text: "You may not move again after trading (4.4). Your Scout carries the Space Spice in one of its holds (3.431). Then the next merchant plays: Bob's turn goes by in the log (the tutorial plays it for him).",
    do: "Press End turn (or the E key).",
    allow: (c) => c.type === "EndTurn",
    done: (a) => a.view.round > 1 && a.seat === 0,
  },
  {
    title: "6. Declare again",
    text: "A new turn. From a planet's city there is only one way out: back up to its Orbit, Comfort Station. The Dell, who buy Space Spice, live at Space Station Planet, to the right of the Galactic Base.",
    do: "Declare the gold dot above Comfort Caverns.",
    allow: (c) => c.type === "DeclareHeading" && c.dot === SECOND_DOT,
    done: (a) => turn(a)?.heading === SECOND_DOT,
  },
  {
    title: "7. Roll",
    text: "The dice will show 2, 4 and 6: 12 MP, enough to cross to Space Station Planet. Its Navigation Circles send you where your Pilot Number points: one of your dice, chosen once for the turn (6.4, 6.41). Flying to a destination chooses it for you.",
    do: "Roll the dice.",
    allow: (c) => c.type === "RollDice" && !c.auto_pilot,
    done: (a) => (turn(a)?.dice?.length ?? 0) > 0,
  },
  {
    title: "8. Fly to Space Station Planet",
    text: "Among the destinations is Space Station Planet, a city in space. Landing there discovers the Dell.",
    do: "Pick Space Station Planet (the green destination right of the Galactic Base, or in the list) to fly there and land.",
    allow: (c) => MOVING.includes(c.type),
    done: (a) => me(a).dot === STATION && turn(a)?.phase === "trade",
  },
  {
    title: "9. Sell",
    text: "The Dell buy Space Spice: sell it for its payoff. The sold goods go into the bonus cup and a new marker comes out somewhere on the map (9.31).",
    do: "In the Market, sell the Space Spice.",
    allow: (c) => c.type === "Sell" && c.goods === GOODS,
    done: (a) => !me(a).goods.includes(GOODS),
  },
  {
    title: "10. End the turn",
    text: "Bought for 30, sold for 80: a profit of 50, and two cultures discovered. That is the whole game: find where goods are made and where they are wanted, move them, and grow your fortune with better ships, Spaceports and Factories (12.1).",
    do: "End your turn to finish the tutorial.",
    allow: (c) => c.type === "EndTurn",
    done: (a) => a.view.round > 2 && a.seat === 0,
  },
];

const FINISHED = {
  title: "You can play!",
  text: "You declared, rolled, flew, landed, bought and sold on the real rules. Open a table for your friends from the start page, or keep the rules at hand: every rule number in a game is a link.",
};

function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

class Tutorial {
  constructor(box, game) {
    this.box = box;
    this.game = game;
    this.at = 0;
    this.bobAt = null; // the index in BOB of Bob's next command while he plays
  }

  get step() { return STEPS[this.at]; }

  /** game.guard: null lets the command through; a sentence keeps it back. */
  guard(cmd) {
    if (this.bobAt !== null) return this.bobPlays(cmd) ? null : "Wait: Bob is playing his turn.";
    const step = this.step;
    if (!step || step.begin) return step?.begin ? "Press Begin in the tutorial panel first." : null;
    if (step.allow(cmd)) return null;
    return `Not yet: this step asks you to ${step.do.charAt(0).toLowerCase()}${step.do.slice(1)}`;
  }

  /** Bob's own commands pass the guard, nothing else does while he plays. */
  bobPlays(cmd) { return JSON.stringify(cmd) === JSON.stringify(BOB[this.bobAt]); }

  answered(answer) {
    if (answer.seat === 1) { this.playBob(); this.render(); return; }
    this.bobAt = null;
    while (this.step && !this.step.begin && this.step.done(answer)) {
      this.at += 1;
    }
    this.render();
  }

  /** Bob's next scripted command, after a short pause (sandbox.js is done with the answer). */
  playBob() {
    this.bobAt = this.bobAt === null ? 0 : this.bobAt + 1;
    if (this.bobAt >= BOB.length) return;
    const cmd = BOB[this.bobAt];
    setTimeout(() => this.game.send(cmd), BOB_PACE_MS);
  }

  begin() {
    this.at = 1;
    this.render();
    document.getElementById("board")?.focus({ preventScroll: true });
  }

  render() {
    const step = this.step;
    const box = this.box;
    const n = STEPS.length - 1;
    box.dataset.step = String(this.at);
    box.dataset.finished = step ? "false" : "true";
    const head = el("h2", {}, "Tutorial");
    const progress = el("p", { class: "tutorial-progress" }, step ? (this.at ? `Step ${this.at} of ${n}` : "Your first game") : `All ${n} steps done`);
    const title = el("h3", { class: "tutorial-step-title", id: "tutorial-title", tabindex: "-1" }, (step || FINISHED).title);
    const text = el("p", { class: "tutorial-step-text" }, (step || FINISHED).text);
    const parts = [head, progress, title, text];
    if (this.bobAt !== null) parts.push(el("p", { class: "tutorial-said", id: "tutorial-bob", role: "status" }, "Bob's turn: the tutorial plays it for him."));
    if (step) parts.push(el("p", { class: "tutorial-do", id: "tutorial-do" }, step.do));
    if (step?.begin) {
      const b = el("button", { type: "button", class: "primary", id: "tutorial-begin" }, "Begin");
      b.addEventListener("click", () => this.begin());
      parts.push(b);
    }
    if (!step) {
      const links = el("p", { class: "help-links tutorial-done" });
      links.append(el("a", { href: "/", id: "tutorial-home" }, "Open a table"), el("a", { href: "/rules/venus" }, "Read the rules"),
        el("a", { href: "/games/venus/tutorial.html" }, "Play the tutorial again"));
      parts.push(links);
    }
    box.replaceChildren(...parts);
  }
}

function init() {
  const game = window.starport; // sandbox.js (loaded first) plays the commands
  const box = document.getElementById("tutorial");
  const tutorial = new Tutorial(box, game);
  game.guard = (cmd) => tutorial.guard(cmd);
  document.addEventListener("sandbox:answer", (e) => tutorial.answered(/** @type {CustomEvent} */ (e).detail.answer));
  document.addEventListener("sandbox:start", () => { tutorial.at = 0; tutorial.render(); });
  tutorial.render();
}

init();
