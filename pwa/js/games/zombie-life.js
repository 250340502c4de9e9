// Zombie Life on screen: the Horde, every Refuge (face-down cards as backs, except your own),
// whose turn, the dealer and the scores; on your phone, the card you just drew.

import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { seatLabel } from "../seats.js";
import * as generic from "./generic.js";
import { icon } from "../icons.js";

const TARGET = 21; // ZL-8: the game ends once someone has this many points

const STATUS_MARK = { playing: "play", passed: "pause", eliminated: "out" };

/** One card: its value big, its name small; a face-down card of someone else is a back. */
function cardChip(card, { mine = false } = {}) {
  if (card.value === undefined) {
    return h("span", { class: "card back", title: t("zl.facedown") }, h("span", { class: "value" }, "?"));
  }
  return h("span", { class: ["card", card.face_down && "hidden"], data: { card: card.id } },
    h("span", { class: "value" }, String(card.value)),
    h("span", { class: "cname" }, card.name),
    card.face_down && mine ? h("span", { class: "tag" }, t("zl.facedown")) : null);
}

function cards(list, options) {
  return list.length ? h("div", { class: "cards" }, list.map((card) => cardChip(card, options)))
    : h("p", { class: "muted" }, t("zl.empty"));
}

function playerRow(view, player) {
  const g = view.game_view;
  const mine = player.seat === g.me;
  const turn = g.turn === player.seat && player.status === "playing";
  return h("li", { class: ["zl-player", turn && "turn", mine && "me"],
    data: { seat: player.seat, status: player.status, faceUp: player.face_up } },
    h("div", { class: "zl-head" },
      seatLabel(view, player.seat),
      h("span", { class: `status ${player.status}` }, STATUS_MARK[player.status] ? icon(STATUS_MARK[player.status]) : null, " ", t(`zl.${player.status}`)),
      turn ? h("span", { class: "marker" }, icon("turn"), " ", t("zl.turn")) : null,
      g.dealer === player.seat ? h("span", { class: "marker" }, icon("dealer"), " ", t("zl.dealer")) : null,
      h("span", { class: "score" }, t(new Intl.PluralRules(lang()).select(player.score) === "one" ? "zl.point" : "zl.points", { n: player.score }))),
    cards(player.refuge, { mine }));
}

export function publicState(view) {
  const g = view.game_view;
  if (!g || !Array.isArray(g.players)) return generic.publicState(view);
  const pending = g.pending && g.pending.seat !== g.me ? g.pending : null;
  return h("div", { class: "game-state zl" },
    h("p", { class: "zl-summary" },
      h("strong", {}, t("zl.round", { n: g.round })), " · ", t("zl.drawpile", { n: g.draw_pile }),
      " · ", t("zl.discard", { n: (g.discard || []).length })),
    pending ? h("p", { class: "zl-pending" }, seatLabel(view, pending.seat), " ", t("zl.pending")) : null,
    h("section", { class: "zl-horde" }, h("h3", {}, `${t("zl.horde")} (${g.horde.length})`), cards(g.horde)),
    h("section", {}, h("h3", {}, t("zl.players")),
      h("ul", { class: "zl-players" }, g.players.map((player) => playerRow(view, player)))));
}

/** The card you drew, big, until you place it. */
export function privateState(view) {
  const card = view.game_view?.pending?.card;
  if (!card) return null;
  return h("div", { class: "zl-drawn" }, h("p", {}, t("zl.drew")), cardChip(card));
}

export function choiceLabel(name, value, view) {
  if (name === "area" && (value === "refuge" || value === "horde")) return t(`zl.${value}`);
  if (name === "card" && value !== null) {
    const card = generic.cardsIn(view).get(value);
    if (card) return `${card.value} · ${card.name}`;
  }
  return generic.choiceLabel(name, value, view);
}

/** Passing as the last player in play ends the round; if that also ends the game, ask first. */
export function confirmText(spec, params, view) {
  const g = view.game_view;
  if (spec.type !== "pass" || !g || (g.in_play || []).length !== 1) return generic.confirmText(spec);
  const ends = g.players.some((p) => p.status !== "eliminated" && p.score + p.face_up >= TARGET);
  return ends ? t("zl.confirm.end") : null;
}
