// The shell's shared parts: the connection banner, toasts, the confirmation dialog and error
// messages (a refusal shows its rule id and reason).

import { Offline, Problem } from "./api.js";
import { $, h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";

let connection = null;

/** Show the stream's state: a quiet dot when live, a banner while reconnecting. A stream that
 * ended for good (the seat moved, the table gone) tries no more: its screen says why. */
export function showConnection(state) {
  if (state === "revoked" || state === "gone") state = null;
  connection = state;
  const conn = $("conn");
  const banner = $("banner");
  if (!state) {
    conn.hidden = true;
    banner.hidden = true;
    document.body.dataset.connection = "none";
    return;
  }
  const shown = state === "live" ? "live" : state === "connecting" ? "connecting" : "reconnecting";
  document.body.dataset.connection = shown;
  conn.hidden = false;
  conn.className = `conn ${shown}`;
  replace(conn, icon(shown === "live" ? "dot" : "waiting"), " ", t(`conn.${shown}`));
  if (shown === "reconnecting") {
    banner.hidden = false;
    banner.dataset.state = "reconnecting";
    banner.textContent = t(navigator.onLine ? "banner.reconnecting" : "banner.offline");
  } else {
    banner.hidden = true;
    delete banner.dataset.state;
  }
}

/** The offline notice for the cached shell (no table can be reached). */
export function showOffline(on) {
  const banner = $("banner");
  if (on) {
    banner.hidden = false;
    banner.dataset.state = "offline";
    banner.textContent = t("banner.shell");
  } else if (banner.dataset.state === "offline") {
    banner.hidden = true;
    delete banner.dataset.state;
  }
}

/** Say it again in the language just chosen. */
export function relabel() {
  if (connection) showConnection(connection);
  if ($("banner").dataset.state === "offline") showOffline(true);
}

/** A message that goes away by itself (errors stay longer). */
export function toast(message, kind = "info", rule = null) {
  const item = h("div", { class: `toast ${kind}` },
    rule ? h("span", { class: "rule" }, rule) : null, rule ? " " : null, message);
  const box = $("toasts");
  box.append(item);
  while (box.children.length > 3) box.firstElementChild.remove(); // the newest matter
  setTimeout(() => item.remove(), kind === "error" ? 8000 : 4000);
  return item;
}

/** Explain a failed request in words a player can read aloud. */
export function reportError(error) {
  if (error instanceof Offline) return toast(t("error.offline"), "error");
  if (error instanceof Problem) {
    if (error.code === "stale") return toast(t("stale"), "warn");
    return toast(error.message, "error", error.rule);
  }
  console.warn(error);
  return toast(t("error.generic", { detail: String(error?.message || error) }), "error");
}

/** Ask before something that cannot be undone; resolves true when confirmed. */
export function confirmDialog(text) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = t("confirm.ok");
  $("confirm-no").textContent = t("confirm.cancel");
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    dialog.showModal();
  });
}

/** A titled panel. */
export function panel(title, ...children) {
  return h("section", { class: "panel" }, title ? h("h2", {}, title) : null, ...children);
}

/** Scroll so that the part from ``top`` to ``bottom`` (elements; a question and its form) is
 * on screen below the sticky bar: all of it when it fits, else from ``start`` (the form's
 * top), and never so high that the moves (``[first, last, control]``, when given) end below
 * the screen's edge: all of them when they fit together, else the first one's control. Nothing moves when it is in view already (null); else the scroll's start
 * and end (``[from, to]``); smooth unless the reader asked for less motion. */
export function bringIntoView(top, start, bottom, moves = null) {
  const bar = Math.max(0, ...[$("banner"), document.querySelector(".bar")]
    .filter((el) => el && !el.hidden).map((el) => el.getBoundingClientRect().bottom));
  const margin = 8;
  const room = window.innerHeight - bar - margin;
  const a = top.getBoundingClientRect().top;
  const b = start.getBoundingClientRect().top;
  const e = bottom.getBoundingClientRect().bottom;
  let from = e - a <= room ? a : b; // the whole question, else the form from its top
  if (moves) {
    const [first, last, control] = moves.map((el) => el.getBoundingClientRect());
    const reach = last.bottom - first.top <= room ? last.bottom : control.bottom;
    if (reach - from > room) from = reach - room;
  }
  const to = Math.min(e, from + room);
  if (from >= bar && to <= window.innerHeight) return null;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const target = window.scrollY + from - bar - margin;
  const was = window.scrollY;
  window.scrollTo({ top: target, behavior: smooth ? "smooth" : "auto" });
  return [was, target];
}
