// Fetch wrappers: every failure becomes an ApiError whose message is in plain words.

export class ApiError extends Error {
  constructor(message, { status = 0, code = "", rule = "" } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.rule = rule;
  }
}

function plainWords(status, detail) {
  if (detail && typeof detail === "object" && !Array.isArray(detail)) {
    if (detail.code === "rule" && detail.rule) {
      const why = detail.message.startsWith(`${detail.rule}: `)
        ? detail.message.slice(detail.rule.length + 2) : detail.message;
      return { ...detail, message: `The rules refuse that (rule ${detail.rule}): ${why}.` };
    }
    if (detail.message) return { ...detail, message: capital(detail.message) };
  }
  if (Array.isArray(detail) && detail.length) {  // FastAPI validation errors
    const first = detail[0];
    const where = (first.loc || []).filter((p) => p !== "body").join(" ");
    return { message: `The server could not read that${where ? ` (${where})` : ""}: ${first.msg}.` };
  }
  if (typeof detail === "string") return { message: capital(detail) };
  return { message: `The server answered with an error (${status}). Try again.` };
}

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

/** The ApiError of an answer with this status and ``detail`` (an HTTP error's body, or a
 * websocket command's error: the same detail, field for field). */
export function apiError(status, detail) {
  const { message, code, rule } = plainWords(status, detail);
  return new ApiError(message, { status, code, rule });
}

export async function request(method, url, body, extraHeaders = {}) {
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...extraHeaders },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("Cannot reach the server: check your connection, then try again.", { code: "unreachable" });
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json().catch(() => null) : await response.text();
  if (!response.ok) throw apiError(response.status, data && data.detail !== undefined ? data.detail : data);
  return data;
}

export const getJSON = (url) => request("GET", url);
export const postJSON = (url, body) => request("POST", url, body);

export async function getText(url) {
  let response;
  try {
    response = await fetch(url);
  } catch {
    throw new ApiError("Cannot reach the server: check your connection, then try again.", { code: "unreachable" });
  }
  if (!response.ok) throw new ApiError(`Could not load ${url} (${response.status}).`, { status: response.status });
  return response.text();
}

// The sandbox endpoints of a game (server/sandbox.py): `game` is its id.
const sandboxUrl = (game) => `/api/games/${encodeURIComponent(game)}/sandbox`;
export const sandbox = {
  start: (game, scenario) => postJSON(sandboxUrl(game), { scenario }),
  get: (game, id) => getJSON(`${sandboxUrl(game)}/${encodeURIComponent(id)}`),
  command: (game, id, command) => postJSON(`${sandboxUrl(game)}/${encodeURIComponent(id)}/commands`, { command }),
};

/**
 * The tables API (server/api.py) for one table, as one link (token) sees it. The token goes
 * in a header when this tab has it; otherwise the table's HttpOnly cookie speaks for us.
 */
export class TableApi {
  constructor(tableId, token = null) {
    this.id = tableId;
    this.token = token;
    this.base = `/api/tables/${encodeURIComponent(tableId)}`;
  }

  headers() { return this.token ? { "X-Starport-Token": this.token } : {}; }
  get(path) { return request("GET", `${this.base}${path}`, undefined, this.headers()); }
  post(path, body = {}) { return request("POST", `${this.base}${path}`, body, this.headers()); }

  session() { return this.post("/session", { token: this.token }); }
  me() { return this.get("/me"); }
  lobby() { return this.get(""); }
  join(name, choice) { return this.post("/join", { name, choice }); }
  start() { return this.post("/start"); }
  bot(seat, on = true) { return this.post(`/seats/${seat}/bot`, { bot: on }); }
  reissue(seat) { return this.post(`/seats/${seat}/link`); }
  end() { return this.post("/end"); }
  view() { return this.get("/view"); }
  log(after = 0) { return this.get(`/log?after=${after}&limit=5000`); }
  history() { return this.get("/history"); }
  replay(at, count = 1) { return this.get(`/replay?at=${at}&count=${count}`); }
  chat(after = 0) { return this.get(`/chat?after=${after}`); }
  say(text) { return this.post("/chat", { text }); }
  command(seq, clientId, command) { return this.post("/commands", { seq, client_id: clientId, command }); }
}

export const createTable = (body) => postJSON("/api/tables", body);
