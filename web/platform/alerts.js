// A seat's "your turn" alerts for when its page is closed (server/alerts_api.py), in ONE place:
// the "Alerts when you're away" box of the seat's panel, which the header's "Alerts" button
// opens. Each way has its own part saying its state up front and its own "Send a test" that
// says what it did: notifications on this device (Web Push; the service worker web/sw.js shows
// them, and says so to the page), a chat webhook (Discord, Slack or plain JSON), an e-mail;
// then quiet hours in this browser's time zone. When this browser cannot get notifications
// (a private window, blocked for the site, no push service) the device's part says so and what
// to do instead. mountAlerts(parent, api, seat, header) adds the box.
import { request } from "./api.js";

const FORMATS = [["auto", "Told by the address"], ["discord", "Discord"], ["slack", "Slack"], ["json", "Plain JSON"]];
const FORMAT_NAMES = { discord: "a Discord message", slack: "a Slack message", json: "plain JSON" };
const SUBSCRIBE_MS = 15_000; // a push service that has not answered by then is out of reach
const ARRIVAL_MS = 20_000; // how long a test notification is waited for on this device
const ELSEWHERE = "Meanwhile, a chat webhook or an e-mail below reaches you wherever you are.";

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function field(label, input, hint = null) {
  const id = input.id;
  return el("div", { className: "alerts-field" },
    el("label", { htmlFor: id, textContent: label }), input,
    hint ? el("p", { className: "hint", textContent: hint }) : null);
}

/** The browser's own time zone (the server keeps quiet hours in it). */
export function browserZone() {
  try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch { return "UTC"; }
}

function keyBytes(b64url) {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64url.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function waitWords(seconds) {
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const m = Math.round(seconds / 60);
  return m === 1 ? "a minute" : `${m} minutes`;
}

function hostOf(url) {
  try { return new URL(url).host; } catch { return "the address"; }
}

/** Push works here: a service worker, the Push API and notifications, on a secure origin. */
export function pushSupported() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Why this browser cannot subscribe, from the error its push manager gave. */
export class CannotSubscribe extends Error {
  constructor(kind, detail) {
    super(detail);
    this.kind = kind; // "private" | "blocked" | "unreachable"
  }
}

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => {
    setTimeout(() => reject(new CannotSubscribe("unreachable", `no answer from the browser's push service within ${ms / 1000} s`)), ms);
  })]);
}

/** This browser's push subscription (made once, shared by every seat it plays). */
async function browserSubscription(publicKey) {
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await withTimeout(navigator.serviceWorker.ready, SUBSCRIBE_MS);
  const known = await reg.pushManager.getSubscription();
  if (known) return known;
  try {
    return await withTimeout(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }), SUBSCRIBE_MS);
  } catch (err) {
    if (err instanceof CannotSubscribe) throw err;
    const text = `${err?.name || "Error"}: ${err?.message || err}`;
    // Chromium refuses a private window's (and an unsigned-in profile's) subscription with
    // "permission denied" although notifications are allowed; Firefox: "not allowed"
    if (Notification.permission === "denied") throw new CannotSubscribe("blocked", text);
    if (/permission|not ?allowed|incognito|private/i.test(text)) throw new CannotSubscribe("private", text);
    throw new CannotSubscribe("unreachable", text);
  }
}

async function currentEndpoint() {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return sub ? sub.endpoint : null;
}

export class SeatAlerts {
  constructor(api, seat, header = null) {
    this.api = api;
    this.seat = seat;
    this.header = header; // the header's "Alerts" button: it opens this box
    this.path = `${api.base}/seats/${seat}/alerts`;
    this.settings = null;
    this.thisDevice = false; // this browser's subscription is kept for the seat
    this.cannot = null; // the last CannotSubscribe of this page, if any
    this.box = this.build();
    if (header) {
      header.hidden = false;
      header.setAttribute("aria-controls", "alerts");
      header.addEventListener("click", () => this.reveal());
    }
  }

  call(method, suffix = "", body = undefined) {
    return request(method, `${this.path}${suffix}`, body, this.api.headers());
  }

