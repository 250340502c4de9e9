// Eat Zem All on screen: the track, the decks, the Humans with their Bite tokens, every Horde's
// pawns and tiles, the card being resolved with its resolution order (EZA-T1), the setup
// checklist, the Feast (counts on the active phone, the ruling and its reason for everyone)
// and, on a Horde's phone, its private Mutation and Zombie-card choices. All of it comes as
// data in the phone's language (what the game waits for is ``game_view.question``; Feast
// rulings are found in the log by message id and ``feast`` data); no text is ever parsed.

import { api } from "../api.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { seatById, seatLabel, shape } from "../seats.js";
import { boundGroups } from "./eat-zem-all-forms.js";
import * as generic from "./generic.js";
import { icon } from "../icons.js";

/** Feast rulings in the log: their message ids (the ``feast`` data says whose and when). */
const FEAST_RULINGS = new Set(["eza.feast.won", "eza.feast.nobody"]);

const hordeOf = (g, seat) => (g.hordes || []).find((x) => x.seat === seat);
const humanOf = (g, id) => (g.humans || []).find((x) => x.id === id);
/** "Yellow Horde": the box's colour word (the player's name is said beside it, once). */
const hordeWord = (horde) => t("eza.horde", { colour: t(`eza.c.${horde.colour}`) });
/** A card's colour as the table calls that Horde (its name in the view), else the box's word. */
const colourWord = (g, colour) => (g.hordes || []).find((x) => x.colour === colour)?.name ?? t(`eza.c.${colour}`);

/** "Ana (Yellow)": the server names a Horde with its player already (text only, never HTML). */
const hordeText = (view, seat, horde = hordeOf(view.game_view, seat)) =>
  horde?.name ?? seatById(view, seat)?.name ?? `#${seat}`;

/** The seat's shape and name, then the Horde's own colour (the pawns on the table) as a chip. */
function hordeTag(view, seat) {
  const horde = hordeOf(view.game_view, seat);
  return h("span", { class: "eza-who" }, seatLabel(view, seat),
    horde ? h("span", { class: `eza-hc eza-hc-${horde.colour}` }, hordeWord(horde)) : null);
}

function zombieCard(g, card, extra = {}) {
  return h("div", { class: ["eza-card", "zombie", card.colour && `eza-hc-edge-${card.colour}`], data: { card: card.id }, ...extra },
    h("strong", { class: "eza-cname" }, card.name),
    card.colour ? h("span", { class: `eza-hc eza-hc-${card.colour}` }, colourWord(g, card.colour)) : null,
    h("ul", {}, (card.main || []).map((e) => h("li", {}, e))),
    card.bonus?.length ? h("p", { class: "eza-bonus" }, t("eza.bonus.list", { effects: card.bonus.join(" · ") })) : null);
}

const mutationCard = (card) => h("div", { class: "eza-card mutation", data: { card: card.id, effect: card.effect } },
  h("strong", { class: "eza-cname" }, card.name), h("span", { class: "tag" }, t(`eza.${card.kind}`)),
  card.applied ? null : h("span", { class: "tag" }, t("eza.atable")), h("p", {}, card.text));

// --- Feast rulings: they live in the log (the view keeps only who took the tile) -------------
const rulings = new Map(); // table code -> {key, promise, list}

/** Every Feast ruling still in effect (refetched when a Feast changes), from the log's data. */
function loadRulings(view) {
  const dead = view.game_view.humans.filter((x) => x.status === "dead").map((x) => `${x.id}:${x.tile_to}`);
  const key = `${dead.join(",")}|${pendingFeast(view)?.id}`;
  let entry = rulings.get(view.code);
  if (entry?.key === key) return entry;
  entry = { key, list: null };
  entry.promise = api.log(view.code, null).then(({ entries }) => {
    entry.list = [];
    for (const e of entries.filter((x) => !x.undone && x.type !== "undo")) {
      for (const ev of e.events || []) {
        if (FEAST_RULINGS.has(ev.msg) && ev.feast) entry.list.push({ ...ev, turn: ev.feast.turn, seq: e.seq });
      }
    }
  }).catch(() => { entry.list = []; });
  rulings.set(view.code, entry);
  return entry;
}

