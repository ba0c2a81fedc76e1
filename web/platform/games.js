// The games the platform knows and the small interface through which the platform calls a
// game. The platform (start page, lobby, live connection, log, chat, replay, notices, keys)
// never reads a game's view itself: it asks the game's module. The installed games come from
// the server (``GET /api/games``, ``docs/architecture.md``, "The game definition"): a game
// plugs in with its definition, whose client folder's ``index.js`` exports a GameModule by
// default; nothing here names a game.
import { getJSON } from "./api.js";

/**
 * An installed game as the server describes it (``GET /api/games``).
 * @typedef {Object} InstalledGame
 * @property {string} id              the ruleset id stored with every table
 * @property {string} title           the game's name for players
 * @property {string} summary         one line for the start page
 * @property {{min: number, max: number}} players  the seats a table may have
 * @property {string[]} bots          the bot kinds a host may seat, in the order offered
 * @property {string} default_bot
 * @property {{level: string, label: string, kind: string, exact: boolean}[]} levels  easy, normal,
 *   hard: the bot kind that plays each (``exact`` false: the game has none of that level)
 * @property {(string|null)} choice_option  the option taking the seats' lobby choices
 * @property {string} choice_title    what a seat chooses in the lobby
 * @property {Object} options_schema  the table options' JSON Schema
 * @property {(string|null)} client   the address of its client module (``index.js``), or null
 * @property {{title: string, url: string}[]} pages  pages of the game's own (a tutorial, a sandbox)
 * @property {(string|null)} rules    the address of its rules page, or null
 * @property {boolean} sandbox
 * @property {(string|null)} board   the address of its board image, or null
 * @property {(string|null)} data    the address of its client data, or null
 */

/*
 * What the platform reads of a view itself (``GET /view``, frames of ``GET /replay``): ``round``,
 * ``turn.seat`` (or ``turn`` null), ``players[i].seat/.name``, ``winner``. Of the events:
 * ``TurnStarted {seat, round}``, ``TurnEnded {seat}``, ``GameWon`` (turns, "since your last
 * turn", the chart's reload). Everything else goes through the game's module.
 */

/**
 * A game's words for its things (names of places, pieces, players). The platform uses only
 * these (players list, chart, end summary, lobby); the game's own views use the rest.
 * @typedef {Object} GameNames
 * @property {(player: Object) => string} playerLabel  "Ann (Dell)"
 * @property {(player: Object) => string} playerColor  a CSS color for the player's chips and lines
 * @property {(choice: string) => string} choiceName   a lobby seat choice (a race, a pilot) "Whynom"
 * @property {(choice: string) => string} choiceLabel  the same in the join form "Whynom (green)"
 * @property {(seat: number, choice: (string|null)) => string} choiceColor  a lobby seat's chip color
 * @property {number} [scoreTop]  where the score chart's axis ends at least (a score's cap;
 *   else 100)
 * @property {(choice: string) => string} [choiceHelp]  what a choice does, in a sentence or two
 *   (the join form shows the chosen one's, and every choice's under "What each does")
 */

/**
 * One line of the log in words.
 * @typedef {Object} LogLine
 * @property {string} text   one sentence, present tense
 * @property {string} kind   a class suffix (``log-<kind>``): "turn", "move", "trade", "private"...
 */

/**
 * A key of the game page: [keys shown, what it does, the key values, the action: a selector
 * of the button to press, or a function answering false when it did nothing].
 * @typedef {[string[], string, string[], (string|Function|null)]} Shortcut
 */

