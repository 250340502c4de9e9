// Student Bodies on screen. The table: the zombie card, the zombie being activated with the
// priority line that applied, the last rulings and their reasons, every player's health,
// stamina, status and Items, the zombies, corpse tokens and beakers counted, the Set Up cards.
// A phone: its hand (what it may play now marked) and Items, a banner and a buzz when it must
// defend or may react. Everything comes from the view's data and server-rendered texts.

import { buzz } from "../device.js";
import { h } from "../dom.js";
import { labelled, t } from "../i18n.js";
import { nameOf, seatLabel } from "../seats.js";
import * as generic from "./generic.js";
import { icon, repeat } from "../icons.js";

const pips = (n, max) => [...repeat("heart", n), ...repeat("wound", max - n)];

function tag(text, kind) {
  return h("span", { class: ["tag", kind && `sb-${kind}`] }, text);
}

function zombieCard(card) {
  if (!card) return null;
  return h("section", { class: "sb-zcard", data: { card: card.id } },
    h("h3", {}, t("sb.card")),
    h("p", { class: "sb-zname" }, card.name),
    h("ol", { class: "sb-icons" }, card.icons.map((icon) => h("li", { class: `sb-icon sb-icon-${icon}` }, t(`sb.icon.${icon}`)))));
}

function walkPanel(g) {
  const walk = g.walk;
  if (!walk) return null;
  return h("section", { class: "sb-walk", data: { zombie: walk.zombie, of: walk.of, line: walk.line || "" } },
    h("p", { class: "sb-walk-where" }, walk.spawned ? t("sb.walk.spawned")
      : t("sb.walk", { n: walk.zombie, of: walk.of, a: walk.action, as: walk.actions })),
    h("h3", {}, t("sb.priority")),
    h("ol", { class: "sb-priority" }, g.priority.map((line) =>
      h("li", { class: line.key === walk.line && "applied", data: { line: line.key } }, line.label))));
}

function rulings(g) {
  const list = g.rulings || [];
  if (!list.length) return null;
  const last = list[list.length - 1];
  return h("section", { class: "sb-rulings", "aria-live": "polite" },
    h("div", { class: "sb-ruling big", data: { rule: last.rule } },
      h("span", { class: "rule" }, last.rule), h("p", { class: "sb-ruling-text" }, last.text),
      h("p", { class: "sb-reason" }, last.reason)),
    list.length > 1 ? h("ul", { class: "sb-older" }, list.slice(0, -1).reverse().map((r) =>
      h("li", {}, h("span", { class: "rule" }, r.rule), " ", r.text))) : null);
}

function itemChip(item, slot) {
  if (!item) return h("li", { class: "sb-item empty" }, slot === 0 ? labelled(t("sb.weapon"), t("sb.empty")) : t("sb.empty"));
  return h("li", { class: ["sb-item", item.spent && "spent", item.weapon && "weapon"], data: { item: item.id }, title: item.text },
    item.name, item.spent ? ` (${t("sb.spent")})` : "");
}

function playerRow(view, p) {
  const g = view.game_view;
  return h("li", { class: ["sb-player", `s-${p.status}`, g.turn === p.seat && "turn", p.down && "down"],
    data: { seat: p.seat, health: p.health, stamina: p.stamina, status: p.status, down: String(p.down) } },
    h("div", { class: "sb-head" }, seatLabel(view, p.seat),
      g.turn === p.seat ? h("span", { class: "marker" }, icon("turn"), " ", t("sb.current")) : null,
      p.status !== "living" ? tag(t(`sb.s.${p.status}`), p.status) : null,
      p.down ? tag([icon("down"), " ", t("sb.down")], "down") : null,
      p.antidote ? tag([icon("flask"), " ", t("sb.antidote")], "antidote") : null,
      p.turned ? tag(t("sb.turned"), "turned") : null,
      p.quiet ? tag(t("sb.quiet"), "quiet") : null),
    h("p", { class: "sb-stats" },
      h("span", { class: "sb-hp", role: "img", "aria-label": t("sb.health", { n: p.health, max: p.max_health }) }, pips(p.health, p.max_health)),
      ` ${t("sb.health", { n: p.health, max: p.max_health })} · `, icon("bolt"), ` ${t("sb.stamina", { n: p.stamina })} · ${t("sb.cards", { n: p.hand_count })}`),
    h("ul", { class: "sb-items" }, p.ready.map(itemChip),
      p.backpack.map((item) => h("li", { class: "sb-item backpack", data: { item: item.id } }, labelled(t("sb.backpack"), item.name)))));
}

