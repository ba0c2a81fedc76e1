// The load of bench/server_load.py, in boardgame.io's terms: N matches of 4 players, each a
// boardgame.io client over socket.io; in every match the current player makes its move, then
// the match waits a think time drawn uniformly from 0.25-0.75 s (matches start out of step).
// A sample is the time from the move until all four clients have the resulting state.
// Usage: node bgio_load.js <port> <games> <duration s> [server pid]
// Also measured: this process's own CPU per command (``process.cpuUsage()``) and how late a
// 2 ms timer runs on its loop (``load_generator ...``, as bench/server_load.py prints for ours).
// The last line is ``peer_load games=<n> commands_per_s=<x> p50_ms=<y> p99_ms=<z>``.
const fs = require('fs');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { OneMove } = require('./game.js');

const [port, games, duration, pid] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssKib(p) {
  if (!p) return 0;
  const line = fs.readFileSync(`/proc/${p}/status`, 'utf8').split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

// user + system CPU seconds of the server process so far (0 when unknown); kernelSeconds:
// the system part alone
function cpuSeconds(p) {
  if (!p) return 0;
  const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(')').pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ: 100 on Linux
}
function kernelSeconds(p) {
  if (!p) return 0;
  const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(')').pop().trim().split(/\s+/);
  return Number(fields[12]) / 100;
}

async function post(path, body) {
  const r = await fetch(base + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

async function setupMatch() {
  const { matchID } = await post('/games/one-move/create', { numPlayers: 4 });
  const creds = [];
  for (let i = 0; i < 4; i++) {
    const j = await post(`/games/one-move/${matchID}/join`, { playerID: String(i), playerName: `P${i}` });
    creds.push(j.playerCredentials);
  }
  return { matchID, creds, clients: [], seen: [0, 0, 0, 0], waiters: [] };
}

function arrived(m, i, stateID) {
  m.seen[i] = Math.max(m.seen[i], stateID);
  const low = Math.min(...m.seen);
  m.waiters = m.waiters.filter(([target, resolve]) => {
    if (low >= target) { resolve(); return false; }
    return true;
  });
}

function allHave(m, target) {
  return new Promise((resolve) => {
    if (Math.min(...m.seen) >= target) resolve();
    else m.waiters.push([target, resolve]);
  });
}

async function connect(m) {
  const ready = [];
  for (let i = 0; i < 4; i++) {
    const client = Client({ game: OneMove, multiplayer: SocketIO({ server: base }),
      matchID: m.matchID, playerID: String(i), credentials: m.creds[i], debug: false });
    ready.push(new Promise((resolve) => {
      client.subscribe((state) => {
        if (state) { arrived(m, i, state._stateID); resolve(); }
      });
    }));
    client.start();
    m.clients.push(client);
  }
  await Promise.all(ready);
}

// this process's own event loop: how late a 2 ms timer runs (ms)
async function lagWatch(until, lags) {
  while (Date.now() < until) {
    const t = performance.now();
    await sleep(2);
    lags.push(performance.now() - t - 2);
  }
}

async function play(m, until, samples, errors) {
  await sleep(Math.random() * 750);
  while (Date.now() < until) {
    const seat = Number(m.clients[0].getState().ctx.currentPlayer);
    const client = m.clients[seat];
    const target = client.getState()._stateID + 1;
    const t0 = performance.now();
    client.moves.bump();
    const timeout = sleep(30000).then(() => 'timeout');
    if (await Promise.race([allHave(m, target), timeout]) === 'timeout') {
      errors.push('state not received within 30 s');
    } else {
      samples.push(performance.now() - t0);
    }
    await sleep(250 + Math.random() * 500);
  }
}

async function main() {
  let t = Date.now();
  const matches = [];
  for (let i = 0; i < games; i += 32) {
    matches.push(...await Promise.all(
      Array.from({ length: Math.min(32, games - i) }, () => setupMatch())));
  }
  console.log(`set up ${matches.length} games in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await sleep(1000);
  const before = rssKib(pid);
  for (let i = 0; i < matches.length; i += 50) {
    await Promise.all(matches.slice(i, i + 50).map(connect));
  }
  await sleep(2000);
  const after = rssKib(pid);
  const sockets = 4 * matches.length;
  const perWs = (after - before) / sockets;
  console.log(`${sockets} idle websockets: server RSS ${before} -> ${after} KiB, ` +
    `${perWs.toFixed(1)} KiB each`);
  const samples = [];
  const errors = [];
  const start = Date.now();
  const until = start + duration * 1000;
  const cpu = cpuSeconds(pid);
  const kernel = kernelSeconds(pid);
  const lags = [];
  const watch = lagWatch(until, lags);
  const own = process.cpuUsage();
  await Promise.all(matches.map((m) => play(m, until, samples, errors)));
  const ownUsed = process.cpuUsage(own);
  const elapsed = (Date.now() - start) / 1000;
  await watch;
  const cpuUs = samples.length ? (1e6 * (cpuSeconds(pid) - cpu)) / samples.length : 0;
  const kernelShare = (kernelSeconds(pid) - kernel) / Math.max(cpuSeconds(pid) - cpu, 1e-9);
  for (const m of matches) for (const c of m.clients) c.stop();
  samples.sort((a, b) => a - b);
  if (!samples.length) { console.log('no samples', errors.slice(0, 5)); process.exit(1); }
  const p50 = samples.length % 2 ? samples[(samples.length - 1) / 2]
    : (samples[samples.length / 2 - 1] + samples[samples.length / 2]) / 2;
  const p99 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))];
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  console.log(`peer=boardgame.io-0.50.2 samples=${samples.length} errors=${errors.length} ` +
    `max_ms=${samples[samples.length - 1].toFixed(1)} mean_ms=${mean.toFixed(1)} ` +
    `idle_ws_kib=${perWs.toFixed(1)} server_cpu_us_per_command=${cpuUs.toFixed(0)} ` +
    `(kernel ${(100 * kernelShare).toFixed(0)}%)`);
  lags.sort((a, b) => a - b);
  if (!lags.length) lags.push(0);
  const ownS = (ownUsed.user + ownUsed.system) / 1e6;
  console.log(`load_generator generator=bgio cpu_us_per_command=` +
    `${(1e6 * ownS / samples.length).toFixed(0)} cores=${(ownS / elapsed).toFixed(2)} ` +
    `lag_p50_ms=${lags[lags.length >> 1].toFixed(1)} ` +
    `lag_p99_ms=${lags[Math.floor(lags.length * 0.99)].toFixed(1)} ` +
    `lag_max_ms=${lags[lags.length - 1].toFixed(1)}`);
  for (const e of errors.slice(0, 3)) console.log('  error:', e);
  console.log(`peer_load games=${games} commands_per_s=${(samples.length / elapsed).toFixed(1)} ` +
    `p50_ms=${p50.toFixed(1)} p99_ms=${p99.toFixed(1)}`);
  process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
