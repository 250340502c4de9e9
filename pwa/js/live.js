// The table's event stream, read with fetch so the bearer token travels in a header (never in
// a URL). It resumes from the last event id after any drop; states: connecting, live,
// reconnecting, revoked, gone.

import { lang } from "./i18n.js";

const WATCHDOG_MS = 40000; // the server sends a heartbeat at least every 15 s
const MAX_BACKOFF_MS = 8000;

/** Parse SSE text blocks: returns [events, rest]. Each event is {id, event, data}. */
export function parseBlocks(buffer) {
  const events = [];
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop();
  for (const block of blocks) {
    const event = { id: null, event: "message", data: [] };
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(":")) continue;
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "data") event.data.push(value);
      else if (field === "id") event.id = value;
      else if (field === "event") event.event = value;
    }
    if (event.data.length) events.push({ ...event, data: event.data.join("\n") });
  }
  return [events, rest];
}

/**
 * Follow a table: ``onEntry(logEntry)`` for every action, ``onState(state)`` on changes,
 * ``onResume()`` after each reconnect (refetch the view then).
 */
export function follow(code, token, after, { onEntry, onState, onResume }) {
  let lastId = after;
  let controller = null;
  let stopped = false;
  let failures = 0;
  let timer = null;
  let state = null;
  let running = false;
  let revokedBy = null; // the server's reason, when it ended the stream itself

  const setState = (next) => {
    if (next !== state) onState((state = next));
  };

  async function run() {
    running = true;
    controller = new AbortController();
    const mine = controller;
    let watchdog = setTimeout(() => mine.abort(), WATCHDOG_MS);
    const feed = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => mine.abort(), WATCHDOG_MS);
    };
    try {
      const headers = {
        Accept: "text/event-stream", "Accept-Language": lang(), "Last-Event-ID": String(lastId), Prefer: "view-patch",
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`/api/tables/${encodeURIComponent(code)}/events`, {
        headers, cache: "no-store", signal: mine.signal,
      });
      if (response.status === 401) return finish("revoked");
      if (response.status === 404) return finish("gone");
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      const resumed = failures > 0 || state === "reconnecting";
      failures = 0;
      setState("live");
      if (resumed) onResume();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed();
        let events;
        [events, buffer] = parseBlocks(buffer + value);
        for (const event of events) {
          // The host moved this seat to a new phone: the server says so and ends the stream.
          if (event.event === "revoked") return finish("revoked", JSON.parse(event.data));
          if (event.event !== "action") continue;
          const entry = JSON.parse(event.data);
          if (entry.seq <= lastId) continue;
          lastId = entry.seq;
          onEntry(entry);
        }
      }
    } catch {
      /* dropped, aborted or offline: reconnect below */
    } finally {
      clearTimeout(watchdog);
    }
    running = false;
    if (stopped) return;
    failures += 1;
    setState("reconnecting");
    const wait = navigator.onLine ? Math.min(MAX_BACKOFF_MS, 500 * 2 ** (failures - 1)) : MAX_BACKOFF_MS;
    timer = setTimeout(run, wait);
  }

  /** Revoked or gone: stop for good (no retry, no reaction to the network coming back). */
  function finish(final, reason = null) {
    stopped = true;
    revokedBy = reason;
    clearTimeout(timer);
    controller?.abort();
    removeEventListener("offline", offline);
    removeEventListener("online", online);
    setState(final);
  }

  // The browser knows first when the Wi-Fi drops or comes back.
  const offline = () => {
    if (stopped) return;
    setState("reconnecting");
    controller?.abort();
  };
  const online = () => {
    if (stopped || running) return;
    clearTimeout(timer);
    run();
  };
  addEventListener("offline", offline);
  addEventListener("online", online);
  setState("connecting");
  run();

  return {
    get lastId() {
      return lastId;
    },
    get revokedBy() {
      return revokedBy;
    },
    /** Drop this connection and open a new one (its first view comes whole). */
    reconnect() {
      if (!stopped) controller?.abort();
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      removeEventListener("offline", offline);
      removeEventListener("online", online);
    },
  };
}