function counts(g) {
  const z = g.zombies;
  const found = Object.entries(g.beakers.found || {}).map(([kind, n]) => `${g.kinds.beakers[kind]} ×${n}`);
  return h("section", { class: "sb-counts" }, h("h3", {}, t("sb.board")),
    h("dl", { class: "sb-zombies" }, [["board", z.board], ["pool", z.pool], ["knocked", z.knocked], ["lab", z.lab], ["exit", z.exit]]
      .map(([key, n]) => h("div", { data: { zombies: key } }, h("dt", {}, `${t("sb.zombies")} ${t(`sb.z.${key}`)}`), h("dd", {}, String(n))))),
    h("p", { class: "sb-corpses" }, t("sb.corpses", g.corpses)),
    h("p", { class: "sb-beakers" }, g.scenario.lab ? t("sb.beakers", g.beakers) : t("sb.beakers.sealed", g.beakers),
      found.length ? ` · ${labelled(t("sb.found"), found.join(", "))}` : ""),
    h("p", { class: "muted" }, t("sb.decks", { m: g.decks.main, i: g.decks.items, z: g.decks.zombie })));
}

function scenario(g) {
  const row = (label, card) => h("li", { data: { card: card?.key || "" } }, h("strong", {}, labelled(label)),
    card ? [card.name, h("span", { class: "muted" }, ` — ${(card.place || []).join(", ")}`)] : h("span", { class: "muted" }, t("sb.sealed")));
  return h("section", { class: "sb-scenario" }, h("h3", {}, t("sb.scenario")),
    h("ul", {}, g.scenario.hallway.map((card) => row(t("sb.hallway"), card)), row(t("sb.lab"), g.scenario.lab), row(t("sb.exit"), g.scenario.exit)));
}

function deadPiles(view) {
  const piles = Object.entries(view.game_view.dead_items || {}).filter(([, items]) => items.length);
  if (!piles.length) return null;
  return h("ul", { class: "sb-dead" }, piles.map(([seat, items]) =>
    h("li", {}, labelled(t("sb.dead", { name: nameOf(view, Number(seat)) }), items.map((i) => i.name).join(", ")))));
}

export function publicState(view) {
  const g = view.game_view;
  if (!g || !Array.isArray(g.players)) return generic.publicState(view);
  return h("div", { class: "game-state sb", data: { turn: g.turn ?? "", phase: g.phase, walking: g.walk ? "1" : "" } },
    h("p", { class: "sb-summary" }, h("strong", {}, t("sb.turn", { n: g.turn_no })), " · ",
      g.turn ? seatLabel(view, g.turn) : "", ` · ${t("sb.difficulty", { d: t(`sb.d.${g.difficulty}`) })}`),
    h("div", { class: "sb-now" }, zombieCard(g.zombie_card), walkPanel(g)),
    rulings(g),
    h("section", {}, h("h3", {}, t("sb.players")), h("ul", { class: "sb-players" }, g.players.map((p) => playerRow(view, p)))),
    deadPiles(view), counts(g), scenario(g));
}

/** Card ids (and Item ids) some action of this phone names now: playable. */
function playableIds(view) {
  const ids = new Set();
  for (const spec of view.actions || []) {
    if (spec.type === "end_turn" || spec.type === "discard_down") continue; // discarding is not playing
    for (const param of Object.values(spec.params || {})) {
      for (const value of param.choices || []) {
        if (typeof value === "string") ids.add(value.split("@")[0].split("/")[0].split(":")[0]);
      }
    }
  }
  return ids;
}

function handCard(card, playable) {
  return h("li", { class: ["sb-card", `t-${card.type}`, playable && "playable"], data: { card: card.id } },
    h("div", { class: "sb-card-head" }, h("strong", {}, card.name), " ", tag(t("sb.cost", { n: card.cost }), "cost"),
      " ", tag(t(`sb.t.${card.type}`), card.type), card.icons.map((icon) => tag(t(`sb.i.${icon}`), icon)),
      playable ? tag([icon("check"), " ", t("sb.playable")], "now") : null),
    h("p", { class: "sb-card-text" }, card.text),
    card.smart ? h("p", { class: "sb-card-smart" }, icon("hand"), " ", card.smart.text) : null);
}

