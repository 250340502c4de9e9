// Moments nobody misses and steps to do on the board, for every game. An event may carry a
// ``moment`` ({kind, seats, ...}): the table screen announces it big, the phones it concerns
// (every phone when ``seats`` is empty) show it as a banner over the top bar and buzz; a
// round's end shows the round's scores until someone taps. A phone's banner hides nothing
// but the bar and takes no tap (a tap goes to what is under it); moments wait their turn,
// one banner at a time, each shown for its time. The view's ``game_view.board_steps`` list what players must do
// on the board; ticking one is the ``board_done`` action among the bearer's actions.

import { buzz } from "./device.js";
import { $, h, replace } from "./dom.js";
import { lang, t } from "./i18n.js";
import { lastRuling, NOT_GAME } from "./log.js";
import { nameOf, names } from "./seats.js";
import { icon } from "./icons.js";
import { getPref, setPref } from "./store.js";

const BUZZ = { elimination: [200, 80, 200], death: [300, 100, 300], level_up: [60, 40, 60, 40, 60] };

function scoresTable(view, scores) {
  return h("table", { class: "round-scores" },
    h("thead", {}, h("tr", {}, h("th", {}, t("moment.player")), h("th", {}, t("moment.round")), h("th", {}, t("moment.total")))),
    h("tbody", {}, scores.map((row) => h("tr", { data: { seat: row.seat } },
      h("td", {}, nameOf(view, row.seat)), h("td", {}, String(row.points)), h("td", {}, String(row.total))))));
}

/** The announcement overlay (one at a time; the newest wins; a tap or time closes it). */
function overlay(kind, text, extra, { hold = false } = {}) {
  let box = $("moment");
  if (!box) {
    box = h("div", { id: "moment", class: "moment", role: "alertdialog", "aria-live": "assertive",
      "aria-labelledby": "moment-text" });
    document.body.append(box);
  }
  box.className = `moment ${kind}`;
  box.dataset.kind = kind;
  const close = h("button", { type: "button", class: "primary moment-ok" }, t("moment.ok"));
  replace(box, h("div", { class: "moment-card" }, h("p", { class: "moment-text", id: "moment-text" }, text), extra, close));
  box.hidden = false;
  const done = () => { box.hidden = true; };
  close.addEventListener("click", done, { once: true });
  clearTimeout(box.timer);
  if (!hold) box.timer = setTimeout(done, 10000);
}

/** How long a phone shows one moment's banner (ms). */
export const BANNER_MS = 4000;
const waiting = [];
let shown = null;

function nextBanner() {
  if (shown || !waiting.length) return;
  let box = $("moments");
  if (!box) {
    box = h("div", { id: "moments", class: "moments", role: "status", "aria-live": "assertive" });
    document.body.append(box);
  }
  const { text, kind } = waiting.shift();
  shown = h("div", { class: `toast moment ${kind}`, data: { kind } }, text);
  box.append(shown);
  setTimeout(() => {
    shown.remove();
    shown = null;
    nextBanner();
  }, BANNER_MS);
}

/** A phone's moment: a banner once the ones before it have had their time. */
function banner(text, kind) {
  waiting.push({ text, kind });
  nextBanner();
}

/** Announce the moments of a live log entry (never of entries loaded with the log). */
export function announce(entry, view, { table = false } = {}) {
  if (entry.undone || entry.type === "undo") return;
  const me = view.me?.seat ?? null;
  for (const event of entry.events || []) {
    const m = event.moment;
    if (!m) continue;
    const concerned = table || !m.seats?.length || m.seats.includes(me);
    if (!concerned) continue;
    const summary = m.kind === "round_end" && Array.isArray(m.scores) ? scoresTable(view, m.scores) : null;
    if (table || summary) overlay(m.kind, event.text, summary, { hold: Boolean(summary) });
    else banner(event.text, m.kind);
    if (!table) buzz(BUZZ[m.kind] || [100, 50, 100]);
  }
}

/** What to do on the board now, as a checklist (null when nothing waits). */
export function boardSteps(view, { table = false } = {}) {
  const me = view.me?.seat ?? null;
  const steps = (view.game_view?.board_steps || []).filter((s) => table || !s.seats.length || s.seats.includes(me));
  if (!steps.length) return null;
  return h("section", { class: "panel board-steps", "aria-live": "polite" },
    h("h2", {}, t("moment.board")),
    h("ul", { class: "checklist" }, steps.map((s) => h("li", { data: { step: s.id } }, icon("box"), " ", s.text))));
}

