// The fallback renderer: any game's own lines (the view's ``summary``, rendered by the server),
// choices named by the server's labels or from the cards and seats found in the view. A game
// module overrides only what it draws better; a new game needs none.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { seatById } from "../seats.js";

const cardIndex = new WeakMap();

/** Every object with an ``id`` and a ``name`` in the game view, by id (cards, tiles…). */
export function cardsIn(view) {
  const root = view?.game_view;
  if (!root || typeof root !== "object") return new Map();
  if (cardIndex.has(root)) return cardIndex.get(root);
  const found = new Map();
  const walk = (value, depth) => {
    if (depth > 8 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach((item) => walk(item, depth + 1));
    if ("id" in value && "name" in value && !found.has(value.id)) found.set(value.id, value);
    for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(root, 0);
  cardIndex.set(root, found);
  return found;
}

/** "Brute (9)" for a card object, its name alone when it has no value. */
export function cardText(card) {
  return card.value !== undefined && card.value !== null ? `${card.name} (${card.value})` : String(card.name);
}

const humanize = (key) => String(key).replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** A param's or a choice's words. */
export function choiceLabel(name, value, view) {
  if (value === null) return humanize(name);
  const card = cardsIn(view).get(value);
  if (card) return cardText(card);
  if (/^seats?$/.test(name) && Number.isInteger(value)) return seatById(view, value)?.name ?? String(value);
  if (typeof value === "string") return humanize(value);
  return String(value);
}

/** Names the parts of a score breakdown. */
export const partLabel = (key) => humanize(key);

/** Only actions that cannot be undone are confirmed: starting closes the lobby for good. */
export function confirmText(spec) {
  return spec.type === "start" ? t("confirm.start") : null;
}

/** The game's own lines about the table and the viewer's part (its definition's ``summary``),
 * as the server rendered them in this phone's language: a game needs no module to be read.
 * A game that gives none shows nothing of its own here (never its view's keys). */
export function publicState(view) {
  const lines = view.game_view?.summary || [];
  return h("div", { class: "game-state generic" },
    lines.length ? h("ul", { class: "game-summary" }, lines.map((line) => h("li", {}, line))) : null);
}

/** A generic game has no separately drawn private part: its summary says the viewer's own. */
export const privateState = () => null;
