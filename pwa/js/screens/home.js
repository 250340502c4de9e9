// Home: open a new table (game, variant, options from /api/games), join one by its code, or
// go back to a table this device already holds a token for.

import { api, Offline, Problem } from "../api.js";
import { h, replace } from "../dom.js";
import { logHead } from "../log.js";
import { lang, t } from "../i18n.js";
import { knownTables, saveHost } from "../store.js";
import { panel, reportError, showOffline } from "../ui.js";
import { icon } from "../icons.js";

function optionControl(name, spec) {
  const id = `opt-${name}`;
  if (spec.type === "bool") {
    return h("label", { class: "check", for: id },
      h("input", { type: "checkbox", id, name, checked: Boolean(spec.default) }), h("span", {}, spec.label || name));
  }
  if (Array.isArray(spec.choices)) {
    return h("label", { class: "field", for: id }, h("span", {}, spec.label || name),
      h("select", { id, name }, spec.choices.map((c, i) => h("option", { value: JSON.stringify(c), selected: c === spec.default },
        spec.labels?.[i] ?? String(c)))));
  }
  return h("label", { class: "field", for: id }, h("span", {}, spec.label || name),
    h("input", { type: "number", id, name, value: spec.default ?? 0, min: spec.min, max: spec.max, inputmode: "numeric" }));
}

/** The cards: the built-in pack, or a pack file of your own box (its format is the built-in
 * pack's, downloadable here as a starting point). */
function packControl(game) {
  return h("fieldset", { class: "param pack" },
    h("legend", {}, t("home.pack")),
    h("label", { class: "field", for: "pack" }, h("span", {}, t("home.pack.file")),
      h("input", { type: "file", id: "pack", name: "pack", accept: "application/json,.json" })),
    h("p", { class: "hint" }, t("home.pack.hint"), " ",
      h("a", { class: "pack-download", href: api.packUrl(game.id), download: `${game.id}-pack.json` }, t("home.pack.download"))),
    h("ul", { class: "pack-problems", id: "pack-problems", role: "alert", hidden: true }));
}

async function readPack(form) {
  const file = form.elements.pack?.files?.[0];
  return file ? JSON.parse(await file.text()) : null;
}

function showPackProblems(form, problem) {
  const list = form.querySelector("#pack-problems");
  const lines = problem ? [problem.message, ...(problem.errors?.pack || [])] : [t("home.pack.notjson")];
  replace(list, lines.map((line) => h("li", {}, line)));
  list.hidden = false;
}

function readOption(form, name, spec) {
  const input = form.elements[name];
  if (spec.type === "bool") return input.checked;
  if (Array.isArray(spec.choices)) return JSON.parse(input.value);
  return Number.parseInt(input.value, 10);
}

function newTableForm(catalogue, navigate) {
  const games = catalogue.games;
  const form = h("form", { class: "stack", id: "new-table" });
  const gameSelect = h("select", { id: "game", name: "game" }, games.map((g) => h("option", { value: g.id }, g.name)));
  const details = h("div", { class: "stack" });
  const fill = () => {
    const game = games.find((g) => g.id === gameSelect.value);
    const variants = game.variants.length > 1 || game.variants[0] !== null
      ? h("label", { class: "field", for: "variant" }, h("span", {}, t("home.variant")),
        h("select", { id: "variant", name: "variant" }, game.variants.map((v) =>
          h("option", { value: v ?? "" }, game.variant_labels?.[v] ?? v ?? t("home.variant.none")))))
      : null;
    replace(details, h("p", { class: "hint" }, t("home.players", game.players)), variants,
      Object.entries(game.options || {}).map(([name, spec]) => optionControl(name, spec)),
      game.pack ? packControl(game) : null);
  };
  gameSelect.addEventListener("change", fill);
  fill();
  const submit = h("button", { type: "submit", class: "primary" }, t("home.create"));
  form.append(h("label", { class: "field", for: "game" }, h("span", {}, t("home.game")), gameSelect), details, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = games.find((g) => g.id === gameSelect.value);
    const variant = form.elements.variant ? form.elements.variant.value || null : game.variants[0];
    const options = Object.fromEntries(Object.entries(game.options || {}).map(([n, spec]) => [n, readOption(form, n, spec)]));
    submit.disabled = true;
    try {
      const pack = await readPack(form);
      const created = await api.create(game.id, variant, options, pack);
      saveHost(created.code, created.host_token, game.id, created.join_url);
      navigate(`/table/${created.code}`);
    } catch (error) {
      if (error instanceof Problem && error.code === "bad_pack") showPackProblems(form, error);
      else if (error instanceof SyntaxError) showPackProblems(form, null);
      else reportError(error);
      submit.disabled = false;
    }
  });
  return form;
}

