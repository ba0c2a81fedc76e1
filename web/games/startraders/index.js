// Star Traders in the browser: the table's game area built from the modules of this folder.
// ``StarTradersTable`` mounts into an element and is given each new position with
// ``update({view, legal, extras})``; every command goes out through ``send(command)`` (the
// platform's: the table's POST /commands, or a dev page's). ``describe(event)`` says an event
// in words for the log.
import { el } from "../../dom.js";
import { zoomButtons } from "../../board.js";
import { loadComponents } from "./data.js";
import { Galaxy, drawGalaxy } from "./galaxy.js";
import { renderContracts, renderPlayers, renderSeatPanel } from "./panel.js";
import { renderTurn } from "./turn.js";
import { renderPolicy, renderReaction, windowFor } from "./reactions.js";
import { renderDealForm, renderOffers } from "./deals.js";
import { renderSummary } from "./summary.js";
import { describeEvent, promptWords } from "./words.js";

export const id = "star-traders";
export const title = "Star Traders";

export class StarTradersTable {
  /** ``me``: this link's seat (-1 a spectator); ``send(cmd)``: a promise; ``turnTimer``:
   * the table's timer in seconds, or null. */
  constructor(root, { me = -1, send, turnTimer = null } = {}) {
    this.root = root;
    this.me = me;
    this.sendRaw = send;
    this.turnTimer = turnTimer;
    this.picked = null;
    this.dealTo = null;
    this.dealSig = "";
    this.state = { view: null, legal: [], extras: {} };
    this.windowSince = null;
  }

  async mount() {
    this.names = await loadComponents();
    this.root.replaceChildren();
    this.root.classList.add("st-table");
    const mapWrap = el("div", { class: "st-map-wrap map-wrap" });
    this.mapEl = el("div", { class: "st-map map", id: "st-map", tabindex: 0, "aria-label": "The galaxy: drag to pan, wheel or +/- to zoom" });
    mapWrap.append(this.mapEl);
    const side = el("aside", { class: "st-side" });
    this.parts = {};
    for (const [name, tag, attrs] of [
      ["prompt", "p", { id: "st-prompt", class: "prompt", "aria-live": "polite" }],
      ["summary", "div", { id: "st-summary", hidden: true }],
      ["reaction", "div", { id: "st-reaction", hidden: true }],
      ["error", "p", { id: "st-error", class: "error", role: "alert", hidden: true }],
      ["turn", "div", { id: "st-turn" }],
      ["offers", "div", { id: "st-offers" }],
      ["seat", "section", { id: "st-seat", class: "card", "aria-label": "Your ship" }],
      ["policy", "p", { id: "st-policy-row" }],
      ["players", "section", { id: "st-players", class: "card", "aria-label": "Traders" }],
      ["contracts", "section", { id: "st-contracts", class: "card", "aria-label": "Contracts" }],
    ]) {
      this.parts[name] = el(tag, attrs);
      side.append(this.parts[name]);
    }
    const dealBox = el("details", { id: "st-deal-box", class: "card" });
    dealBox.append(el("summary", {}, "Offer a deal"));
    this.parts.deal = el("div", { id: "st-deal" });
    dealBox.append(this.parts.deal);
    side.insertBefore(dealBox, this.parts.seat);
    this.root.append(mapWrap, side);
    this.board = new Galaxy(this.mapEl);
    await this.board.load();
    zoomButtons(this.board, mapWrap);
    this.board.onWorld = (world) => this.pickWorld(world);
    return this;
  }

  async send(cmd) {
    this.parts.error.hidden = true;
    try {
      return await this.sendRaw(cmd);
    } catch (err) {
      this.parts.error.textContent = err.message || String(err);
      this.parts.error.hidden = false;
      return null;
    }
  }

  pickWorld(world) {
    const { view, legal } = this.state;
    if (!view) return;
    const place = legal.find((c) => c.type === "PlaceStation" && c.world === world)
      || legal.find((c) => c.type === "ChooseJump" && c.world === world);
    if (place) { this.send(place); return; }
    this.picked = world;
    this.draw();
  }

  /** A new position: the view, this seat's legal commands and the server's extras. */
  update({ view, legal = [], extras = {} }) {
    const before = this.state.view;
    if (before && before.turn?.seat !== view.turn?.seat) this.picked = null;
    if (before && before.players?.[this.me]?.world !== view.players?.[this.me]?.world) this.picked = null;
    const open = windowFor(view, this.me);
    if (open && !this.windowSince) this.windowSince = Date.now();
    if (!open) this.windowSince = null;
    this.state = { view, legal, extras: extras || {} };
    this.names.setPlayers(view.players);
    this.draw();
  }

  draw() {
    const { view, legal, extras } = this.state;
    if (!view || !this.board) return;
    const names = this.names;
    const me = this.me;
    const send = (cmd) => this.send(cmd);
    const ctx = { view, legal, extras, names, me, send, picked: this.picked, dealTo: this.dealTo,
      deadline: this.turnTimer && this.windowSince ? this.windowSince + this.turnTimer * 1000 : null };
    drawGalaxy(this.board, view, names, { jumps: extras.jumps || null, picked: this.picked });
    this.parts.prompt.textContent = promptWords(view, names, me);
    renderSummary(this.parts.summary, view, names, me);
    renderReaction(this.parts.reaction, ctx);
    renderTurn(this.parts.turn, ctx);
    renderOffers(this.parts.offers, ctx);
    renderSeatPanel(this.parts.seat, view, names, me);
    renderPolicy(this.parts.policy, ctx);
    renderPlayers(this.parts.players, view, names, me);
    renderContracts(this.parts.contracts, view, names);
    // the deal form keeps what the player typed: redrawn only when what it offers changes
    const p = view.players?.[me];
    const sig = JSON.stringify([view.stations, view.completed?.map((e) => e.rights), view.players?.map((x) => [x.world, x.hold, x.out, x.engines]), p?.hand, p?.stellors, !!view.pending]);
    if (sig !== this.dealSig) {
      this.dealSig = sig;
      renderDealForm(this.parts.deal, ctx);
      this.dealTo = ctx.dealTo;
    }
  }

  /** An event in words for this seat (null: nothing to say). */
  describe(ev) { return this.names ? describeEvent(ev, this.names, this.me) : null; }
}
