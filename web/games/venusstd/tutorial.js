// "Learn to play" the standard game: a first turn of the 2012 rules, phase by phase (Player
// Turns: Movement, First Contact, Transaction, Merchant Spaceport), then a later turn's sale
// and merchant spaceport, played on the sandbox's table (sandbox.js, ``HotSeat``) from two
// positions: scenarios/tutorial.json, whose fixed dice are the rulebook's throttling example
// (4, 2, 1, then a 5), and scenarios/tutorial-trade.json. Each step is a position of the game:
// it says what the rules do there, highlights the command to try (its buttons and its space on
// the map, ``.tutorial-try``), keeps other commands back with a sentence (``HotSeat.guard``)
// and advances when the server's answer shows the step done. Every command still goes to the
// server, which enforces the rules as always; the headings in brackets become rule links
// (rulelinks.js).
import { el } from "../../platform/dom.js";
import { HotSeat, preset } from "./sandbox.js";

const HEADING = "base-colony.1"; // the first space of the path from Galactic Base to the Colony World
const CITY = "colony-world.city-1"; // a surface city of the Colony World, where the Humans live
const GOODS = "humans:g1"; // the Humans' Rock Videos
const FIRST = "tutorial.json"; // the first position: Galactic Base, round 1

const me = (a) => a.view.players[0];
const phase = (a) => a.view.turn?.phase ?? null;
const movement = (a) => a.view.movement ?? {};

/**
 * A step: what it says, the one command it asks for (``try``: highlighted, the only one let
 * through) and when the answer shows it done; a step with a ``scenario`` (a file of
 * scenarios/) starts from that position.
 * @typedef {{title: string, text: string, do?: string, begin?: boolean, scenario?: string,
 *   try?: (cmd: any) => boolean, done?: (answer: any) => boolean}} Step
 */