const buzzed = new Map(); // table code -> seq of the last alert

function alertFor(view) {
  const types = new Set((view.actions || []).map((a) => a.type));
  const kind = types.has("defend") ? "defend" : types.has("react") ? "react" : null;
  if (kind && buzzed.get(view.code) !== view.seq) {
    buzzed.set(view.code, view.seq);
    buzz(kind === "defend" ? [220, 90, 220] : [120, 60, 120]); // the defender's phone buzzes
  }
  return kind ? h("p", { class: ["sb-alert", kind], role: "alert", data: { alert: kind } }, t(`sb.alert.${kind}`)) : null;
}

/** The hand, open while the phone may play from it; folded away (one tap to open) while it
 * answers the zombies or a hit, so those buttons come first. */
function handBox(view, hand, live) {
  const title = `${t("sb.hand")} (${hand.length})`;
  const cards = hand.length ? h("ul", { class: "sb-hand" }, hand.map((card) => handCard(card, live.has(card.id))))
    : h("p", { class: "muted" }, t("sb.hand.empty"));
  const types = new Set((view.actions || []).map((a) => a.type));
  const busy = ["defend", "zombies", "die", "smart", "step"].some((type) => types.has(type));
  const open = !busy || types.has("react");
  return h("details", { class: "sb-hand-box", open }, h("summary", {}, h("h3", {}, title)), cards);
}

export function privateState(view) {
  const g = view.game_view;
  if (!g || !Array.isArray(g.hand) || view.me?.seat == null) return null;
  const me = g.players.find((p) => p.seat === view.me.seat);
  const ids = playableIds(view);
  // Identical cards are one choice (the first of them): every copy is playable.
  const keys = new Set(g.hand.filter((card) => ids.has(card.id)).map((card) => card.key));
  const live = new Set([...ids, ...g.hand.filter((card) => keys.has(card.key)).map((card) => card.id)]);
  return h("div", { class: "sb-private" }, alertFor(view),
    me ? h("p", { class: "sb-me", data: { health: me.health, stamina: me.stamina } },
      h("span", { class: "sb-hp" }, pips(me.health, me.max_health)), ` ${t("sb.health", { n: me.health, max: me.max_health })} · `, icon("bolt"), ` ${t("sb.stamina", { n: me.stamina })}`,
      me.down ? ` · ${t("sb.down")}` : "", me.status === "smart" ? ` · ${t("sb.s.smart")}` : "") : null,
    handBox(view, g.hand, live),
    me && me.status === "living" ? [h("h3", {}, t("sb.items")), h("ul", { class: "sb-items mine" },
      me.ready.map((item, slot) => itemChip(item && { ...item, name: live.has(item.id) ? [item.name, " ", icon("check", t("sb.playable"))] : item.name }, slot)),
      me.backpack.map((item) => h("li", { class: "sb-item backpack" }, labelled(t("sb.backpack"), item.name))))] : null);
}

/** A choice's words: the label the server rendered for it, else the generic guess. */
export function choiceLabel(name, value, view) {
  const slot = /^z(\d+)a(\d+)$/.exec(name); // one line of the zombie form: zombie n, action a
  if (value === null && slot) {
    const walk = view?.game_view?.walk;
    if (walk?.spawned) return t("sb.param.new");
    return walk?.actions > 1 ? t("sb.param.slot", { n: slot[1], a: slot[2] }) : t("sb.param.slot1", { n: slot[1] });
  }
  if (value === null) {
    const own = t(`sb.param.${name}`);
    return own === `sb.param.${name}` ? generic.choiceLabel(name, value, view) : own;
  }
  for (const spec of view.actions || []) {
    const param = spec.params?.[name];
    if (!param) continue;
    if (param.counts?.[value]?.label) return param.counts[value].label;
    const i = (param.choices || []).findIndex((c) => c === value);
    if (i >= 0 && param.labels) return param.labels[i];
  }
  return generic.choiceLabel(name, value, view);
}

export const partLabel = (key) => (t(`sb.part.${key}`) === `sb.part.${key}` ? generic.partLabel(key) : t(`sb.part.${key}`));
