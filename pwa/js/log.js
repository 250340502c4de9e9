// The log: what happened, newest first, with each ruling's rule id and its reason. Private
// parts (your drawn card) are marked as seen by you only; undone entries are struck through.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The shell's entries, not game actions: joins, the start, undos, undo requests and their
 * answers, seats moved to a new phone. */
export const NOT_GAME = new Set(["join", "start", "undo", "undo_request", "approve_undo", "refuse_undo",
  "cancel_undo", "reissue", "rematch"]);

function eventLine(event, view, isPrivate) {
  return h("li", { class: ["event", isPrivate && "private", event.rule && "ruling"] },
    event.rule ? h("span", { class: "rule", title: t("log.rule", { rule: event.rule }) }, event.rule) : null,
    event.rule ? " " : null,
    event.text ?? "",
    isPrivate ? h("span", { class: "tag" }, t("log.private")) : null,
    event.reason ? h("span", { class: "reason" }, event.reason) : null);
}

/** The latest ruling still in effect (an event with a rule id), newest first, or null. */
export function lastRuling(entries) {
  for (const entry of [...entries].reverse()) {
    if (entry.undone || NOT_GAME.has(entry.type)) continue;
    const ruling = [...(entry.events || [])].reverse().find((e) => e.rule && (e.reason || e.moment));
    if (ruling) return { ...ruling, seq: entry.seq };
  }
  return null;
}

/** The log as a list; ``limit`` keeps long games light on phones. */
/** The first digits of a log head (64 hex digits): enough to compare by eye. */
export function shortHead(head) {
  return head ? `${head.slice(0, 16)}…` : "";
}

/** The log's hash chain, as a screen shows it: its first digits, the whole in the title. */
export function logHead(head, label) {
  if (!head) return null;
  return h("p", { class: "log-head" }, `${label} `,
    h("span", { class: "hash", title: head, data: { head } }, shortHead(head)));
}

export function renderLog(entries, view, { limit = 80 } = {}) {
  const shown = entries.slice(-limit).reverse();
  if (!shown.length) return h("p", { class: "muted" }, t("log.empty"));
  return h("ol", { class: "log", reversed: true },
    shown.map((entry) => h("li", { class: ["entry", entry.undone && "undone"], data: { seq: entry.seq } },
      h("span", { class: "seq", title: entry.log_head ? t("log.head", { head: shortHead(entry.log_head) }) : null }, `#${entry.seq}`),
      entry.undone ? h("span", { class: "tag" }, t("log.undone")) : null,
      h("ul", { class: "events" },
        (entry.events || []).map((event) => eventLine(event, view, false)),
        (entry.private || []).map((event) => eventLine(event, view, true))))));
}
