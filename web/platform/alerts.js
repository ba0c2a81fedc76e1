// A seat's "your turn" alerts for when its page is closed (server/alerts_api.py): Web Push
// to this device (the service worker web/sw.js shows it), a webhook (Discord, Slack or plain
// JSON), an e-mail, quiet hours in this browser's time zone, and "send a test".
// mountAlerts(parent, api, seat) adds the "Alerts when you're away" box to the seat's panel.
import { request } from "./api.js";

const FORMATS = [["auto", "Told by the address"], ["discord", "Discord"], ["slack", "Slack"], ["json", "Plain JSON"]];

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
  if (seconds < 60) return `${seconds} seconds`;
  const m = Math.round(seconds / 60);
  return m === 1 ? "a minute" : `${m} minutes`;
}

/** Push works here: a service worker, the Push API and notifications, on a secure origin. */
export function pushSupported() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** This browser's push subscription (made once, shared by every seat it plays). */
async function browserSubscription(publicKey) {
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const known = await reg.pushManager.getSubscription();
  if (known) return known;
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

async function currentEndpoint() {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return sub ? sub.endpoint : null;
}

export class SeatAlerts {
  constructor(api, seat) {
    this.api = api;
    this.seat = seat;
    this.path = `${api.base}/seats/${seat}/alerts`;
    this.settings = null;
    this.thisDevice = false; // this browser's subscription is kept for the seat
    this.box = this.build();
  }

  call(method, suffix = "", body = undefined) {
    return request(method, `${this.path}${suffix}`, body, this.api.headers());
  }

  build() {
    const b = (this.els = {});
    b.status = el("p", { className: "alerts-status", role: "status" });
    // hidden until the seat's settings say what it does (an empty button before them)
    b.push = el("button", { type: "button", id: "alerts-push", className: "primary", hidden: true });
    b.pushNote = el("p", { className: "hint", id: "alerts-push-note" });
    b.webhook = el("input", { id: "alerts-webhook", type: "url", pattern: "https?://\\S+", title: "An http:// or https:// address", placeholder: "https://discord.com/api/webhooks/…", maxLength: 500, autocomplete: "off" });
    b.format = el("select", { id: "alerts-format" }, ...FORMATS.map(([v, t]) => el("option", { value: v, textContent: t })));
    b.email = el("input", { id: "alerts-email", type: "email", placeholder: "you@example.org", maxLength: 254, autocomplete: "email" });
    b.quiet = el("input", { id: "alerts-quiet", type: "checkbox" });
    b.qStart = el("input", { id: "alerts-quiet-start", type: "time", value: "22:00", required: true });
    b.qEnd = el("input", { id: "alerts-quiet-end", type: "time", value: "08:00", required: true });
    b.save = el("button", { type: "submit", id: "alerts-save", className: "primary", textContent: "Save" });
    b.test = el("button", { type: "button", id: "alerts-test", textContent: "Send a test" });
    b.result = el("ul", { className: "alerts-result", id: "alerts-result", hidden: true, ariaLive: "polite" });
    b.error = el("p", { className: "error", role: "alert", hidden: true });

    const zone = browserZone();
    const quietRow = el("fieldset", { className: "alerts-quiet" },
      el("legend", {}, el("label", { className: "inline" }, b.quiet, " Quiet hours")),
      el("div", { className: "alerts-times" },
        el("label", {}, el("span", { textContent: "From" }), b.qStart),
        el("label", {}, el("span", { textContent: "To" }), b.qEnd)),
      el("p", { className: "hint", textContent: `In your time zone (${zone}). An alert due then comes when they end.` }));
    b.form = el("form", { className: "alerts-form", noValidate: false },
      el("section", { className: "alerts-device" }, el("h4", { textContent: "This device" }), b.push, b.pushNote),
      field("Chat webhook", b.webhook, "Paste a Discord or Slack incoming webhook, or any URL that takes JSON."),
      field("Its format", b.format),
      field("E-mail", b.email),
      quietRow,
      el("div", { className: "alerts-actions" }, b.save, b.test),
      b.error, b.result);
    b.quiet.addEventListener("change", () => this.quietShown());
    b.form.addEventListener("submit", (e) => { e.preventDefault(); this.save(); });
    b.test.addEventListener("click", () => this.sendTest());
    b.push.addEventListener("click", () => this.togglePush());
    b.webhook.addEventListener("input", () => this.guessFormat());

    return el("details", { className: "alerts-box", id: "alerts" },
      el("summary", {}, el("span", { textContent: "Alerts when you're away" }), b.status),
      el("p", { className: "hint alerts-intro", id: "alerts-intro" }),
      b.form);
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
    $intro(this.box).textContent = `When the game has waited ${waitWords(s.notify_after)} for you and no page of your seat is open, you get one alert, on each way you chose below.`;
    this.pushShown();
    this.statusShown();
  }

  pushShown() {
    const b = this.els;
    const others = this.settings.push_devices - (this.thisDevice ? 1 : 0);
    const more = others > 0 ? ` Also on ${others} other device${others > 1 ? "s" : ""}.` : "";
    if (!this.settings.push_key) {
      b.push.hidden = true;
      b.pushNote.textContent = `This server does not send notifications to closed pages (ask the host).${more}`;
    } else if (!pushSupported()) {
      b.push.hidden = true;
      b.pushNote.textContent = `This browser cannot get notifications with the page closed${window.isSecureContext ? "" : " (it needs https)"}.${more}`;
    } else if (Notification.permission === "denied") {
      b.push.hidden = true;
      b.pushNote.textContent = `Notifications are blocked for this site in your browser's settings.${more}`;
    } else {
      b.push.hidden = false;
      b.push.textContent = this.thisDevice ? "Stop notifying this device" : "Notify this device";
      b.push.classList.toggle("primary", !this.thisDevice);
      b.pushNote.textContent = this.thisDevice
        ? `On: a notification reaches this device even with every tab closed.${more}`
        : `A notification, even with every tab closed.${more}`;
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

  async save() {
    this.clear();
    if (!this.els.form.reportValidity()) return;
    try {
      this.settings = await this.call("PUT", "", this.body());
      this.fill();
      this.say([["Saved", "Your alert settings are kept for this seat."]]);
    } catch (err) { this.fail(err); }
  }

  async togglePush() {
    this.clear();
    const b = this.els;
    b.push.disabled = true;
    try {
      if (this.thisDevice) {
        const endpoint = localStorage.getItem(this.deviceKey());
        this.settings = await this.call("POST", "/push/forget", { endpoint });
        localStorage.removeItem(this.deviceKey());
        this.thisDevice = false;
      } else {
        if (Notification.permission !== "granted" && (await Notification.requestPermission()) !== "granted") {
          throw new Error("Notifications were not allowed: your browser asks once; its site settings can allow them later.");
        }
        const sub = await browserSubscription(this.settings.push_key);
        const json = sub.toJSON();
        this.settings = await this.call("POST", "/push", { endpoint: json.endpoint, keys: json.keys });
        localStorage.setItem(this.deviceKey(), json.endpoint);
        this.thisDevice = true;
      }
      this.fill();
    } catch (err) {
      this.fail(err);
    } finally {
      b.push.disabled = false;
    }
  }

  async sendTest() {
    this.clear();
    this.els.test.disabled = true;
    try {
      const got = await this.call("POST", "/test");
      const words = { off: "not set up", unavailable: "not offered by this server", failed: "failed: check the address" };
      this.say([["Push", got.push], ["Webhook", got.webhook], ["E-mail", got.email]]
        .map(([k, v]) => [k, words[v] || v]));
    } catch (err) {
      this.fail(err);
    } finally {
      this.els.test.disabled = false;
    }
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

/** Add the seat's alerts box to ``parent`` (the seat's panel); answer the SeatAlerts. */
export function mountAlerts(parent, api, seat) {
  const alerts = new SeatAlerts(api, seat);
  parent.append(alerts.box);
  alerts.load();
  return alerts;
}