function joinForm(navigate) {
  const input = h("input", { id: "code", name: "code", required: true, autocomplete: "off", autocapitalize: "characters",
    spellcheck: false, maxlength: 12, pattern: "[A-Za-z0-9]{3,12}", "aria-describedby": "code-hint" });
  const form = h("form", { class: "stack", id: "join-table" },
    h("label", { class: "field", for: "code" }, h("span", {}, t("home.code")), input),
    h("p", { class: "hint", id: "code-hint" }, t("home.code.hint")),
    h("button", { type: "submit", class: "primary" }, t("home.join.go")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    navigate(`/join/${input.value.trim().toUpperCase()}`);
  });
  return form;
}

/** A finished game of this device: date, game, players, winner, its export. */
function pastGame(entry) {
  const p = entry.past;
  const date = new Date(p.at).toLocaleDateString(lang(), { day: "numeric", month: "short", year: "numeric" });
  const winners = (p.winners || []).length ? p.winners.join(", ") : t("home.past.nowinner");
  return h("div", { class: "past" },
    h("p", {}, h("strong", {}, p.gameName || entry.game || ""), ` · ${date}`),
    h("p", { class: "muted" }, (p.players || []).join(", ")),
    h("p", {}, icon("star", t("end.winner")), " ", winners),
    logHead(p.logHead, t("end.log_head")),
    h("a", { class: "button secondary", href: api.exportUrl(entry.code), download: `tableapp-${entry.code}.json` },
      t("table.export")));
}

function mineList() {
  const tables = knownTables().slice(0, 12);
  if (!tables.length) return null;
  return panel(t("home.mine"), h("ul", { class: "my-tables" }, tables.map((entry) =>
    h("li", { data: { code: entry.code, past: entry.past ? "1" : "0" } }, h("span", { class: "code" }, entry.code),
      entry.past ? pastGame(entry) : null,
      entry.host ? h("a", { class: "button secondary", href: `/table/${entry.code}` }, t("home.mine.host")) : null,
      entry.seat && !entry.past ? h("a", { class: "button secondary", href: `/join/${entry.code}` }, t("home.mine.seat")) : null))));
}

export async function mount(root, { navigate }) {
  let catalogue = null;
  let failed = false;
  const draw = () => {
    root.dataset.screen = "home";
    replace(root,
      h("p", { class: "tagline" }, t("home.tagline")),
      panel(t("home.join"), joinForm(navigate)),
      mineList(),
      panel(t("home.new"), catalogue ? newTableForm(catalogue, navigate)
        : h("p", { class: "muted" }, failed ? t("error.offline") : t("loading"))));
  };
  const load = async () => {
    try {
      catalogue = await api.games();
      failed = false;
    } catch (error) {
      failed = true;
      if (error instanceof Offline) showOffline(true);
      else reportError(error);
    }
    draw();
  };
  const retry = () => failed && load();
  draw();
  await load();
  addEventListener("online", retry);
  return { relabel: draw, unmount: () => removeEventListener("online", retry) };
}