const rulingBox = (ruling, big) => h("div", { class: ["eza-ruling", big && "big"], data: { seq: ruling.seq, human: ruling.feast.human }, role: "status" },
  big ? h("h3", {}, t("eza.feast.ruling")) : null, h("span", { class: "rule" }, ruling.rule),
  h("p", { class: "eza-ruling-text" }, ruling.text), h("p", { class: "eza-reason" }, ruling.reason || ""));

/** The latest Feast's ruling, big while its turn lasts, and until the next tap when that same
 * tap ended the turn (a Feast on a card's last effect); filled in when the log has arrived. */
function latestRuling(view) {
  const slot = h("div", { class: "eza-ruling-slot" });
  if (!view.game_view.humans.some((x) => x.status === "dead")) return slot;
  const entry = loadRulings(view);
  const big = (last) => last.seq === view.seq || (last.turn === view.game_view.turn && !pendingFeast(view));
  const fill = (last = entry.list?.[entry.list.length - 1]) => last
    && slot.replaceChildren(rulingBox(last, big(last)));
  if (entry.list) fill(); else entry.promise.then(() => fill());
  return slot;
}

/** The Human whose Feast is being counted, from what the game waits for. */
function pendingFeast(view) {
  const q = view.game_view?.question;
  return q?.kind === "feast" ? humanOf(view.game_view, q.human) : undefined;
}

function feastPanel(view, victim) {
  const g = view.game_view;
  const counting = g.question?.seat ?? g.active;
  // On the counting phone, give the stepper of each Horde its seat's shape (after this draw).
  const keys = Object.keys(view.actions?.find((a) => a.type === "feast")?.params?.zombies?.counts || {});
  queueMicrotask(() => document.querySelectorAll("form[data-type='feast'] .stepper").forEach((step, i) => {
    const horde = hordeOf(g, Number(keys[i]));
    if (!horde || step.dataset.seat) return;
    step.dataset.seat = String(horde.seat);
    step.classList.add("eza-count", `eza-hc-edge-${horde.colour}`);
    step.prepend(shape(seatById(view, horde.seat)?.colour, 30));
  }));
  return h("section", { class: "eza-feast", data: { human: victim.id } },
    h("h3", {}, t("eza.feast", { human: victim.name })),
    h("p", {}, t("eza.feast.count", { horde: hordeText(view, counting) })),
    h("ul", { class: "eza-list" }, g.hordes.map((x) => h("li", {}, hordeTag(view, x.seat), " ",
      t("eza.feast.horde", { bites: x.bites[victim.id] || 0, board: x.pawns_on_board })))));
}

/** Where each Horde's parts of the card stand (issue 26): asked now (on its phone), all
 * entered, or waiting for the parts before them; from the question's rows. */
function partsOf(g, seat) {
  const rows = (g.question?.rows || []).filter((r) => r.seat === seat);
  if (!rows.length) return null;
  if (rows.some((r) => r.state === "asked")) return "asked";
  return rows.every((r) => r.state === "entered") ? "entered" : "waiting";
}

function orderPanel(view) {
  const g = view.game_view;
  const card = g.current_card;
  // Each Horde the game waits for is marked (several may enter their parts at once); the
  // active Horde has its own mark.
  const asked = new Set(g.question?.hordes || view.prompt?.waiting_for || []);
  const mark = (entry) => {
    const state = partsOf(g, entry.seat);
    if (asked.has(entry.seat)) return h("span", { class: "marker now" }, " ", icon("turn"), " ", t("eza.now"));
    if (state === "entered") return h("span", { class: "marker entered" }, " ", t("eza.entered"));
    if (state === "waiting") return h("span", { class: "marker waiting" }, " ", t("eza.waits"));
    return null;
  };
  const parts = (entry, i) => (!entry.parts.includes("bonus") ? t("eza.main") : i > 0 ? t("eza.mainbonus.owner") : t("eza.mainbonus"));
  return h("section", { class: "eza-resolving" }, zombieCard(g, card), h("h3", {}, t("eza.order")),
    h("ol", { class: "eza-order" }, card.order.map((entry, i) => h("li", {
      class: [asked.has(entry.seat) && "now", entry.seat === g.active && "active"], data: { seat: entry.seat, parts: partsOf(g, entry.seat) ?? "" },
    }, hordeTag(view, entry.seat), " ", parts(entry, i),
    entry.seat === g.active ? h("span", { class: "tag eza-active" }, t("eza.active")) : null, mark(entry)))));
}

