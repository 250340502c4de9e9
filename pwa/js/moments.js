// Moments nobody misses and steps to do on the board, for every game. An event may carry a
// ``moment`` ({kind, seats, ...}): the table screen announces it big, the phones it concerns
// (every phone when ``seats`` is empty) show it as a banner over the top bar and buzz; a
// round's end shows the round's scores until someone taps. A phone's banner hides nothing
// but the bar and takes no tap (a tap goes to what is under it); moments wait their turn,
// one banner at a time, each shown for its time. The view's ``game_view.board_steps`` list what players must do
// on the board; ticking one is the ``board_done`` action among the bearer's actions.

import { buzz } from "./device.js";
import { $, h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { nameOf } from "./seats.js";
import { icon } from "./icons.js";

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