  build() {
    const b = (this.els = {});
    b.status = el("p", { className: "alerts-status", role: "status" });
    b.push = el("button", { type: "button", id: "alerts-push", className: "primary", hidden: true });
    b.pushState = el("p", { className: "alerts-state", id: "alerts-push-state" });
    b.pushNote = el("p", { className: "hint", id: "alerts-push-note" });
    b.webhook = el("input", { id: "alerts-webhook", type: "url", pattern: "https?://\\S+", title: "An http:// or https:// address", placeholder: "https://discord.com/api/webhooks/…", maxLength: 500, autocomplete: "off" });
    b.webhookState = el("p", { className: "alerts-state", id: "alerts-webhook-state" });
    b.format = el("select", { id: "alerts-format" }, ...FORMATS.map(([v, t]) => el("option", { value: v, textContent: t })));
    b.email = el("input", { id: "alerts-email", type: "email", placeholder: "you@example.org", maxLength: 254, autocomplete: "email" });
    b.emailState = el("p", { className: "alerts-state", id: "alerts-email-state" });
    b.quiet = el("input", { id: "alerts-quiet", type: "checkbox" });
    b.qStart = el("input", { id: "alerts-quiet-start", type: "time", value: "22:00", required: true });
    b.qEnd = el("input", { id: "alerts-quiet-end", type: "time", value: "08:00", required: true });
    b.save = el("button", { type: "submit", id: "alerts-save", className: "primary", textContent: "Save" });
    b.result = el("ul", { className: "alerts-result", id: "alerts-result", hidden: true, ariaLive: "polite" });
    b.error = el("p", { className: "error", role: "alert", hidden: true });
    b.tests = {};
    b.said = {};
    for (const ch of ["push", "webhook", "email"]) {
      b.tests[ch] = el("button", { type: "button", id: `alerts-test-${ch}`, className: "alerts-test", textContent: "Send a test" });
      b.said[ch] = el("p", { className: "alerts-said", id: `alerts-${ch}-said`, role: "status", hidden: true });
      b.tests[ch].addEventListener("click", () => this.sendTest(ch));
    }

    const zone = browserZone();
    const quietRow = el("fieldset", { className: "alerts-quiet" },
      el("legend", {}, el("label", { className: "inline" }, b.quiet, " Quiet hours")),
      el("div", { className: "alerts-times" },
        el("label", {}, el("span", { textContent: "From" }), b.qStart),
        el("label", {}, el("span", { textContent: "To" }), b.qEnd)),
      el("p", { className: "hint", textContent: `In your time zone (${zone}). An alert due then comes when they end.` }));
    const channel = (id, title, ...parts) => el("section", { className: "alerts-channel", id },
      el("h4", { textContent: title }), ...parts);
    b.form = el("form", { className: "alerts-form", noValidate: false },
      (b.devicePart = channel("alerts-device", "Notifications on this device", b.pushState, b.pushNote,
        el("div", { className: "alerts-row" }, b.push, b.tests.push), b.said.push)),
      channel("alerts-chat", "Chat webhook", b.webhookState,
        field("Webhook address", b.webhook, "Paste a Discord or Slack incoming webhook, or any URL that takes JSON."),
        field("Its format", b.format),
        el("div", { className: "alerts-row" }, b.tests.webhook), b.said.webhook),
      channel("alerts-mail", "E-mail", b.emailState, field("Address", b.email),
        el("div", { className: "alerts-row" }, b.tests.email), b.said.email),
      quietRow,
      el("div", { className: "alerts-actions" }, b.save),
      b.error, b.result);
    b.quiet.addEventListener("change", () => this.quietShown());
    b.form.addEventListener("submit", (e) => { e.preventDefault(); this.save(); });
    b.push.addEventListener("click", () => this.togglePush());
    b.webhook.addEventListener("input", () => this.guessFormat());

    return el("details", { className: "alerts-box", id: "alerts" },
      el("summary", {}, el("span", { textContent: "Alerts when you're away" }), b.status),
      el("p", { className: "hint alerts-intro", id: "alerts-intro" }),
      b.form);
  }

  /** The header's button: open the box and bring it into view. */
  reveal() {
    this.box.open = true;
    this.box.scrollIntoView({ block: "start", behavior: "smooth" });
    /** @type {HTMLElement} */ (this.box.querySelector("summary")).focus({ preventScroll: true });
  }

  guessFormat() {
    const url = this.els.webhook.value;
    if (this.els.format.value !== "auto") return;
    this.els.format.title = /discord(app)?\.com\/api\/webhooks/.test(url) ? "Discord (from the address)"
      : /hooks\.slack\.com/.test(url) ? "Slack (from the address)" : "";
  }