/**
 * The game's part of a table's game page, made once per page by ``GameModule.createPage``.
 * The platform calls it; it draws only inside the map (``#board``) and the turn panel
 * (``#controls``, ``#combat``, ``#moves``, ``#offer``, ``#market``, ``#trade``, ``#shipcard``).
 * @typedef {Object} GamePage
 * @property {Object} board  the map viewport, a ``MapView`` (``web/platform/mapview.js``) or a
 *   subclass: the platform fits it and gives it the keys m and f
 * @property {(lobby: Object) => Promise<void>} load  draw the empty board (the table's options)
 * @property {(answer: Object, turn: TurnState & {replaying: boolean}) => void} render  the newest ``{seq, view, legal,
 *   pending, extras}`` of this link: highlights and the turn panel (pieces: ``drawPieces``)
 * @property {(view: Object, secrets?: Object, seq?: number) => void} drawPieces  the pieces of a
 *   view (the replay passes a finished game's secrets, ``secretsOf``, and the moment's seq)
 * @property {(events: Object[]) => boolean} hasMotion  do these events hold a move worth animating
 * @property {(events: Object[]) => any} [motionStart]  where the latest move of ``events`` starts on
 *   the drawing now (taken before the new pieces are drawn; optional)
 * @property {(events: Object[], opts: {stepMs?: number, totalMs?: number, signal?: AbortSignal, start?: any}) => Promise<void>} animate
 *   the latest move of ``events``, in place on the board; with ``start`` the pieces are drawn at
 *   their end already and the mover glides from ``start`` (the live page: the new state is shown
 *   at once, ``data-seq``, the move is its depiction)
 * @property {(answer: Object, turn: TurnState) => string} promptWords  one sentence: what the
 *   rules ask now (of me, or whom we wait for)
 * @property {(answer: Object) => string} turnWords  the "your turn" notification's words
 * @property {(player: Object) => string} playerLine  the line under a player's name ("Scout · at the Galactic Base")
 * @property {(player: Object) => {title: string, big: string, small: string}} playerMoney
 *   the figures beside a player's name (a score, cash)
 * @property {(view: Object) => EndSummary} endSummary  the end dialog's words and table
 * @property {(cmd: Object, events: Object[], answer: Object) => (Object|null)} followUp  after our command was
 *   answered: the next command the player already chose (a flight across stops), or null
 * @property {(cmd: Object) => void} refused  our command was refused (forget any plan)
 * @property {(on: boolean) => void} setBusy  a command is in flight: nothing clickable
 * @property {(view: Object, always?: boolean) => void} showActive  bring the active piece into
 *   view (on a phone)
 */

/**
 * What the page knows that a game page needs (passed to ``createPage``).
 * @typedef {Object} GameHost
 * @property {GameNames & Object<string, any>} names  what the game's ``loadNames`` made: the
 *   platform reads its GameNames; the game's pages use the rest
 * @property {number|null} seat          my seat, null for the host and spectators
 * @property {(seat: number) => string} who   a seat's display name
 * @property {(cmd: Object) => Promise<void>} send   send a command (errors are shown)
 * @property {() => boolean} replaying
 * @property {() => boolean} busy
 * @property {() => (Object|null)} view   the view drawn now (the replay's moment while replaying)
 * @property {(type: string) => (Object|null)} lastEvent  the newest event of ``type`` this link
 *   was told (not redacted), e.g. what a secret look showed this seat
 * @property {(err: {message: string}, kind?: string) => void} showError
 */

/**
 * @typedef {Object} TurnState
 * @property {boolean} mine        this link has something to do now (``pending`` names my seat)
 * @property {boolean} activeIsMe  the turn is my seat's
 * @property {(seat: number) => string} who
 * @property {Object} lobby        the table (status, seats with ``bot``)
 * @property {number|null} seat
 */

/**
 * @typedef {Object} EndSummary
 * @property {string} title      "Ann wins!"
 * @property {string} text       one sentence
 * @property {string[]} columns  the table's heads (the first: the player)
 * @property {(player: Object) => string[]} row  a player's cells
 * @property {(a: Object, b: Object) => number} order  the table's order (the winner first)
 * @property {number|null} winner  the winner's seat
 */

/**
 * The default export of ``web/games/<game>/index.js``.
 * @typedef {Object} GameModule
 * @property {string} id            the client folder's name
 * @property {string[]} rulesets    the ruleset ids it plays
 * @property {string} title         the game's name
 * @property {string[]} [styles]      the game's stylesheets (``/games/<folder>/board.css``), linked when it loads
 * @property {string} [playersTitle]  the heading of the players list ("Traders")
 * @property {(lobby: Object) => Promise<GameNames>} loadNames  the game's data for a table (board, names)
 * @property {(lobby: Object) => string} optionWords  the table's options in words (the lobby)
 * @property {string} [choiceTitle]   what a seat chooses in the lobby ("Race / color")
 * @property {(host: GameHost) => GamePage} createPage
 * @property {(events: Object[], names: GameNames, who: Function, reader?: number) => LogLine[]} describeLog
 *   the log in words (``reader``: a finished game's full log read by that seat)
 * @property {(ev: Object, names: GameNames, who: Function) => string|null} [quietWords]  the replay
 *   bar's words for an event the log keeps silent (else the platform's neutral phrase)
 * @property {(cmd: Object, names: GameNames) => string} commandWords  a command in words
 * @property {(line: LogLine) => boolean} [sinceWorthy]  a line worth "since your last turn"
 * @property {(events: Object[]) => Object} [secretsOf]  what a finished game's full log reveals
 * @property {(names: GameNames, seat: number|null, events: Object[], cmd?: Object) => {text: string, key: string}[]} [notices]
 *   what the rules did to my seat without my asking, in words (kept until "Got it")
 * @property {Set<string>} [playedTypes]  event types a seat causes by playing (a bot playing mine)
 * @property {(view: Object) => string} stage  "setup", "playing" or "over" (the end dialog, the
 *   title, the host's tools)
 * @property {(view: Object) => (number|null)} [goal]  the score that wins, if any (the chart's
 *   dashed line, "first to 2,000")
 * @property {(player: Object) => number} score  the public score the chart draws
 * @property {string} scoreName     "Net Worth (3.2)"
 * @property {{keys: Shortcut[], next: string[], urgent: number, panel: string}} [keyboard]
 *   the game's keys, and where the focus goes after a redraw (``focus.js``): ``next``
 *   selectors in order, the first ``urgent`` are questions the rules ask, ``panel`` the turn
 *   panel's first control
 * @property {CreateForm} [createForm]  the start page's part for this game (without it the start
 *   page does not offer the game)
 */

