// A standalone page to look at the Star Traders modules on a real table, before (or beside)
// the platform's table page: it polls the seat's view and log and sends commands.
import { TableApi } from "../../api.js";
import { el } from "../../dom.js";
import { StarTradersTable } from "./index.js";

const params = new URLSearchParams(location.search);
const api = new TableApi(params.get("table"), location.hash.slice(1) || null);
let seq = 0;
let after = 0;
let table = null;

async function refresh() {
  const v = await api.view();
  seq = v.seq;
  if (!table) {
    table = new StarTradersTable(document.getElementById("st-root"), {
      me: v.viewer, send: async (cmd) => { const r = await api.command(seq, crypto.randomUUID(), cmd); await refresh(); return r; },
    });
    await table.mount();
  }
  table.update({ view: v.view, legal: v.legal, extras: v.extras });
  const log = await api.log(after);
  const list = document.getElementById("st-log");
  for (const ev of log.events) {
    after = Math.max(after, ev.seq);
    const words = table.describe(ev);
    if (words) list.prepend(el("li", { "data-seq": ev.seq }, words));
  }
  document.body.dataset.seq = String(seq);
}

refresh();
setInterval(() => refresh().catch(() => {}), 1500);