  quietShown() {
    const on = this.els.quiet.checked;
    this.els.qStart.disabled = !on;
    this.els.qEnd.disabled = !on;
  }

  async load() {
    try {
      this.settings = await this.call("GET");
      const endpoint = await currentEndpoint().catch(() => null);
      const given = localStorage.getItem(this.deviceKey());
      if (given && endpoint && given !== endpoint) await this.renew(given);
      this.thisDevice = Boolean(endpoint) && this.settings.push_devices > 0 && localStorage.getItem(this.deviceKey()) === endpoint;
    } catch (err) {
      this.fail(err);
      return;
    }
    this.fill();
  }

  /** The browser renewed its push subscription since this seat was given it: give the new
   * one and forget the old. */
  async renew(old) {
    const reg = await navigator.serviceWorker.getRegistration("/");
    const sub = reg && (await reg.pushManager.getSubscription());
    if (!sub) return;
    const json = sub.toJSON();
    await this.call("POST", "/push", { endpoint: json.endpoint, keys: json.keys });
    this.settings = await this.call("POST", "/push/forget", { endpoint: old });
    localStorage.setItem(this.deviceKey(), json.endpoint);
  }

  deviceKey() { return `starport:push:${this.api.id}:${this.seat}`; }

  fill() {
    const s = this.settings;
    const b = this.els;
    b.webhook.value = s.webhook || "";
    b.format.value = s.webhook_format;
    b.email.value = s.email || "";
    b.email.disabled = !s.email_available;
    b.email.placeholder = s.email_available ? "you@example.org" : "The host has not set up e-mail";
    const quiet = s.quiet_start !== null;
    b.quiet.checked = quiet;
    if (quiet) { b.qStart.value = s.quiet_start; b.qEnd.value = s.quiet_end; }
    this.quietShown();
    $intro(this.box).textContent = `When the game has waited ${waitWords(s.notify_after)} for you and no page of your seat is open, you get one alert, on each way you set up below.`;
    this.pushShown();
    this.channelsShown();
    this.statusShown();
  }

  /** The device's part: on, off, or why this browser cannot get notifications here. */
  pushShown() {
    const b = this.els;
    const s = this.settings;
    const others = s.push_devices - (this.thisDevice ? 1 : 0);
    const more = others > 0 ? ` Also on ${others} other device${others > 1 ? "s" : ""}.` : "";
    const state = (kind, words, note) => {
      b.pushState.textContent = words;
      b.pushState.className = `alerts-state ${kind}`;
      b.pushNote.textContent = note;
    };
    b.push.hidden = true;
    b.tests.push.hidden = s.push_devices === 0;
    if (!s.push_key) {
      state("cannot", "Off: this server does not send notifications.", `Ask the host to set up Web Push. ${ELSEWHERE}${more}`);
    } else if (!pushSupported()) {
      state("cannot", "This browser can't receive notifications here.", window.isSecureContext
        ? `It has no Web Push. Open the table in Chrome, Edge, Firefox or Safari (on an iPhone or iPad: add Starport to the Home Screen first, then open it from there). ${ELSEWHERE}${more}`
        : `Notifications need the page served over https: ask the host. ${ELSEWHERE}${more}`);
    } else if (Notification.permission === "denied" || this.cannot?.kind === "blocked") {
      state("cannot", "This browser can't receive notifications here: they are blocked for this site.",
        `To allow them, open the site's settings (the icon left of the address), set Notifications to Allow, and reload the page. ${ELSEWHERE}${more}`);
    } else if (this.cannot && !this.thisDevice) {
      b.push.hidden = false;
      b.push.textContent = "Try again";
      b.push.classList.remove("primary");
      const why = this.cannot.kind === "private"
        ? "A private (incognito) window cannot receive notifications, and some browsers keep them off until you sign in to the browser. Open the table in a normal window and press “Notify this device” there."
        : "The browser's push service did not answer: this network may block it. Try again later, or from another network.";
      state("cannot", "This browser can't receive notifications here.", `${why} ${ELSEWHERE} (The browser said: ${this.cannot.message}.)${more}`);
    } else {
      b.push.hidden = false;
      b.push.textContent = this.thisDevice ? "Stop notifying this device" : "Notify this device";
      b.push.classList.toggle("primary", !this.thisDevice);
      if (this.thisDevice) state("on", "On: this device gets a notification even with every tab closed.", more.trim());
      else state("off", "Off on this device.", `Press “Notify this device”: your browser asks whether this site may notify you.${more}`);
    }
  }

