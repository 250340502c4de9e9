// Zombicide, the table's shared parts: the spawn zone by zone (large, for the table screen),
// the Zombies' checklist, the attack being resolved and the last outcome, the Zombies the app
// counts on the board, and the mission. Everything comes from the view's structured data and
// the server's rendered texts; nothing is parsed.

import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { icon } from "../icons.js";

/** Names joined the language's way ("Ruth, Karim et Lily"), never with a hard-coded comma. */
export const listed = (items) => new Intl.ListFormat(lang(), { style: "long", type: "conjunction" }).format(items.map(String));

/** A danger-level chip: the colour always with its word. */
export const levelChip = (level, name) => h("span", { class: `zc-level zc-level-${level}` }, name);

function figure(count, name, extra = {}) {
  return h("span", { class: "zc-fig", ...extra }, h("b", { class: "zc-n" }, String(count)), " × ", name);
}

function spawnRow(row, current) {
  const now = row.index === current && !row.placed_done;
  const notes = [];
  if (row.rush && (row.figures.length || row.abominations.length)) notes.push(h("li", { class: "zc-rush" }, t("zc.spawn.rush")));
  for (const a of row.activates) {
    if (a.reason === "extra") notes.push(h("li", {}, t("zc.spawn.extra", { type: a.name })));
    if (a.reason === "abomination") notes.push(h("li", {}, t("zc.spawn.again")));
  }
  if (row.extra && !row.activates.length) notes.push(h("li", { class: "muted" }, t("zc.spawn.extra.blue", { type: row.extra_name })));
  for (const s of row.short) notes.push(h("li", { class: "zc-short" }, t("zc.spawn.short", { type: s.name })));
  const placing = [...row.figures.map((f) => figure(f.count, f.name, { data: { type: f.type } })),
    ...row.abominations.map((a) => figure(1, a.name, { title: a.text, data: { type: "abomination" } }))];
  return h("li", { class: ["zc-spawn-row", now && "now", row.placed_done && "done"], data: { index: row.index, card: row.card.id } },
    h("div", { class: "zc-where" }, row.where_name),
    h("div", { class: "zc-place" }, placing.length ? placing : h("span", { class: "muted" }, t("zc.spawn.nothing"))),
    notes.length ? h("ul", { class: "zc-notes" }, notes) : null,
    h("div", { class: "zc-card-id" }, now ? h("span", { class: "tag" }, t("zc.spawn.now")) : null,
      row.placed_done ? h("span", { class: "tag" }, icon("check"), " ", t("zc.spawn.done")) : null));
}

/** The spawn, zone by zone, the one being placed marked. */
export function spawnPanel(g) {
  const s = g.spawning;
  // A round's spawn stays on screen while a zone of it is still to be placed on the board
  // (its board step not ticked), even once the next round has begun.
  if (!s || (s.done && s.round !== g.round && s.current == null)) return null;
  const title = s.source === "door" ? t("zc.spawn.door", { building: s.building, level: s.level_name })
    : t("zc.spawn.title", { level: s.level_name });
  return h("section", { class: ["zc-spawn", s.done && "over"], data: { source: s.source, done: s.done ? 1 : 0 } },
    h("h3", {}, levelChip(s.level, title), s.leader_name ? h("span", { class: "muted" }, ` · ${t("zc.spawn.leader", { name: s.leader_name })}`) : null,
      s.done ? h("span", { class: "tag" }, t("zc.spawn.over")) : null),
    h("ol", { class: "zc-spawn-rows" }, s.rows.map((row) => spawnRow(row, s.current))));
}

/** The Zombies' checklist: what activates, attacks then moves. */
export function activationPanel(g) {
  const a = g.activation;
  if (!a) return null;
  return h("section", { class: "zc-activation", data: { stage: a.stage, pass: a.pass } },
    h("h3", {}, t("zc.act.title", { what: a.what }), " · ", h("span", { class: "zc-n" }, String(a.count))),
    h("ol", { class: "zc-checklist" },
      h("li", { class: a.stage === "attacks" ? "now" : "done" }, t("zc.act.attacks")),
      h("li", { class: a.stage === "moves" ? "now" : "" }, t("zc.act.moves")),
      h("li", { class: a.pass > 1 ? "now" : "muted" }, t("zc.act.runners"))));
}

function zoneList(items) {
  return items.length ? items.map((z) => figure(z.count, z.name)) : t("zc.none");
}

