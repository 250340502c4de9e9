// The fallback renderer: any game's view as readable lists, choices named from the cards and
// seats found in the view. A game module overrides only what it draws better.

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

function describe(value, depth) {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return "—";
    if (value.every((v) => v === null || typeof v !== "object")) {
      const text = value.join(", ");
      if (text.length <= 80 || depth > 3) return text;
      return h("ul", { class: "gv-list" }, value.map((v) => h("li", {}, String(v))));
    }
    if (value.every((v) => v && typeof v === "object" && "name" in v)) return value.map(cardText).join(", ");
    if (depth > 3) return `[${value.length}]`;
    return h("ol", { class: "gv-list" }, value.map((v) => h("li", {}, describe(v, depth + 1))));
  }
  if ("name" in value && "id" in value) return cardText(value);
  if (depth > 3) return "…";
  return h("dl", { class: "gv" }, Object.entries(value).flatMap(([key, v]) =>
    [h("dt", {}, humanize(key)), h("dd", {}, describe(v, depth + 1))]));
}

/** The public state, generically: keys and values as a definition list. */
export function publicState(view) {
  return h("div", { class: "game-state generic" }, h("h3", {}, t("game.state")), describe(view.game_view, 0));
}

/** A generic game has no separately drawn private part: it is inside the view above. */
export const privateState = () => null;
