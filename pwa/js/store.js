// Tokens live on the phone, keyed by table code: one device may hold a table's host token and
// one of its seat tokens. Private browsing without storage falls back to memory.

const KEY = "tableapp:tables";
const memory = {};

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return { ...memory };
  }
}

function writeAll(all) {
  Object.assign(memory, all);
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or disabled: memory keeps the session going */
  }
}

function update(code, change) {
  const all = readAll();
  const entry = { ...(all[code] || {}) };
  change(entry);
  if (entry.host || entry.seat || entry.past) all[code] = { ...entry, at: entry.past?.at ?? Date.now() };
  else delete all[code];
  writeAll(all);
}

/** ``{host, seat, seatId, game, joinUrl, contribution}`` for a table code (each may be missing);
 * ``contribution`` is the random value this phone mixed into the seed when it joined. */
export function tokensFor(code) {
  return readAll()[code] || {};
}

export function saveHost(code, token, game, joinUrl) {
  update(code, (entry) => Object.assign(entry, { host: token, game, joinUrl }));
}

export function saveSeat(code, token, seatId, game, contribution = null) {
  update(code, (entry) => Object.assign(entry, { seat: token, seatId, game: game || entry.game, contribution }));
}

export function forgetSeat(code) {
  update(code, (entry) => {
    delete entry.seat;
    delete entry.seatId;
    delete entry.contribution;
  });
}

export function forgetHost(code) {
  update(code, (entry) => delete entry.host);
}

/** Remember a finished game on this device (its history on the home screen): when it ended,
 * the game, who played and who won. Kept once: later visits do not move it. */
export function rememberGame(code, summary) {
  update(code, (entry) => {
    if (!entry.past) entry.past = { ...summary, at: Date.now() };
    // the log head moves on after the end (a rematch opened, a seat moved): keep the last
    else if (summary.logHead) entry.past.logHead = summary.logHead;
  });
}

/** Tables this device holds a token for or played, newest first. */
export function knownTables() {
  return Object.entries(readAll())
    .map(([code, entry]) => ({ code, ...entry }))
    .sort((a, b) => (b.at || 0) - (a.at || 0));
}

export function getPref(name, fallback) {
  try {
    return localStorage.getItem(`tableapp:${name}`) ?? fallback;
  } catch {
    return fallback;
  }
}

export function setPref(name, value) {
  try {
    localStorage.setItem(`tableapp:${name}`, value);
  } catch {
    /* not kept: fine */
  }
}