/** The attack being resolved, then the last outcome with its kills and friendly fire. */
export function attackPanel(g) {
  const a = g.attack;
  if (a) {
    return h("section", { class: "zc-attack", data: { mode: a.mode } },
      h("h3", {}, t("zc.attack.title", { name: a.survivor_name, weapon: a.weapon_name })),
      a.mode !== "molotov" ? h("p", {}, t("zc.attack.dice", a)) : null,
      h("p", {}, t("zc.attack.zone"), " ", zoneList(a.zone)),
      a.allies.length ? h("p", {}, t("zc.attack.allies", { names: listed(a.allies.map((s) => s.name)) })) : null,
      a.rolls.length ? h("p", { class: "zc-rolls" }, t("zc.attack.rolls"), " ", a.rolls.map((r) =>
        h("span", { class: ["zc-die", r >= a.accuracy && "hit"] }, String(r))), " ", t("zc.attack.hits", a))
        : a.hits !== null ? h("p", { class: "zc-rolls" }, t("zc.attack.hits", a)) : null);
  }
  const l = g.last_attack;
  if (!l) return null;
  return h("section", { class: "zc-last", data: { kills: l.kill_list.reduce((n, k) => n + k.count, 0), lost: l.lost } },
    h("h3", {}, t("zc.last.title", { name: l.survivor_name, weapon: l.weapon_name })),
    l.mode !== "molotov" ? h("p", { class: "zc-rolls" }, l.rolls.map((r) => h("span", { class: ["zc-die", r >= l.accuracy && "hit"] }, String(r))),
      l.rolls.length ? " " : null, t("zc.attack.hits", l)) : null,
    h("p", {}, t("zc.last.kills"), " ", zoneList(l.kill_list), l.adrenaline ? [" ", h("span", { class: "tag" }, t("zc.last.xp", { n: l.adrenaline }))] : null),
    l.lost ? h("p", { class: "zc-lost" }, t("zc.last.lost", { n: l.lost })) : null,
    l.friendly_list.length ? h("p", { class: "zc-friendly" }, t("zc.last.friendly", {
      list: listed(l.friendly_list.map((f) => t("zc.last.friendly_one", { name: f.name, n: f.wounds }))) })) : null);
}

/** The Zombies the app counts on the board, the miniatures left, the Abominations' traits. */
export function boardPanel(g) {
  return h("section", { class: "zc-board" },
    h("h3", {}, t("zc.board.title")),
    h("ul", { class: "zc-types" }, g.types.map((ty) => h("li", { data: { type: ty.id, count: ty.on_board } },
      figure(ty.on_board, ty.name), h("span", { class: "muted" }, ` · ${t("zc.board.left", { n: ty.left })}`)))),
    g.abominations.length ? h("ul", { class: "zc-aboms" }, g.abominations.map((a) =>
      h("li", {}, h("strong", {}, a.name), " — ", a.text))) : null,
    h("p", { class: "muted" }, t("zc.decks", { a: g.decks.spawn.draw, b: g.decks.equipment.draw, c: g.decks.crates.draw })));
}

/** Objectives, goals, crates, spawn zones (active or not), buildings. */
export function missionPanel(g) {
  const m = g.mission;
  return h("section", { class: "zc-mission" },
    h("h3", {}, t("zc.mission.title")),
    m.objectives.length ? h("p", { class: "zc-objectives" }, t("zc.mission.objectives"), " ", m.objectives.map((o) =>
      h("span", { class: `zc-obj zc-col-${o.colour}`, data: { colour: o.colour, taken: o.taken } },
        t("zc.mission.objective", { colour: o.name, taken: o.taken, total: o.total })))) : null,
    m.goals.total ? h("p", {}, t("zc.mission.goals", m.goals)) : null,
    m.crates.total ? h("p", {}, t("zc.mission.crates", { done: m.crates.opened, total: m.crates.total })) : null,
    m.zones.length ? h("p", { class: "zc-zones" }, t("zc.mission.zones"), " ", m.zones.map((z) =>
      h("span", { class: ["zc-zone", `zc-col-${z.colour}`, !z.active && "inactive"], data: { zone: z.number } },
        t(z.active ? "zc.mission.zone" : "zc.mission.zone.inactive", { number: z.number, colour: z.name })))) : null,
    m.buildings.length ? h("p", { class: "zc-buildings" }, t("zc.mission.buildings"), " ", m.buildings.map((b) =>
      h("span", { class: ["zc-building", b.opened && "opened"] },
        t(b.opened ? "zc.mission.building.opened" : "zc.mission.building", { id: b.id, rooms: t("zc.mission.rooms", { n: b.dark_rooms }) })))) : null);
}
