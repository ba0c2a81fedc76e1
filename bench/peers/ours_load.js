// Our load in Node: the play of `bench/server_load.py --transport ws`, driven by it
// (`--generator node`). A Python load generator on this 2-core machine spent as much CPU per
// command as the server it measured (docs/performance.md, "The levers"); this one does
// the same work per command (every socket parses every frame it gets) for less.
//
// server_load.py sets the tables up over HTTP and measures the server; this script holds the
// websockets and plays. It talks JSON lines: on stdin, first the games
//   {"ws_base": "ws://127.0.0.1:<port>", "games": [[table_id, [4 tokens]], ...],
//    "skip": ["SetDrives", ...], "seed": 1}
// and it answers {"connected": <sockets>} once every socket has its hello answer; then
//   {"play": <seconds>}
// and it answers {"samples": [ms...], "errors": [...], "elapsed": s, "cpu_s": s,
// "lags": [ms...], "acks": [ms...], "observers": [ms...]} when every game's loop has ended;
// then {"close": true} (or the end of
// stdin) and it closes its sockets and exits. Diagnostics go to stderr.
//
// Per game: 4 websockets (hello with `view`, `inline_view`, `inline_ack`). The seat the game
// waits for picks one of its legal commands at random (the types in `skip` only when
// nothing else is legal) and sends it; a sample is from the send until all four sockets have
// the events of its ack's `seq` (`acks`: until the ack; `observers`: until each of the other
// three sockets has them); then a think time of 0.25-0.75 s (games start out of step).
'use strict';
const readline = require('readline');
const WebSocket = require('ws');

const TIMEOUT_MS = 30000;
let received = [0, 0]; // frames and bytes parsed (counted during play)

// a small seeded generator (mulberry32): runs with the same seed make the same choices
function rng(seed) {
  let a = (seed >>> 0) || 1;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const uniform = (random, lo, hi) => lo + (hi - lo) * random();

// a promise of what `register`'s callback is given, or of `undefined` after `ms` (one
// promise and one timer per wait: the generator shares the machine with the server)
function within(register, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    register((value) => { clearTimeout(timer); resolve(value); });
  });
}

class Game {
  constructor(tid, tokens) {
    this.tid = tid;
    this.tokens = tokens;
    this.sockets = [];
    this.seen = [0, 0, 0, 0];
    this.at = [0, 0, 0, 0]; // when each socket's `seen` last grew (performance.now())
    this.waiters = []; // [seq, resolve]
    this.views = [null, null, null, null];
    this.onView = null; // resolve of the wait for the next view
    this.answers = new Map(); // client_id -> resolve
  }

  // the seat asked to act at `seq` or later, and its pushed view
  actingView(seq) {
    for (let i = 0; i < 4; i++) {
      const v = this.views[i];
      if (v !== null && v.seq >= seq && v.legal && v.legal.length && v.pending
          && v.pending.seats.includes(i)) return [i, v];
    }
    return null;
  }

  viewed(i, view) {
    this.views[i] = view;
    if (this.onView !== null) { const r = this.onView; this.onView = null; r(true); }
  }

  arrived(i, seq) {
    if (seq > this.seen[i]) { this.seen[i] = seq; this.at[i] = performance.now(); }
    if (!this.waiters.length) return;
    const low = Math.min(...this.seen);
    this.waiters = this.waiters.filter(([target, resolve]) => {
      if (low >= target) { resolve(true); return false; }
      return true;
    });
  }

  // `resolve(true)` once all four sockets have the events up to `seq`
  allHave(seq, resolve) {
    if (Math.min(...this.seen) >= seq) resolve(true);
    else this.waiters.push([seq, resolve]);
  }

  answered(msg) {
    const resolve = this.answers.get(msg.client_id || '');
    if (resolve !== undefined) { this.answers.delete(msg.client_id); resolve(msg); }
  }

  // a pushed view with the parts it says are the same (hello "view_delta") taken from the
  // socket's last one, as the browser's web/platform/live.js does
  whole(i, view) {
    if (view.same !== undefined) {
      const last = this.views[i];
      for (const part of view.same) view.view[part] = last.view[part];
      delete view.same;
    }
    return view;
  }

  // every frame is parsed, as the Python generator's reader and a browser do
  receive(i, raw) {
    received[0] += 1;
    received[1] += raw.length;
    const msg = JSON.parse(raw);
    const kind = msg.type;
    if (kind === 'events' && msg.events.length) {
      this.arrived(i, msg.events[msg.events.length - 1].seq);
      if (msg.view !== undefined) this.viewed(i, this.whole(i, msg.view)); // "inline_view"
      if (msg.ack !== undefined) this.answered({ type: 'ack', ...msg.ack }); // "inline_ack"
    } else if (kind === 'view') {
      this.viewed(i, msg);
    } else if (kind === 'ack' || kind === 'error') {
      this.answered(msg);
    }
  }
}

