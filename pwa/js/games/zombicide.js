// Zombicide on screen. The table screen: the spawn zone by zone in large type, the Zombies'
// checklist, the attack being resolved, the survivors, the board the app counts, the mission.
// A phone: its own survivors first (health, adrenaline and danger level, skills, the five
// slots, the cards found), then the same table. Inventories are public in Zombicide (the cards
// lie face up), so nothing here is private; only the decks' order is hidden, by the server.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { seatLabel } from "../seats.js";
import * as generic from "./generic.js";
import { activationPanel, attackPanel, boardPanel, levelChip, missionPanel, spawnPanel } from "./zombicide-board.js";
import { icon, repeat } from "../icons.js";

function hearts(s) {
  return h("span", { class: "zc-hearts", "aria-label": t("zc.hp", { n: s.health, max: s.hp }) },
    repeat("heart", s.health), h("span", { class: "lost" }, repeat("wound", s.wounds)),
    h("span", { class: "zc-hp" }, ` ${t("zc.hp", { n: s.health, max: s.hp })}`));
}

function cardChip(slot) {
  const c = slot.card;
  if (!c) return h("li", { class: "zc-slot empty", data: { slot: slot.slot }, title: slot.label }, "—");
  const stats = c.attack && c.attack !== "molotov" ? ` ${c.dice}d ${c.accuracy}+ ${c.damage}` : "";
  return h("li", { class: ["zc-slot", `zc-deck-${c.deck}`], data: { slot: slot.slot, card: c.id }, title: c.text || slot.label },
    h("strong", {}, c.name), stats ? h("span", { class: "zc-stats" }, stats) : null,
    c.door ? h("span", { class: "tag" }, t("zc.door")) : null);
}

/** Two rows: the hands, then the backpack ("—" for an empty slot). */
function inventory(s) {
  const row = (label, slots) => h("div", { class: "zc-inv-row" }, h("span", { class: "muted" }, label),
    h("ul", { class: "zc-inventory" }, slots.map(cardChip)));
  return h("div", { class: "zc-inv" }, row(t("zc.hands"), s.inventory.slice(0, 2)), row(t("zc.pack"), s.inventory.slice(2)));
}

function survivorCard(view, s) {
  const g = view.game_view;
  const mine = g.me !== null && s.owner === g.me;
  return h("li", { class: ["zc-survivor", s.playing && "playing", mine && "mine", s.activated && !s.playing && "done"],
    data: { survivor: s.id, owner: s.owner ?? "", health: s.health, adrenaline: s.adrenaline, level: s.level } },
  h("div", { class: "zc-head" },
    h("strong", { class: "zc-name" }, s.name), h("span", { class: "muted" }, ` ${t(`zc.${s.kind}`)}`),
    s.owner !== null ? seatLabel(view, s.owner) : h("span", { class: "tag" }, t("zc.free")),
    s.playing ? h("span", { class: "marker" }, icon("turn"), " ", t("zc.playing")) : null),
  h("div", { class: "zc-stats-row" }, hearts(s), " ", levelChip(s.level, s.level_name), " ",
    h("span", { class: "zc-xp" }, t("zc.xp", { n: s.adrenaline })),
    h("span", { class: "muted" }, s.next !== null ? t("zc.next", { n: s.next }) : t("zc.max")),
    s.searched ? h("span", { class: "tag" }, t("zc.searched")) : null),
  s.skills.length ? h("p", { class: "zc-skills" }, s.skills.map((k) => h("span", { class: "zc-skill", title: k.text }, k.name))) : null,
  g.phase !== "setup" ? inventory(s) : null,
  s.found.length ? h("div", { class: "zc-found" }, h("p", {}, t("zc.found")),
    h("ul", { class: "zc-inventory" }, s.found.map((c) => cardChip({ slot: "found", label: "", card: c })))) : null);
}

function header(view) {
  const g = view.game_view;
  const phase = g.phase === "setup" ? t("zc.setup") : g.phase === "finished" ? t("zc.over") : t("zc.round", { n: g.round });
  return h("p", { class: "zc-summary", data: { phase: g.phase, round: g.round, step: g.step ?? "" } },
    h("strong", {}, phase), " · ", t("zc.danger"), " ", levelChip(g.danger.level, g.danger.name),
    g.phase !== "setup" ? [" · ", t("zc.first"), " ", seatLabel(view, g.first_player)] : null,
    g.outcome ? h("span", { class: ["tag", g.outcome.won ? "win" : "loss"] }, t(g.outcome.won ? "zc.outcome.won" : "zc.outcome.lost", { reason: g.outcome.reason })) : null);
}

/** Survivor names by id, kept from the views seen: the end screen names score parts by key. */
const names = new Map();

export function publicState(view) {
  const g = view.game_view;
  if (!g || !Array.isArray(g.survivors)) return generic.publicState(view);
  for (const s of g.survivors) names.set(s.id, s.name);
  const mine = g.me !== null ? g.survivors.filter((s) => s.owner === g.me) : [];
  const others = g.survivors.filter((s) => !mine.includes(s));
  const list = (items) => h("ul", { class: "zc-survivors" }, items.map((s) => survivorCard(view, s)));
  return h("div", { class: "game-state zc", data: { phase: g.phase } },
    header(view),
    spawnPanel(g), activationPanel(g), attackPanel(g),
    mine.length ? h("section", { class: "zc-mine" }, h("h3", {}, t("zc.mine")), list(mine)) : null,
    h("section", {}, h("h3", {}, t("zc.team")), list(others)),
    g.phase !== "setup" ? boardPanel(g) : null,
    g.mission.zones.length || g.mission.objectives.length ? missionPanel(g) : null);
}

/** Nothing is private in Zombicide: the phone shows its survivors first, in the table. */
export const privateState = () => null;

/** The label the server gave a choice or a counter (a card, a survivor, a slot…). */
function serverLabel(view, name, value) {
  for (const spec of view.actions || []) {
    const param = spec.params?.[name];
    if (!param) continue;
    if (param.counts && value in param.counts && param.counts[value].label) return param.counts[value].label;
    if (Array.isArray(param.choices) && Array.isArray(param.labels)) {
      const i = param.choices.findIndex((c) => c === value);
      if (i >= 0) return param.labels[i];
    }
  }
  return null;
}

export function choiceLabel(name, value, view) {
  if (value === null) {
    const numbered = /^(die|miss|hit)_(\d+)$/.exec(name);
    if (numbered) return t(`zc.p.${numbered[1]}`, { n: numbered[2] });
    const key = `zc.p.${name}`;
    return t(key) === key ? generic.choiceLabel(name, value, view) : t(key);
  }
  return serverLabel(view, name, value) ?? generic.choiceLabel(name, value, view);
}

/** A score breakdown's parts are survivors: their names. */
export function partLabel(key) {
  return names.get(key) ?? generic.partLabel(key);
}

/** Nothing is asked first: a search (its button says indoors, no Zombie), a discard, the team
 * done are taken back with undo (a search's undo asks another player's OK: it showed a card). */
export function confirmText(spec) {
  return generic.confirmText(spec);
}
