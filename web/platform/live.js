// The live connection of a table: one websocket (server/ws.py), reconnecting by itself.
//
// The client keeps the last event seq it has; on (re)connect it says hello{after} and the
// server sends what is missing, then live events. An event at or below that seq is dropped
// (never applied twice); a gap (an event beyond seq + 1, or a ping announcing a later seq)
// asks for a resync from the last seq held. Reconnects back off 0.5 s, 1 s, 2 s ... 10 s.
// With ``{view: true}`` the server pushes this link's view (view, legal, extras) with each
// batch of events, in the same message (hello ``inline_view``), so the game page needs no
// ``GET /view`` for what others play. With ``view_delta`` a pushed view leaves out the parts
// that are still those of the last view pushed on this socket (its markets, "?" boxes...),
// named in ``same``: they are taken from that view here (``wholeView``).
//
// Commands go over the socket too (``command()``: a ``command`` message with the POST's body;
// the server answers ``ack`` or an ``error`` carrying the POST's status and detail, mapped to
// the same ApiError). The events of a command come pushed like everyone's; the hello's
// ``inline_ack`` has the ack ride in the events message that brings them (one frame).

import { ApiError, apiError } from "./api.js";

const MAX_BACKOFF = 10_000;
const SILENT_MS = 60_000;
const ANSWER_MS = 10_000; // a command unanswered this long: asked again by POST

/** A command whose socket went away before its answer: send it again another way (with the
 * same client id the server applies it once). */
export class NotAnswered extends ApiError {
  constructor() {
    super("The connection was lost before the server answered.");
    this.lost = true;
  }
}

export class Live {
  /**
   * @param tableId  the table
   * @param token    this tab's link token (or null: the table's cookie speaks)
   * @param handlers what the socket calls: {events(list), yourTurn(msg), chat(message), table(lobby), status(state, detail),
   *                 hello(msg), reset(), view(answer)}
   * @param options  ``view``: ask the server to push the view after each batch of events
   */
  constructor(tableId, token, handlers, { view = false } = {}) {
    this.tableId = tableId;
    this.token = token;
    this.on = handlers;
    this.seq = 0;
    this.chatId = 0;
    this.ws = null;
    this.tries = 0;
    this.timer = null;
    this.closed = false;
    this.state = "connecting";
    this.wantView = view;
    this.lastView = null; // the last view pushed on this socket, whole (``wholeView``)
    this.asked = new Map(); // client id -> {resolve, reject, timer}: commands awaiting answers
  }