function humanRow(view, x) {
  const g = view.game_view;
  const bites = g.hordes.filter((o) => o.bites[x.id]).map((o) => `${hordeText(view, o.seat)} ${o.bites[x.id]}`);
  const named = (seat) => (seat === null || seat === undefined ? t("eza.nobody") : hordeText(view, seat));
  return h("li", { class: ["eza-human", x.status, x.frightened && "frightened"], data: { human: x.id, tokens: x.tokens, status: x.status } },
    h("div", { class: "eza-head" }, h("strong", {}, x.name),
      x.status === "alive" ? h("span", { class: "eza-tokens" }, t("eza.tokens", { n: x.tokens })) : h("span", { class: "tag" }, t(`eza.${x.status}`)),
      x.frightened ? h("span", { class: "tag warn" }, icon("down"), " ", t("eza.frightened")) : null,
      x.cell_name ? h("span", { class: "muted" }, x.cell_name) : null,
      x.off_path && x.status === "alive" ? h("span", { class: "tag" }, t("eza.offpath")) : null),
    h("p", { class: "eza-small" }, t("eza.human.scores", { trait: x.trait.name, traitvp: x.trait.vp, human: x.name, vp: x.vp }),
      x.contamination !== null ? ` · ${t("eza.human.contam", { horde: named(x.contamination) })}` : ""),
    bites.length ? h("p", { class: "eza-small" }, t("eza.bites.list", { list: bites.join(" · ") })) : null,
    x.status === "dead" ? h("p", { class: "eza-small" }, t("eza.human.fate", { finisher: named(x.finished_by), tile: named(x.tile_to) })) : null);
}

function hordeRow(view, x) {
  const g = view.game_view;
  const bites = Object.entries(x.bites).map(([id, n]) => `${humanOf(g, id)?.name ?? id} ${n}`);
  const list = (items) => new Intl.ListFormat(lang(), { type: "conjunction" }).format(items);
  const mutations = x.mutations.map((m) => t("eza.mutation.item", { name: m.name, kind: t(`eza.${m.kind}`) }));
  const owned = [...x.human_tiles.map((o) => t("eza.tile.item", { name: o.name })), ...x.traits.map((o) => t("eza.trait.item", { name: o.name }))];
  return h("li", { class: ["eza-horde", g.active === x.seat && "turn"], data: { seat: x.seat, board: x.pawns_on_board, reserve: x.pawns_in_reserve } },
    h("div", { class: "eza-head" }, hordeTag(view, x.seat),
      g.active === x.seat ? h("span", { class: "marker" }, icon("turn"), " ", t("eza.active")) : null,
      x.choosing_mutation || x.choosing_zombie_card ? h("span", { class: "tag" }, t("eza.choosing")) : null,
      h("span", { class: "score" }, t("eza.points", { n: x.score }))),
    h("p", { class: "eza-pawns" }, t("eza.pawns", { board: x.pawns_on_board, crawling: x.crawling, reserve: x.pawns_in_reserve, activatable: x.activatable })),
    mutations.length ? h("p", { class: "eza-small" }, t("eza.mutations.held", { cards: list(mutations) })) : null,
    h("p", { class: "eza-small" }, t("eza.zcards.count", { n: x.zombie_cards_in_reserve }), bites.length ? ` · ${t("eza.bites.list", { list: bites.join(", ") })}` : ""),
    owned.length ? h("p", { class: "eza-small" }, owned.join(" · ")) : null);
}

function decks(g) {
  const rows = [["human", g.human_deck_count], ["zombie", g.zombie_draw_count], ["reserve", g.event_reserve_count],
    ["mutdraw", g.mutation_draw_count], ["mutdiscard", g.mutation_discard_count], ["active", g.active_pile.length], ["hdiscard", g.human_discard.length],
    g.board.tombstones_on_board !== undefined ? ["tomb", g.board.tombstones_on_board] : ["cubes", g.board.defense_cubes_in_box]];
  return h("dl", { class: "eza-decks" }, rows.map(([key, n]) => h("div", { data: { deck: key } }, h("dt", {}, t(`eza.d.${key}`)), h("dd", {}, String(n)))));
}