  /** The webhook's and the e-mail's parts: what is saved. */
  channelsShown() {
    const s = this.settings;
    const b = this.els;
    const fmt = s.webhook_format === "auto" ? "" : ` (${FORMATS.find(([v]) => v === s.webhook_format)?.[1]})`;
    b.webhookState.textContent = s.webhook ? `On: posts to ${hostOf(s.webhook)}${fmt}.` : "Off: no webhook saved.";
    b.webhookState.className = `alerts-state ${s.webhook ? "on" : "off"}`;
    b.tests.webhook.disabled = false;
    if (!s.email_available) {
      b.emailState.textContent = "Off: this server has no e-mail set up (ask the host).";
      b.emailState.className = "alerts-state cannot";
      b.tests.email.hidden = true;
    } else {
      b.emailState.textContent = s.email ? `On: to ${s.email}.` : "Off: no address saved.";
      b.emailState.className = `alerts-state ${s.email ? "on" : "off"}`;
      b.tests.email.hidden = false;
    }
  }

  statusShown() {
    const s = this.settings;
    const ways = [];
    if (s.push_devices) ways.push("push");
    if (s.webhook) ways.push("webhook");
    if (s.email && s.email_available) ways.push("e-mail");
    this.els.status.textContent = ways.length ? `On: ${ways.join(", ")}` : "Off";
    this.els.status.classList.toggle("on", ways.length > 0);
    if (this.header) {
      this.header.textContent = ways.length ? "Alerts: on" : "Alerts: off";
      this.header.title = ways.length ? `Alerts when you're away: ${ways.join(", ")}` : "Set up alerts for when you're away";
      this.header.classList.toggle("on", ways.length > 0);
    }
  }

  body() {
    const b = this.els;
    const quiet = b.quiet.checked;
    return {
      webhook: b.webhook.value.trim() || null,
      webhook_format: b.format.value,
      email: b.email.disabled ? (this.settings?.email ?? null) : (b.email.value.trim() || null),
      quiet_start: quiet ? b.qStart.value : null,
      quiet_end: quiet ? b.qEnd.value : null,
      time_zone: browserZone(),
    };
  }

  /** Whether the form holds changes not saved yet. */
  changed() {
    const s = this.settings;
    const now = this.body();
    return now.webhook !== (s.webhook || null) || now.webhook_format !== s.webhook_format
      || now.email !== (s.email || null) || now.quiet_start !== s.quiet_start || now.quiet_end !== s.quiet_end;
  }

  async save({ quietly = false } = {}) {
    this.clear();
    if (!this.els.form.reportValidity()) return false;
    try {
      this.settings = await this.call("PUT", "", this.body());
      this.fill();
      if (!quietly) this.say([["Saved", "Your alert settings are kept for this seat."]]);
      return true;
    } catch (err) { this.fail(err); return false; }
  }

  async togglePush() {
    this.clear();
    const b = this.els;
    b.push.disabled = true;
    b.said.push.hidden = true;
    try {
      if (this.thisDevice) {
        const endpoint = localStorage.getItem(this.deviceKey());
        this.settings = await this.call("POST", "/push/forget", { endpoint });
        localStorage.removeItem(this.deviceKey());
        this.thisDevice = false;
      } else {
        if (Notification.permission !== "granted" && (await Notification.requestPermission()) !== "granted") {
          throw new CannotSubscribe("blocked", "notifications were not allowed");
        }
        const sub = await browserSubscription(this.settings.push_key);
        const json = sub.toJSON();
        this.settings = await this.call("POST", "/push", { endpoint: json.endpoint, keys: json.keys });
        localStorage.setItem(this.deviceKey(), json.endpoint);
        this.thisDevice = true;
        this.cannot = null;
      }
    } catch (err) {
      if (err instanceof CannotSubscribe) this.cannot = err; else this.fail(err);
    } finally {
      b.push.disabled = false;
      this.fill();
    }
    // what happened is said where the player looks: the device's part (its state, why, and
    // the button to try again) in view together
    b.devicePart.scrollIntoView({ block: "nearest" });
  }