/** @type {Step[]} */
export const STEPS = [
  {
    title: "Welcome, merchant",
    text: "You fly a ship from Galactic Base, the star in the middle of the map, with c30 and a level 1 Human pilot. The standard game lasts 30 rounds, and the merchant with the most credits after final scoring wins (Winning the Game). Each round every merchant takes one turn of four phases, always in this order: Movement, First Contact, Transaction and Merchant Spaceport (Player Turns). Here you play one whole turn on the real rules; the dice are fixed so that everything goes as described. The headings in brackets are links: open one to read its rule.",
    do: "Press Begin when you are ready.",
    begin: true,
  },
  {
    title: "1. Movement phase: declare your heading",
    text: "The Movement phase has four steps: declare a heading, set the speed, move, end the movement (Movement Phase). First you point your ship along the path it will leave by (Declare Heading). The Colony World, home of the Humans, lies below Galactic Base: its path starts at the space just below the base.",
    do: "Declare your heading towards the Colony World: the highlighted space just below Galactic Base, on the map or in the list.",
    try: (c) => c.type === "DeclareHeading" && c.toward === HEADING,
    done: (a) => movement(a).heading === HEADING || (movement(a).dice?.length ?? 0) > 0,
  },
  {
    title: "2. Set speed: roll",
    text: "Roll three speed dice: their total is your movement value, the most movement points you may spend this turn, and once they are rolled you must move (Set Speed). Here they will show 4, 2 and 1: a movement value of 7, two short of the nearest city of the Colony World.",
    do: "Press Roll the speed dice, or the R key.",
    try: (c) => c.type === "RollSpeed",
    done: (a) => (movement(a).dice?.length ?? 0) > 0,
  },
  {
    title: "3. Assigning dice: the throttle",
    text: "Your pilot's level is how many rolled dice you may put on your dashboard this turn (Assigning Dice). A die showing 1 may go on the throttle to roll a fourth speed die, and the four are added up (Throttle). An assigned die still counts for movement.",
    do: "On your dashboard, put the 1 in the Throttle box.",
    try: (c) => c.type === "AssignDie" && c.box === "throttle",
    done: (a) => (movement(a).dice?.length ?? 0) > 3,
  },
  {
    title: "4. Move, and end the movement by landing",
    text: "The fourth die shows 5: 12 movement points. A step along a grey line costs 1 point, along a green line 2, and you may not turn back (Move). The movement ends when you land on a surface city, a spaceport or an asteroid, or when every point is spent (End Movement). The map rings every place your points reach; the surface city of the Colony World is one, with points to spare.",
    do: "Fly to the highlighted surface city of the Colony World, on the map or under Where to: the ship lands there.",
    try: (c) => c.type === "MoveTo" && c.path?.[c.path.length - 1] === CITY,
    done: (a) => me(a).space === CITY && phase(a) !== "movement",
  },
  {
    title: "5. First Contact phase: meet the Humans",
    text: "You are the first to land in this system: its First Contact card turns over, the Humans set out their market, and the card comes to you with its IOU credits on it, c90 to spend with them only (First Contact Phase). At once you may make up to three buys and three sells with them (Buy Actions). They sell Rock Videos for c120; your Human pilot pays c10 less at his home culture (Pilot Home Culture Discounts), and the card's c90 pay most of the rest.",
    do: "In the Humans' market, buy one Rock Videos.",
    try: (c) => c.type === "BuyGoods" && c.token === GOODS,
    done: (a) => me(a).cargo.includes(GOODS),
  },
  {
    title: "6. End the First Contact phase",
    text: "The Rock Videos fill one of your cargo holds. Goods pay most where a culture wants them: the token's back says what it resells for elsewhere (Sell Actions). That is your trade with the Humans for this turn.",
    do: "End the First Contact phase: press its button, or the E key.",
    try: (c) => c.type === "EndPhase",
    done: (a) => phase(a) !== "first_contact",
  },
  {
    title: "7. Transaction phase",
    text: "On a city or spaceport you trade with the culture there: buy, sell, take on and drop off passengers. Having landed on a surface city this very turn, you make one buy and one sell at most (Transaction Phase); you have bought already.",
    do: "End the Transaction phase.",
    try: (c) => c.type === "EndPhase",
    done: (a) => phase(a) !== "transaction",
  },
  {
    title: "8. Merchant Spaceport phase",
    text: "Standing on a surface city, a merchant who made no buy this turn may pay c200 to build a merchant spaceport on an empty orbit space above it (Merchant Spaceport Phase). You bought this turn, so not now. Built or not, the turn is then over (End of the Merchant Spaceport Phase), and the next merchant plays; alone at this table, you start round 2.",
    do: "End the Merchant Spaceport phase: your turn ends.",
    try: (c) => c.type === "EndPhase",
    done: (a) => a.view.round > 1,
  },
  {
    title: "9. Some turns later: sell where goods are wanted",
    text: "A new position: you have carried the Rock Videos to the Jungle World and landed at its surface city, where the Shenna live. A good sells only to the cultures listed on its token, the Shenna among them for Rock Videos, and the top market token sets the price: a high market pays the largest resale value, c230 (Sell Actions).",
    do: "In the Shenna's market, sell your Rock Videos.",
    scenario: "tutorial-trade.json",
    try: (c) => c.type === "SellGoods" && c.token === GOODS,
    done: (a) => !me(a).cargo.includes(GOODS),
  },
  {
    title: "10. End the Transaction phase",
    text: "Bought for c110, sold for c230. After your sales the top market token goes under the stack: the Shenna's market shifts (Sell Actions). You made no buy this turn, and you have c240.",
    do: "End the Transaction phase.",
    try: (c) => c.type === "EndPhase",
    done: (a) => phase(a) !== "transaction",
  },
  {
    title: "11. Build a merchant spaceport",
    text: "With no buy this turn and c200 to pay, you may build a merchant spaceport on the empty orbit space joined to this city by a green line; your ship moves onto it and the turn ends (Merchant Spaceport Phase). Everyone who trades there later pays you c10 a deal, and each spaceport is worth c200 at the end of the game (Trading on Merchant Spaceports).",
    do: "Build your merchant spaceport on the highlighted orbit space, on the map or in the list.",
    try: (c) => c.type === "BuildSpaceport",
    done: (a) => me(a).spaceports.length > 0,
  },
];

const FINISHED = {
  title: "You can play!",
  text: "You declared a heading, rolled, used the throttle, flew, landed, made first contact, bought, sold at a profit and built a merchant spaceport, on the real rules. Next: pick up passengers, complete missions, beat pirates and earn fame. Open a table from the start page, or try the game's moments in the Sandbox.",
};

/** The step panel over a ``HotSeat``: guards its commands, marks the command to try and
 * moves on when an answer shows the step done. */
export class Tutorial {
  /** @param {HTMLElement} box @param {HotSeat} table @param {Step[]} steps */
  constructor(box, table, steps = STEPS) {
    this.box = box;
    this.table = table;
    this.steps = steps;
    this.at = 0;
  }

  get step() { return this.steps[this.at]; }

  /** ``HotSeat.guard``: null lets the command through; a sentence keeps it back. */
  guard(cmd) {
    const step = this.step;
    if (!step) return null; // done: the table is the player's
    if (step.begin) return "Press Begin in the tutorial panel first.";
    if (step.try(cmd)) return null;
    return `Not yet: this step asks you to ${step.do.charAt(0).toLowerCase()}${step.do.slice(1)}`;
  }

