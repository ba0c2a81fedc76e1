// A standalone page to look at the Star Traders modules on a real table, before (or beside)
// the platform's table page: it polls the seat's view and log and sends commands through the
// same GamePage the table page uses (page.js), with a small host.
import { TableApi } from "../../platform/api.js";
import { el } from "../../platform/dom.js";
import { loadComponents } from "./data.js";
import { StarTradersPage } from "./page.js";
import { describeEvent } from "./words.js";

const params = new URLSearchParams(location.search);
const api = new TableApi(params.get("table"), location.hash.slice(1) || null);
let seq = 0;
let after = 0;
let page = null;
let names = null;

async function refresh() {
  const v = await api.view();
  seq = v.seq;
  if (!page) {
    names = await loadComponents();
    const host = {
      names, seat: v.viewer,
      send: async (cmd) => {
        const errBox = document.getElementById("st-error");
        errBox.hidden = true;
        try { await api.command(seq, crypto.randomUUID(), cmd); } catch (err) { errBox.textContent = err.message; errBox.hidden = false; }
        await refresh();
      },
      replaying: () => false,
    };
    page = new StarTradersPage(host, { players: true });
    await page.load();
  }
  page.render(v);
  const log = await api.log(after);
  const list = document.getElementById("st-log");
  for (const ev of log.events) {
    after = Math.max(after, ev.seq);
    const words = describeEvent(ev, names, v.viewer);
    if (words) list.prepend(el("li", { "data-seq": ev.seq }, words));
  }
  document.body.dataset.seq = String(seq);
}

if (params.get("table")) {
  refresh().catch((err) => { document.getElementById("st-error").textContent = err.message; document.getElementById("st-error").hidden = false; });
  setInterval(() => refresh().catch(() => {}), 1500);
} else {
  document.getElementById("controls").textContent = "Open this page with a seat link's table id and token: dev.html?table=ID#TOKEN.";
}