export function publicState(view) {
  const g = view.game_view;
  if (!g || !Array.isArray(g.hordes)) return generic.publicState(view);
  if ((view.actions || []).some((a) => a.type === "card_part")) queueMicrotask(() => boundGroups(view));
  const me = hordeOf(g, view.me?.seat);
  const victim = pendingFeast(view);
  const resolving = g.human_card_resolving || [];
  const checklist = g.phase === "setup" || (g.turn <= 1 && !g.active_pile.length && !g.current_card);
  return h("div", { class: "game-state eza", data: { phase: g.phase, turn: g.turn, active: g.active, question: g.question?.kind ?? "" } },
    h("p", { class: "eza-summary" }, h("strong", {}, t("eza.turn", { n: g.turn })), ` · ${t(`eza.phase.${g.phase}`)} · `,
      hordeTag(view, g.active), ` ${t("eza.active")}`),
    me ? h("p", { class: "eza-you" }, t("eza.you", { horde: hordeWord(me) })) : null,
    victim ? feastPanel(view, victim) : null,
    latestRuling(view),
    g.current_card ? orderPanel(view) : null,
    resolving.length ? h("section", { class: "eza-humancard" }, h("h3", {}, t("eza.resolving")), resolving.map((c) =>
      h("div", { class: "eza-card human" }, h("strong", {}, c.name), h("p", {}, (c.effects || [c.text]).join(" → ")))),
      g.human_cards_to_resolve ? h("p", { class: "muted" }, t("eza.toresolve", { n: g.human_cards_to_resolve })) : null) : null,
    checklist && g.checklist.length ? h("section", { class: "eza-checklist" }, h("h3", {}, t("eza.checklist")),
      h("ul", {}, g.checklist.map((line) => h("li", {}, line)))) : null,
    h("section", {}, h("h3", {}, t("eza.track.count", { n: g.track.length })), h("div", { class: "eza-track" }, g.track.map((c) => zombieCard(g, c)))),
    h("section", {}, h("h3", {}, t("eza.decks")), decks(g)),
    h("section", {}, h("h3", {}, t("eza.humans")), h("ul", { class: "eza-humans" }, g.humans.map((x) => humanRow(view, x)))),
    h("section", {}, h("h3", {}, t("eza.hordes")), h("ul", { class: "eza-hordes" }, g.hordes.map((x) => hordeRow(view, x)))));
}

/** Only this Horde's hidden choices: the Mutations drawn (or the draft), its Zombie cards. */
export function privateState(view) {
  const mine = view.game_view?.private;
  if (!mine) return null;
  const held = hordeOf(view.game_view, view.me?.seat)?.mutations || [];
  const offered = mine.mutations_to_choose;
  // EZA-T9: holding 2 already, the Horde keeps 1 and discards 1 of its 3 in the same answer
  const stage = mine.mutation_stage === "keep" && held.length >= 2 ? "keepdiscard" : mine.mutation_stage;
  const parts = [offered.length ? [h("h3", {}, t(`eza.p.${stage}`)), h("div", { class: "eza-cards eza-mutations" }, offered.map(mutationCard))] : [],
    mine.zombie_cards_to_choose.length ? [h("h3", {}, t("eza.p.zcard")),
      h("div", { class: "eza-cards eza-zcards" }, mine.zombie_cards_to_choose.map((c) => zombieCard(view.game_view, c)))] : []];
  return parts.flat().length ? h("div", { class: "eza-private" }, parts) : null;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A choice's or a counter's words as the server gave them (labels in the phone's language). */
function labelFromActions(view, name, value) {
  for (const spec of view.actions || []) {
    const param = spec.params?.[name];
    if (!param) continue;
    if (param.counts && param.counts[value]?.label) return param.counts[value].label;
    const i = param.labels ? param.choices.findIndex((c) => same(c, value)) : -1;
    if (i >= 0) return param.labels[i];
  }
  return null;
}

export function choiceLabel(name, value, view) {
  if (value === null) {
    const title = t(`eza.param.${name}`);
    return title === `eza.param.${name}` ? generic.choiceLabel(name, value, view) : title;
  }
  const feastSeat = name === "zombies" && typeof value === "string" ? Number(value) : NaN;
  if (hordeOf(view.game_view || {}, feastSeat)) return hordeText(view, feastSeat); // the Feast's counters, per Horde
  return labelFromActions(view, name, value) ?? generic.choiceLabel(name, value, view);
}

/** A box colour as the game names it ("Red"): the lobby offers the Hordes in these words. */
export const colourName = (colour) => t(`eza.c.${colour}`);

export const partLabel = (key) => (t(`eza.${key}`) === `eza.${key}` ? generic.partLabel(key) : t(`eza.${key}`));