  answered(answer) {
    const was = this.at;
    while (this.step && !this.step.begin && this.step.done(answer)) this.at += 1;
    this.render();
    this.mark();
    if (this.at === was) return;
    this.showStep();
    if (this.step?.scenario) this.open(this.step.scenario);
  }

  /** A step's own position: its scenario started on the table. */
  async open(file) {
    this.table.setBusy(true); // nothing played on the old position meanwhile
    try {
      const scenario = await preset(file);
      document.getElementById("scenario-desc").textContent = scenario.description;
      await this.table.start(scenario);
    } catch (err) {
      this.table.showError(err);
    }
  }

  /** A new step: its words in view (the panel may have been scrolled down to the last one's
   * command; on a phone the panel stands below the map). */
  showStep() {
    const title = document.getElementById("tutorial-title");
    const r = title?.getBoundingClientRect();
    if (r && (r.top < 0 || r.bottom > window.innerHeight)) this.box.scrollIntoView({ block: "start" });
  }

  /** "Show me": the command to try brought into view and focused (the first of its buttons). */
  showMe() {
    const b = /** @type {HTMLElement|null} */ (document.querySelector("#panel button.tutorial-try"));
    if (!b) return;
    b.scrollIntoView({ block: "center" });
    b.focus({ preventScroll: true });
  }

  begin() {
    this.at = 1;
    this.render();
    this.mark();
    document.getElementById("tutorial-title")?.focus({ preventScroll: true });
  }

  /** The command to try, highlighted: its buttons in the panel and its space on the map. */
  mark() {
    for (const e of document.querySelectorAll(".tutorial-try")) e.classList.remove("tutorial-try");
    const step = this.step;
    if (!step?.try) return;
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#panel [data-cmd]"))) {
      let cmd;
      try { cmd = JSON.parse(b.dataset.cmd); } catch { continue; }
      if (!step.try(cmd)) continue;
      b.classList.add("tutorial-try");
      const space = b.dataset.space;
      if (space) document.querySelector(`#board .hl[data-space="${CSS.escape(space)}"]`)?.classList.add("tutorial-try");
    }
  }

  render() {
    const step = this.step;
    const n = this.steps.length - 1;
    this.box.dataset.step = String(this.at);
    this.box.dataset.finished = step ? "false" : "true";
    const shown = step || FINISHED;
    const parts = [
      el("h2", {}, "Tutorial"),
      el("p", { class: "tutorial-progress" }, step ? (this.at ? `Step ${this.at} of ${n}` : "Your first turn") : `All ${n} steps done`),
      el("h3", { class: "tutorial-step-title", id: "tutorial-title", tabindex: "-1" }, shown.title),
      el("p", { class: "tutorial-step-text" }, shown.text),
    ];
    if (step) parts.push(el("p", { class: "tutorial-do", id: "tutorial-do" }, step.do));
    if (step?.try) {
      const show = el("button", { type: "button", id: "tutorial-show", class: "small" }, "Show me");
      show.addEventListener("click", () => this.showMe());
      parts.push(show);
    }
    if (step?.begin) {
      const b = el("button", { type: "button", class: "primary", id: "tutorial-begin" }, "Begin");
      b.addEventListener("click", () => this.begin());
      parts.push(b);
    }
    if (!step) {
      const links = el("p", { class: "help-links tutorial-done" });
      links.append(el("a", { href: "/", id: "tutorial-home" }, "Open a table"), " ",
        el("a", { href: "/games/venusstd/sandbox.html" }, "Sandbox"), " ",
        el("a", { href: "/rules/venus-standard" }, "Read the rules"), " ",
        el("a", { href: "/games/venusstd/tutorial.html" }, "Play the tutorial again"));
      parts.push(links);
    }
    this.box.replaceChildren(...parts);
  }
}

async function init() {
  const table = new HotSeat();
  window.starport = table; // for the console and the browser tests
  const tutorial = new Tutorial(document.getElementById("tutorial"), table);
  table.guard = (cmd) => tutorial.guard(cmd);
  document.addEventListener("sandbox:answer", (e) => tutorial.answered(/** @type {CustomEvent} */ (e).detail.answer));
  document.addEventListener("sandbox:render", () => tutorial.mark());
  tutorial.render();
  try {
    await table.load();
  } catch (err) {
    table.showError(err);
    return;
  }
  await tutorial.open(FIRST);
}

init();