/** Where the game is: its round, its turn and whose turn it is, as one comparable key. A
 * ruling belongs to the moment it was given in; the table says the turn aloud when it moves. */
export function momentOf(view) {
  const g = view?.game_view || {};
  const turn = g.turn && typeof g.turn === "object" ? g.turn.seat ?? null : g.turn ?? null;
  return JSON.stringify([view?.status ?? null, g.round ?? null, g.turn_no ?? null, turn, g.active ?? null]);
}

// The table speaks (the browser's speech synthesis), when this device was told to.
const SPEECH = "speech";

export const canSpeak = () => typeof window.speechSynthesis !== "undefined" && typeof window.SpeechSynthesisUtterance !== "undefined";

export function speechOn() {
  return canSpeak() && getPref(SPEECH, "off") === "on";
}

export function setSpeech(on) {
  setPref(SPEECH, on ? "on" : "off");
  if (!on && canSpeak()) window.speechSynthesis.cancel();
}

/** Say ``text`` aloud in the screen's language (the one its texts came in). */
export function say(text) {
  if (!text || !speechOn()) return;
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = lang() === "fr" ? "fr-FR" : "en-GB";
  window.speechSynthesis.speak(utterance);
}

/** The kinds of moment the table says aloud. */
export const SPOKEN = new Set(["death", "elimination", "feast", "level_up", "round_end", "game_end"]);

/** Say the moments of a live log entry; true when one was the game's end. */
export function sayMoments(entry) {
  if (entry.undone || entry.type === "undo") return false;
  let end = false;
  for (const event of entry.events || []) {
    if (!event.moment || !SPOKEN.has(event.moment.kind)) continue;
    say(event.text);
    end ||= event.moment.kind === "game_end";
  }
  return end;
}

/** The table screen's last ruling: it belongs to the moment (round, turn) its action led to,
 * stays while the table is still there and goes once that turn or round is over, so a
 * round-1 elimination is not what round 4 reads. A ruling already in the log when the screen
 * opens counts only if it came with the last action (what the table is looking at now).
 * Returns a function: the ruling to show now, or null. */
export function rulingOfTheMoment(session) {
  const rulingAt = new Map(); // ruling's action number -> momentOf(the view after it)
  const lastGameSeq = () => session.log().filter((e) => !e.undone && !NOT_GAME.has(e.type)).pop()?.seq ?? 0;
  const opened = lastRuling(session.log());
  if (opened && opened.seq !== lastGameSeq()) rulingAt.set(opened.seq, null);
  return () => {
    const ruling = lastRuling(session.log());
    if (!ruling) return null;
    const view = session.view;
    if (!rulingAt.has(ruling.seq)) {
      if (view.seq < ruling.seq) return null; // the view it led to is on its way
      rulingAt.set(ruling.seq, momentOf(view));
    }
    return rulingAt.get(ruling.seq) === momentOf(view) ? ruling : null;
  };
}

/** The table speaks: whose turn it is when the turn moves, each moment, the end
 * (``endSpeech(view)`` words it unless the game's own moment said it). ``toggle(redraw)``
 * is the one button that turns it on or off on this device. */
export function tableVoice(session, endSpeech) {
  let spokenMoment = momentOf(session.view);
  let spokenStatus = session.view.status;
  let endSaid = false;
  const sayTurn = (view) => {
    const who = (view.prompt?.waiting_for || []).filter((id) => id !== 0);
    if (view.status === "playing" && who.length) say(t("speech.turn", { names: names(view, who) }));
  };
  return {
    view(view) {
      const moment = momentOf(view);
      if (view.status === "finished" && spokenStatus !== "finished" && !endSaid) say(endSpeech(view));
      else if (moment !== spokenMoment) sayTurn(view);
      spokenMoment = moment;
      spokenStatus = view.status;
    },
    entry(entry) {
      endSaid ||= sayMoments(entry);
    },
    toggle(redraw) {
      if (!canSpeak()) return null;
      const on = speechOn();
      return h("button", { type: "button", class: "secondary speech-toggle", "aria-pressed": String(on),
        onClick: () => {
          setSpeech(!on);
          redraw();
          if (!on) sayTurn(session.view); // say where the game is now, as it starts speaking
        } }, icon(on ? "check" : "cross"), " ", t("speech.toggle"));
    },
  };
}