function open(game, i, wsBase) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/api/tables/${game.tid}/ws`,
      { perMessageDeflate: false, maxPayload: 2 ** 22, handshakeTimeout: 60000 });
    let hello = false;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'hello', token: game.tokens[i], after: 0, view: true,
        inline_view: true, inline_ack: true, view_delta: true }));
    });
    ws.on('message', (raw) => {
      if (!hello) { // the hello answer: role, seat, seq
        hello = true;
        JSON.parse(raw);
        game.sockets[i] = ws;
        resolve();
        return;
      }
      game.receive(i, raw);
    });
    ws.on('error', (e) => { if (!hello) reject(e); else process.stderr.write(`ws: ${e}\n`); });
  });
}

async function connect(game, wsBase) {
  for (let i = 0; i < 4; i++) await open(game, i, wsBase);
}

function pick(legal, skip) {
  const choosable = legal.filter((a) => !skip.has(a.type));
  return choosable.length ? choosable : legal;
}

async function play(game, random, until, samples, errors, skip, acks, observers) {
  await sleep(uniform(random, 0, 750)); // out of step
  let n = 0;
  let seq = 0;
  while (Date.now() < until) {
    const found = game.actingView(seq);
    if (found === null) {
      if (await within((r) => { game.onView = r; }, TIMEOUT_MS) === undefined) {
        errors.push('no view pushed within 30 s');
        return;
      }
      continue;
    }
    const [seat, mine] = found;
    const legal = pick(mine.legal, skip);
    n += 1;
    const cid = `b${n}`;
    const t0 = performance.now();
    game.sockets[seat].send(JSON.stringify({ type: 'command', seq: mine.seq, client_id: cid,
      command: legal[Math.floor(random() * legal.length)] }));
    const got = await within((r) => game.answers.set(cid, r), TIMEOUT_MS);
    if (got === undefined) {
      game.answers.delete(cid);
      errors.push('no answer within 30 s');
    } else if (got.type !== 'ack') {
      errors.push(`${got.status} ${JSON.stringify(got).slice(0, 120)}`);
      seq = Math.max(seq, Number(got.seq || mine.seq));
    } else {
      acks.push(performance.now() - t0);
      if (await within((r) => game.allHave(got.seq, r), TIMEOUT_MS) === undefined) {
        errors.push('no push within 30 s');
      } else {
        samples.push(performance.now() - t0);
        for (let i = 0; i < 4; i++) if (i !== seat) observers.push(game.at[i] - t0);
        seq = got.seq;
      }
    }
    await sleep(uniform(random, 250, 750));
  }
}

// this process's own event loop: how late a 2 ms timer runs (ms); a sample's time includes
// the generator's delays too, so its lag says how much of a tail is its own
async function lagWatch(until, lags) {
  while (Date.now() < until) {
    const t = performance.now();
    await sleep(2);
    lags.push(performance.now() - t - 2);
  }
}

function say(obj) {
  return new Promise((resolve) => process.stdout.write(`${JSON.stringify(obj)}\n`, resolve));
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? { close: true } : JSON.parse(value);
  };
  const setup = await next();
  const games = setup.games.map(([tid, tokens]) => new Game(tid, tokens));
  for (let i = 0; i < games.length; i += 50) {
    await Promise.all(games.slice(i, i + 50).map((g) => connect(g, setup.ws_base)));
  }
  await say({ connected: 4 * games.length });
  const order = await next();
  if (order.play !== undefined) {
    const skip = new Set(setup.skip || []);
    const seeds = rng(setup.seed || 1);
    const samples = [];
    const errors = [];
    const lags = [];
    const acks = []; // from the send to the ack (the acting socket's frame)
    const observers = []; // from the send to each other socket's frame with the events
    const start = Date.now();
    const until = start + 1000 * order.play;
    received = [0, 0];
    const cpu = process.cpuUsage();
    const watch = lagWatch(until, lags);
    await Promise.all(games.map((g) => play(g, rng(Math.floor(seeds() * 2 ** 32)), until,
      samples, errors, skip, acks, observers)));
    const used = process.cpuUsage(cpu);
    const elapsed = (Date.now() - start) / 1000;
    await watch;
    await say({ samples: samples.map((s) => Math.round(s * 1000) / 1000), errors, elapsed,
      cpu_s: (used.user + used.system) / 1e6, system_s: used.system / 1e6,
      frames: received[0], bytes: received[1],
      acks: acks.map((s) => Math.round(s * 1000) / 1000),
      observers: observers.map((s) => Math.round(s * 1000) / 1000),
      lags: lags.map((s) => Math.round(s * 1000) / 1000) });
    await next(); // close
  }
  for (const g of games) for (const ws of g.sockets) ws.close();
  process.exit(0);
}

main().catch((e) => { process.stderr.write(`${e && e.stack ? e.stack : e}\n`); process.exit(1); });