/**
 * A game's part of the start page's create form. The platform keeps the table's name, the
 * Game radios, Players (``#t-seats``) and Bots; the game's fields come from ``fragment`` (an
 * HTML file of its folder, inserted in ``#game-options``; an element ``[data-slot="seats"]`` in
 * it is where the Players select goes).
 * @typedef {Object} CreateForm
 * @property {string} title     the Game radio's label (the game's name, and which game of its box)
 * @property {string} crumb     the top bar's words ("<the game> with friends")
 * @property {string} fragment  the fields' HTML (``/games/<folder>/create.html``)
 * @property {(root: HTMLElement, seats: SeatsControl) => CreatePart} mount  wire the fields
 */

/**
 * The platform's Players select, as the game's fields may drive it (a solitaire option is one seat).
 * @typedef {Object} SeatsControl
 * @property {() => number} value
 * @property {(n: number) => void} set
 * @property {(on: boolean) => void} lock     the player may not change it
 * @property {() => void} refill              offer 1..maxSeats() again
 */

/**
 * @typedef {Object} CreatePart
 * @property {() => number} maxSeats
 * @property {() => Object} options           the table's ``options`` (POST /api/tables)
 * @property {(n: number) => void} seatsChanged
 * @property {() => void} ready               after mounting and the seats filled
 * @property {HTMLElement} [aside]            a card beside the form (a map of the board)
 */

/** What a game module may leave out (marked ``[optional]`` in the typedef above). */
export const DEFAULTS = {
  styles: [],
  playersTitle: "Players",
  choiceTitle: "Color",
  goal: () => null,
  sinceWorthy: (line) => line.kind !== "turn",
  secretsOf: () => null,
  quietWords: () => null,
  notices: () => [],
  playedTypes: new Set(),
  keyboard: { keys: [], next: ["#panel .urgent button", "#controls button"], urgent: 1, panel: "#panel button:not(:disabled)" },
};

const loaded = new Map(); // client address -> Promise<GameModule>

/** A game's stylesheet, linked once; resolves when it is loaded (or failed: the page goes on). */
function addStyle(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const done = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.appendChild(link);
  return done;
}

let installed = null;

/** The installed games (``GET /api/games``, asked once per page), in the server's order. */
export function installedGames() {
  if (!installed) {
    installed = getJSON("/api/games").then((answer) => answer.games);
    installed.catch(() => { installed = null; }); // a failed answer may be asked again
  }
  return installed;
}

/** The installed game ``ruleset``, or null. */
export async function installedGame(ruleset) {
  return (await installedGames()).find((g) => g.id === ruleset) || null;
}

/** The game module for a ruleset id: imported once from the address its definition gives
 * (``client``), its ``styles`` linked. */
export async function gameFor(ruleset) {
  const games = await installedGames();
  const entry = games.find((g) => g.id === ruleset);
  if (!entry?.client) {
    const known = games.filter((g) => g.client).map((g) => g.id);
    throw new Error(`This client has no views for the game ${JSON.stringify(ruleset)} (known: ${known.join(", ") || "none"}).`);
  }
  if (!loaded.has(entry.client)) {
    const p = import(entry.client).then(async (m) => {
      const game = { ...DEFAULTS, ...m.default };
      await Promise.all(game.styles.map(addStyle));
      return game;
    });
    p.catch(() => loaded.delete(entry.client)); // a failed load may be tried again
    loaded.set(entry.client, p);
  }
  return loaded.get(entry.client);
}
