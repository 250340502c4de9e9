// The table API over fetch. Every request says the phone's language (Accept-Language): the
// server renders prompts, labels, the log and refusals in it. Errors arrive as
// application/problem+json and become Problem objects; a request that never reached the
// server becomes an Offline error.

import { lang } from "./i18n.js";

export class Problem extends Error {
  constructor(body, status) {
    super(body.detail || body.title || `HTTP ${status}`);
    this.status = body.status || status;
    this.code = body.code || "http_error";
    this.rule = body.rule || null;
    this.errors = body.errors || null;
    this.view = body.view || null;
  }
}

export class Offline extends Error {
  constructor() {
    super("offline");
    this.code = "offline";
  }
}

/** ``n`` random bytes as hex; getRandomValues also works on plain-http LAN pages. */
export function randomHex(n) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh Idempotency-Key. */
export const newKey = () => randomHex(16);

/** One JSON request; POSTs carry an Idempotency-Key and are retried once if the network drops. */
export async function request(method, path, { token, body, key, prefer } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": lang() };
  if (prefer) headers.Prefer = prefer;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["Idempotency-Key"] = key || newKey();
  const init = { method, headers, cache: "no-store" };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(path, init);
      break;
    } catch (error) {
      // The same key makes the retry safe: the server answers it as it did the first time.
      if (attempt >= 1 || !navigator.onLine) throw new Offline();
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  }
  const type = response.headers.get("Content-Type") || "";
  const payload = type.includes("json") ? await response.json() : {};
  if (!response.ok) throw new Problem(payload, response.status);
  return payload;
}

const enc = encodeURIComponent;

export const api = {
  games: () => request("GET", "/api/games"),
  // A retried create or join gets its token back only with the first try's retry_secret (the
  // same body is sent again); the join's contribution is this phone's share of the seed.
  create: (game, variant, options, pack = null) =>
    request("POST", "/api/tables", { body: { game, variant, options, pack, retry_secret: randomHex(16) } }),
  rematch: (code, token) => request("POST", `/api/tables/${enc(code)}/rematch`, { token }),
  packUrl: (game) => `/api/games/${enc(game)}/pack`,
  join: (code, name, colour, contribution) => request("POST", `/api/tables/${enc(code)}/seats`,
    { body: { name, colour, contribution, retry_secret: randomHex(16) } }),
  view: (code, token) => request("GET", `/api/tables/${enc(code)}`, { token }),
  log: (code, token, after = 0) => request("GET", `/api/tables/${enc(code)}/log?after=${after}`, { token }),
  // answers patch the view ``expected`` names (session.js)
  act: (code, token, type, params, expected) => request("POST", `/api/tables/${enc(code)}/actions`,
    { token, body: { type, params, expected }, prefer: "view-patch" }),
  undo: (code, token, expected) => request("POST", `/api/tables/${enc(code)}/undo`,
    { token, body: { expected }, prefer: "view-patch" }),
  reissue: (code, token, seat) => request("POST", `/api/tables/${enc(code)}/seats/${seat}/token`, { token }),
  presence: (code, token) => request("GET", `/api/tables/${enc(code)}/presence`, { token }),
  ping: (code, token) => request("POST", `/api/tables/${enc(code)}/presence`, { token }),
  qrUrl: (code) => `/api/tables/${enc(code)}/qr.svg`,
  exportUrl: (code) => `/api/tables/${enc(code)}/export`,
};
