// Seats on screen: every seat colour (Okabe–Ito, colour-blind safe) always comes with its own
// shape, so no one has to tell orange from vermilion. Names go in as text only.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";

/** Colour name -> shape, as SVG path data in a 24×24 box. Fills come from app.css. */
export const SHAPES = {
  orange: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z", // circle
  sky: "M4 4h16v16H4z", // square
  green: "M12 3l10 18H2z", // triangle
  yellow: "M12 2l10 10l-10 10L2 12z", // diamond
  blue: "M12 2l2.9 6.6l7.1.6l-5.4 4.7l1.6 7l-6.2-3.7l-6.2 3.7l1.6-7L2 9.2l7.1-.6z", // star
  vermilion: "M7 3h10l5 9l-5 9H7l-5-9z", // hexagon
  purple: "M9 2h6v7h7v6h-7v7H9v-7H2V9h7z", // cross
  grey: "M12 2l10 7.3l-3.8 11.7H5.8L2 9.3z", // pentagon
};

/** The coloured shape for a colour name (decorative: the name or colour word goes beside it). */
export function shape(colour, size = 22) {
  const path = SHAPES[colour] || SHAPES.grey;
  return s("svg", { class: `shape seat-${colour}`, viewBox: "0 0 24 24", width: size, height: size, "aria-hidden": "true", focusable: "false" },
    s("path", { d: path }));
}

export function seatById(view, id) {
  return (view?.seats || []).find((seat) => seat.id === id) || null;
}

/** A seat's name as plain text; the host is seat 0. */
export function nameOf(view, id) {
  if (id === 0) return t("host");
  return seatById(view, id)?.name ?? `#${id}`;
}

/** Shape + name (+ "you"), for lists and prompts. */
export function seatLabel(view, id, { presence = false } = {}) {
  const seat = seatById(view, id);
  if (!seat) return h("span", { class: "seat" }, nameOf(view, id));
  const mine = view.me?.seat === id;
  return h("span", { class: ["seat", mine && "mine"], data: { seat: id }, title: t(seat.colour) },
    shape(seat.colour),
    h("span", { class: "name" }, seat.name),
    mine ? h("span", { class: "tag" }, t("seat.you")) : null,
    presence ? presenceMark(seat.connected) : null);
}

/** Presence as a symbol and a word, not just a colour. */
export function presenceMark(connected) {
  return h("span", { class: ["presence", connected ? "on" : "off"] },
    icon(connected ? "dot" : "ring"), " ",
    t(connected ? "seat.online" : "seat.offline"));
}

/** "Ana, Ben" for a list of seat ids. */
export function names(view, ids) {
  return (ids || []).map((id) => nameOf(view, id)).join(", ");
}