  start(after = 0, chatAfter = 0) {
    this.started = true;
    this.seq = after;
    this.chatId = chatAfter;
    this.connect();
    window.addEventListener("online", () => { if (this.state !== "open") this.reconnectNow(); });
    // the socket of a device gone offline can look open for minutes: never say "live" then
    window.addEventListener("offline", () => this.lost("Your device is offline. The game goes on without you; it catches up when the network is back."));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.state !== "open") this.reconnectNow();
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws`;
  }

  setStatus(state, detail = "") {
    this.state = state;
    this.on.status?.(state, detail);
  }

  connect() {
    clearTimeout(this.timer);
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.setStatus(this.tries ? "reconnecting" : "connecting");
    ws.onopen = () => {
      this.lastView = null; // a new socket's first view comes whole
      ws.send(JSON.stringify({
        type: "hello", after: this.seq, chat_after: this.chatId, token: this.token || undefined,
        view: this.wantView || undefined, inline_view: this.wantView || undefined,
        view_delta: this.wantView || undefined, inline_ack: true,
      }));
    };
    ws.onmessage = (e) => {
      this.heard();
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.receive(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.unanswered();
      if (e.code === 1008 && this.refused) {
        this.setStatus("refused", this.refused);
        return; // the link is not valid (any more): retrying will not help
      }
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  retry() {
    if (this.closed) return;
    this.tries += 1;
    const delay = Math.min(MAX_BACKOFF, 500 * 2 ** Math.min(this.tries - 1, 5)) * (0.8 + Math.random() * 0.4);
    this.setStatus("offline", `Lost the connection to the server. Trying again in ${Math.round(delay / 1000) || 1} s…`);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** The server pings every ~20 s: a socket silent much longer than that is dead. */
  heard() {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.lost("No word from the server for a minute. Trying again…"), SILENT_MS);
  }

  /** The connection is gone even if the socket does not know it yet: say so, try again. */
  lost(detail) {
    clearTimeout(this.silence);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.unanswered();
    if (this.closed || this.state === "refused") return;
    this.tries = Math.max(this.tries, 1);
    this.setStatus("offline", detail);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), navigator.onLine === false ? MAX_BACKOFF : 1000);
  }

  reconnectNow() {
    if (this.ws) return;
    this.tries = Math.max(this.tries, 1);
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }

  /** Drop the socket as if the network went away (the browser tests use it). */
  drop() { this.ws?.close(); }

  /** A pushed view with the parts it names in ``same`` taken from the last one (null, and the
   * socket started again, if there is none to take them from: never, as the server sends
   * ``same`` only after a view on the same socket). */
  wholeView(view) {
    if (view.same) {
      const last = this.lastView;
      if (!last) { this.ws?.close(); return null; }
      for (const part of view.same) view.view[part] = last.view[part];
      delete view.same;
    }
    this.lastView = view;
    return view;
  }

  receive(msg) {
    switch (msg.type) {
      case "hello":
        this.tries = 0;
        this.refused = null;
        this.setStatus("open");
        this.on.hello?.(msg);
        if (msg.seq < this.seq) { this.seq = msg.seq; this.on.reset?.(); }
        break;
      case "events":
        this.takeEvents(msg.events);
        if (msg.view) { // the view after them, in the same message
          const view = this.wholeView(msg.view);
          if (view) this.on.view?.(view);
        }
        if (msg.ack) this.answered(msg.ack.client_id, null, msg.ack); // our command's answer
        break;
      case "ack": this.answered(msg.client_id, null, msg); break;
      case "reset":
        this.seq = 0;
        this.on.reset?.();
        break;
      case "view": this.on.view?.(msg); break;
      case "presence": this.on.presence?.(msg.online); break;
      case "your_turn": this.on.yourTurn?.(msg); break;
      case "chat":
        if (msg.message.id > this.chatId) {
          this.chatId = msg.message.id;
          this.on.chat?.(msg.message);
        }
        break;
      case "table": this.on.table?.(msg.table); break;
      case "ping":
        if (msg.seq > this.seq) this.resync();
        break;
      case "error":
        if (msg.for === "command") {
          const { type: _t, for: _f, client_id: id, status, ...detail } = msg;
          this.answered(id, apiError(status, detail));
        } else {
          this.refused = msg.message;
        }
        break;
      default: break;
    }
  }

  takeEvents(events) {
    const fresh = [];
    for (const ev of events) {
      if (ev.seq <= this.seq) continue; // had it: never applied twice
      if (ev.seq !== this.seq + 1) { this.resync(); break; } // a gap: ask again from what we have
      fresh.push(ev);
      this.seq = ev.seq;
    }
    if (fresh.length) this.on.events?.(fresh);
  }

  /** Events the client got another way (a command's answer): mark them as had. */
  had(events) {
    const fresh = [];
    for (const ev of events) {
      if (ev.seq === this.seq + 1) { fresh.push(ev); this.seq = ev.seq; }
    }
    return fresh;
  }

  /**
   * Send a command over the socket: resolves with the ack ``{first_seq, seq, duplicate}``,
   * rejects with the ApiError the POST would give (409 conflict with ``seq``, 422 naming the
   * rule...), or with ``NotAnswered`` when the socket goes away first (or no answer comes).
   * Null when the socket is not open: the caller posts instead.
   */
  command(seq, clientId, command) {
    if (this.state !== "open" || this.ws?.readyState !== WebSocket.OPEN) return null;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.answered(clientId, new NotAnswered()), ANSWER_MS);
      this.asked.set(clientId, { resolve, reject, timer });
      this.ws.send(JSON.stringify({ type: "command", seq, client_id: clientId, command }));
    });
  }

  answered(clientId, error, ack = null) {
    const waiting = this.asked.get(clientId);
    if (!waiting) return;
    this.asked.delete(clientId);
    clearTimeout(waiting.timer);
    if (error) waiting.reject(error);
    else waiting.resolve({ first_seq: ack.first_seq, seq: ack.seq, duplicate: ack.duplicate });
  }

  /** The socket is gone: every command still awaiting its answer is to be sent again. */
  unanswered() {
    for (const id of [...this.asked.keys()]) this.answered(id, new NotAnswered());
  }

  resync() {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "resync", after: this.seq }));
  }
}