  /** One channel's test: saved first when its field changed; its words say what happened. */
  async sendTest(channel) {
    const b = this.els;
    const said = b.said[channel];
    b.tests[channel].disabled = true;
    said.hidden = true;
    try {
      if (channel !== "push" && this.changed() && !(await this.save({ quietly: true }))) return;
      const arrival = channel === "push" && this.thisDevice ? this.arrival() : null;
      const got = await this.call("POST", `/test?channel=${channel}`);
      const [kind, words] = this.testWords(channel, got[channel]);
      this.tell(channel, kind, words);
      if (arrival && kind === "ok") {
        const came = await arrival;
        this.tell(channel, came ? "ok" : "bad", came
          ? `${words} It arrived here ✓`
          : `${words} Nothing arrived on this device within ${ARRIVAL_MS / 1000} s: the browser's push service may be out of reach from this network, or your system keeps this browser's notifications off (its notification settings, or do-not-disturb).`);
      }
    } catch (err) {
      this.tell(channel, "bad", err.message || String(err));
    } finally {
      b.tests[channel].disabled = false;
    }
  }

  /** Whether the service worker hears a test push within ``ARRIVAL_MS`` (web/sw.js tells
   * the open pages of each push it shows). */
  arrival() {
    return new Promise((resolve) => {
      const heard = (e) => {
        if (e.data?.type !== "starport-push" || !e.data.data?.test) return;
        done(true);
      };
      const done = (ok) => {
        clearTimeout(timer);
        navigator.serviceWorker.removeEventListener("message", heard);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), ARRIVAL_MS);
      navigator.serviceWorker.addEventListener("message", heard);
    });
  }

  /** What a channel's answer to a test means, in words: ["ok" | "bad", words]. */
  testWords(channel, got) {
    const s = this.settings;
    const off = { push: "Not sent: no device is set to be notified. Press “Notify this device” first.", webhook: "Not sent: no webhook saved. Paste one above; the test saves it.", email: "Not sent: no address saved. Type one above; the test saves it." };
    if (!got || got === "off") return ["bad", off[channel]];
    if (got === "unavailable") return ["bad", channel === "email" ? "Not sent: this server has no e-mail set up (ask the host)." : "Not sent: this server cannot send notifications now (ask the host)."];
    if (channel === "push") {
      if (got === "sent") return ["ok", this.thisDevice ? "Sent to this device." : "Sent to your other device."];
      const m = /^sent to (\d+)(?: of (\d+))? devices$/.exec(got);
      if (m && !m[2]) return ["ok", `Sent to ${m[1]} devices${this.thisDevice ? ", this one among them" : ""}.`];
      if (m) return [Number(m[1]) ? "ok" : "bad", `Sent to ${m[1]} of ${m[2]} devices: the others did not take it (a browser that dropped its subscription is forgotten; press “Notify this device” there again).`];
    }
    if (channel === "webhook") {
      const m = /^sent \((\w+)\)$/.exec(got);
      if (m) return ["ok", `Sent to ${hostOf(s.webhook)} as ${FORMAT_NAMES[m[1]] || m[1]}: look in the channel.`];
      if (got.startsWith("failed")) return ["bad", `Not delivered to ${hostOf(s.webhook)}: ${got.replace(/^failed:?\s*/, "") || "it failed"}. Check the address (a deleted webhook answers 404).`];
    }
    if (channel === "email") {
      if (got === "sent") return ["ok", `Sent to ${s.email}: it may take a minute (look in spam too).`];
      if (got === "failed") return ["bad", `Not delivered to ${s.email}: the mail server refused it or could not be reached. Check the address.`];
    }
    return [got.startsWith("sent") ? "ok" : "bad", got];
  }

  tell(channel, kind, words) {
    const said = this.els.said[channel];
    said.textContent = words;
    said.className = `alerts-said ${kind}`;
    said.hidden = false;
  }

  say(lines) {
    const r = this.els.result;
    r.replaceChildren(...lines.map(([k, v]) => el("li", { className: v.startsWith("sent") || k === "Saved" ? "ok" : "" },
      el("strong", { textContent: `${k}: ` }), v)));
    r.hidden = false;
  }

  clear() { this.els.error.hidden = true; this.els.result.hidden = true; }

  fail(err) {
    this.els.error.textContent = err.message || String(err);
    this.els.error.hidden = false;
  }
}

function $intro(box) { return box.querySelector(".alerts-intro"); }

/** Add the seat's alerts box to ``parent`` (the seat's panel); ``header``: the header's
 * button that opens it. Answers the SeatAlerts. */
export function mountAlerts(parent, api, seat, header = null) {
  const alerts = new SeatAlerts(api, seat, header);
  parent.append(alerts.box);
  alerts.load();
  return alerts;
}
