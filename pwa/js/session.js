// One open table for one bearer: its view, its log and its live stream. Screens subscribe
// and re-render; every action carries ``expected`` (the last action number on screen).

import { api, Offline, Problem } from "./api.js";
import { follow } from "./live.js";

let patcher = null; // fast-json-patch (vendored), loaded on the first patch, which comes online

/** ``base`` with RFC 6902 ``ops`` applied, as a new object; null if they do not apply. */
async function applied(base, ops) {
  patcher ??= import("../vendor/fast-json-patch/core.js");
  try {
    return (await patcher).applyPatch(base, ops, true, false).newDocument;
  } catch {
    patcher = null;
    return null;
  }
}

export class TableSession {
  constructor(code, token) {
    this.code = code;
    this.token = token || null;
    this.view = null;
    this.entries = new Map(); // seq -> log entry
    this.connection = "connecting";
    this.listeners = new Set();
    this.stream = null;
    this.refreshing = null;
    this.again = false;
    this.busy = false;
    this.streamed = null; // the view the stream sent last (its patches apply to it)
    this.following = Promise.resolve();
  }

  /** Fetch the view and the log, then follow the stream from the last entry. */
  async open() {
    const [view, log] = await Promise.all([api.view(this.code, this.token), api.log(this.code, this.token)]);
    this.view = view;
    for (const entry of log.entries) this.addEntry(entry);
    const after = log.entries.length ? log.entries[log.entries.length - 1].seq : 0;
    this.stream = follow(this.code, this.token, after, {
      onEntry: (entry) => {
        this.addEntry(entry);
        this.emit("entry", entry);
        this.following = this.following.then(() => this.follow(entry)).catch((error) => console.error(error));
      },
      onState: (state) => {
        this.connection = state;
        this.emit("connection", state);
      },
      onResume: () => this.refresh(),
    });
    this.emit("view");
    return this;
  }

  close() {
    this.closed = true;
    clearTimeout(this.presenceTimer);
    this.stream?.close();
    this.listeners.clear();
  }

  /** Presence, every ``ping_seconds`` the server gives while the stream is live: a seat's
   * phone (``ping``) says it is here, for without that its seat reads "not connected" once
   * the server's window has passed; the table screen looks at who is and redraws the seats
   * when that changed. */
  watchPresence({ ping = false } = {}) {
    let wait = 5000;
    const tick = async () => {
      if (this.closed) return;
      if (this.connection === "live") {
        try {
          const answer = await (ping ? api.ping : api.presence)(this.code, this.token);
          wait = Math.max(500, answer.ping_seconds * 1000);
          if (!ping && !this.closed) this.setPresence(answer.seats);
        } catch {
          /* offline or revoked: the stream's state says so */
        }
      }
      if (!this.closed) this.presenceTimer = setTimeout(tick, wait);
    };
    tick();
  }

  setPresence(seats) {
    const now = new Map(seats.map((seat) => [seat.id, seat.connected]));
    let changed = false;
    for (const seat of this.view?.seats || []) {
      if (now.has(seat.id) && now.get(seat.id) !== seat.connected) {
        seat.connected = now.get(seat.id);
        changed = true;
      }
    }
    if (changed) this.emit("view");
  }

  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(kind, detail) {
    for (const listener of [...this.listeners]) listener(kind, detail, this);
  }

  addEntry(entry) {
    this.entries.set(entry.seq, entry);
    if (entry.type === "undo" && entry.target && this.entries.has(entry.target)) {
      this.entries.get(entry.target).undone = true;
    }
  }

  /** Log entries, oldest first. */
  log() {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq);
  }

  /** The view after a stream entry: the one it carries (or its patch makes of the stream's
   * last), or none yet when a later entry of the same read carries it (``view_at``); an entry
   * newer than the view with neither, or a patch that does not apply, is a gap: refetch. */
  async follow(entry) {
    let view = entry.view;
    if (entry.view_patch) {
      const base = this.streamed?.seq === entry.view_base ? this.streamed : null;
      view = base && (await applied(base, entry.view_patch));
    }
    if (view && view.seq === entry.seq) {
      this.streamed = view;
      if (!this.view || entry.seq > this.view.seq) this.setView(view);
    } else if (entry.view_patch) {
      // the stream's next patches would build on a view this phone lacks: a new connection
      this.streamed = null;
      this.stream?.reconnect();
      if (!this.view || entry.seq > this.view.seq) this.refresh();
    } else if (entry.view_at > entry.seq) {
      /* the view comes with entry view_at, in the same read */
    } else if (!this.view || entry.seq > this.view.seq) {
      this.refresh();
    }
  }

  /** Refetch the view; calls that arrive during a fetch coalesce into one more fetch. */
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          this.setView(await api.view(this.code, this.token));
        } while (this.again);
      } catch (error) {
        // Offline: the banner says so already, and the stream refreshes again on its return.
        if (!(error instanceof Offline)) this.emit("error", error);
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  setView(view) {
    // A late answer never replaces a newer view.
    if (this.view && view.seq < this.view.seq) return;
    this.view = view;
    this.emit("view");
  }

  /** The view an answer's patch makes of the one it names (on screen or the stream's). */
  async answered(answer) {
    const base = [this.view, this.streamed].find((view) => view?.seq === answer.view_base);
    const view = base && (await applied(base, answer.view_patch));
    return view?.seq === answer.action.seq ? view : null;
  }

  /** Post an action for the bearer; a 409 "stale" swaps in the fresh view and rethrows. */
  async act(type, params) {
    return this.post(() => api.act(this.code, this.token, type, params, this.view.seq));
  }

  async undo() {
    return this.post(() => api.undo(this.code, this.token, this.view.seq));
  }

  async post(send) {
    if (this.busy) return null;
    this.busy = true;
    this.emit("busy", true);
    try {
      const answer = await send();
      this.addEntry(answer.action);
      let view = answer.view;
      if (answer.view_patch && !(this.view?.seq >= answer.action.seq)) {
        view = await this.answered(answer);
        if (!view) this.refresh();
      }
      if (view) this.setView(view);
      this.emit("entry", answer.action);
      return answer;
    } catch (error) {
      if (error instanceof Problem && error.view) this.setView(error.view);
      throw error;
    } finally {
      this.busy = false;
      this.emit("busy", false);
    }
  }
}
