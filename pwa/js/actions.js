// Buttons and small forms built from the view's ``actions`` (the game's legal_actions): any
// game is playable from them. Param specs: choices (with ``labels``, the server's words for
// each value, ``value`` the likely one, ``destructive`` those that throw something away),
// subsets, integers and counts (bounded live, see controls.js); a param's own ``label`` names
// it in a form of several. A form's button says what it does: the spec's ``submit``, its
// ``{chosen}`` (the chosen choices' labels, joined the language's way) and ``{n}`` (the total
// of the counts, or how many are chosen) filled in live; without one, a generic "Confirm",
// never the question. What throws something away is never preselected nor the big button.

import { conceal, countControl, countsControl } from "./controls.js";
import { h } from "./dom.js";
import { has, lang, t } from "./i18n.js";
import { confirmDialog, reportError } from "./ui.js";

// A game screen's own form bounds its numbers with the same controls.
export { countControl, countsControl } from "./controls.js";

const encode = (value) => JSON.stringify(value);

/** How many to pick, in words: "choose one", "up to 3", "choose 2"… never "Pick 0 to 9". */
export function pickHint(min, max, total) {
  if (min === max) return min === 1 ? t("action.pick.one") : t("action.pick.exactly", { n: min });
  if (min === 0 && max >= total) return t("action.pick.any");
  if (min === 0) return t("action.pick.upto", { max });
  return t("action.pick.range", { min, max });
}

/** One control per param; ``read()`` returns its value or null while it is not valid yet;
 * ``asks`` is false for a param with nothing to choose (no choice, a count fixed at one value,
 * every choice to be taken): it is shown as a fact, or not at all, and sent as it is.
 * ``alone``: the form's only question, named by the form's heading (no second title). */
function control(name, spec, label, onChange, alone) {
  // The server's name for the param (``spec.label``), else the game module's.
  const named = spec.label ?? label(name, null);
  const title = alone ? null : h("legend", {}, named);
  const box = (...children) => h("fieldset", { class: "param", "aria-label": alone ? named : null, data: { param: name } },
    title, ...children);
  const choiceLabel = (value, i) => spec.labels?.[i] ?? label(name, value);
  if ("counts" in spec) {
    const counts = countsControl(spec, { label: (key) => label(name, key), onChange });
    const node = box(counts.node);
    if (!counts.shown) conceal(node);
    return { node, asks: counts.asks, read: counts.read, counted: counts.total, chosen: () => [] };
  }
  if ("choices" in spec) {
    const multiple = Boolean(spec.multiple);
    const choices = spec.choices;
    const low = multiple ? spec.min ?? 0 : 1;
    const high = multiple ? Math.min(spec.max ?? choices.length, choices.length) : 1;
    if (high === 0 || choices.length === 0 || (multiple && low >= choices.length)) {
      // Nothing to choose: none can be taken (no "choose 0"), or all of them must be.
      const all = multiple && choices.length && low >= choices.length;
      const node = box(h("p", { class: "fixed" },
        new Intl.ListFormat(lang(), { style: "long", type: "conjunction" }).format(choices.map((v, i) => String(choiceLabel(v, i))))));
      if (!all) conceal(node);
      const value = multiple ? (all ? [...choices] : []) : null;
      return { node, asks: false, read: () => value, chosen: () => (all ? choices.map(choiceLabel) : []), counted: null };
    }
    // Pick one (a subset of at most one, too): radio buttons; an optional one has "none".
    // A value that throws something away (``destructive``) is never preselected: it comes
    // last, small, set apart from the others.
    const one = !multiple || high === 1;
    const group = `p-${name}-${Math.random().toString(36).slice(2, 8)}`;
    const wasted = new Set((spec.destructive || []).map(encode));
    const inputs = choices.map((value, i) => {
      const destructive = wasted.has(encode(value));
      // e.g. where a pawn is now (a subset of one gives it as a list of one)
      const current = one && "value" in spec && encode(multiple ? [spec.value].flat()[0] : spec.value) === encode(value);
      const alone1 = one && low === 1 && choices.length === 1; // one answer: already chosen
      const input = h("input", { type: one ? "radio" : "checkbox", name: group, value: encode(value),
        checked: ((current || alone1) && !destructive) || null, onChange });
      return [value, input, h("label", { class: ["chip", destructive && "destructive"] }, input, h("span", {}, choiceLabel(value, i))), destructive];
    });
    let none = null;
    if (one && multiple && low === 0) {
      none = h("input", { type: "radio", name: group, value: "[]", checked: inputs.some(([, input]) => input.checked) ? null : true, onChange });
      inputs.push([undefined, none, h("label", { class: "chip none" }, none, h("span", {}, t("action.pick.none")))]);
    }
    const real = inputs.filter(([, input]) => input !== none);
    const hint = one ? null : h("p", { class: "hint" }, pickHint(low, high, choices.length));
    const read = () => {
      const picked = real.filter(([, input]) => input.checked).map(([value]) => value);
      if (!multiple) return picked.length === 1 ? picked[0] : null;
      if (one && none?.checked) return [];
      return picked.length >= low && picked.length <= high ? picked : null;
    };
    const chosen = () => real.flatMap(([value, input], i) => (input.checked ? [choiceLabel(value, i)] : []));
    const kept = inputs.filter(([, , , destructive]) => !destructive).map(([, , l]) => l);
    const thrown = inputs.filter(([, , , destructive]) => destructive).map(([, , l]) => l);
    return { node: box(hint, h("div", { class: "chips-box", role: one ? "radiogroup" : null },
      h("div", { class: "chips" }, kept), thrown.length ? h("div", { class: "chips apart" }, thrown) : null)),
    read, chosen, counted: null, asks: asks(spec), one };
  }
  const count = countControl(named, spec, { onChange });
  const node = box(count.node);
  if (count.node.hidden) conceal(node);
  return { node, read: count.read, counted: count.read, chosen: () => [], asks: !count.fixed };
}

/** Whether a param has anything to choose (see ``control``). */
function asks(spec) {
  if ("counts" in spec) return Object.values(spec.counts).some((b) => b.min < b.max);
  if ("choices" in spec) {
    if (!spec.multiple) return spec.choices.length > 1;
    const high = Math.min(spec.max ?? spec.choices.length, spec.choices.length);
    return high > 0 && (spec.min ?? 0) < spec.choices.length;
  }
  return spec.min < spec.max;
}

// "Take: {chosen}" with nothing chosen yet says "Take", not "Take:" with nothing after it.
const EMPTY_CHOSEN = /[\s\u00a0\u202f]*[:;,—–-]?[\s\u00a0\u202f]*\{chosen\}/g;

/** A form's button text: ``spec.submit`` with ``{chosen}`` and ``{n}`` filled in from the
 * controls as they are now, else the generic verb (the label is the form's heading already),
 * with the pick named when the form is a pick-one ("Confirm: Ana"). */
export function submitText(spec, controls) {
  // The same words picked in several rows are said once ("none in reach", not three times).
  const chosen = [...new Set(controls.flatMap((c) => c.chosen()).map(String))];
  const list = new Intl.ListFormat(lang(), { style: "long", type: "conjunction" }).format(chosen.map(String));
  if (!spec.submit) {
    const picks = controls.filter((c) => c.asks || c.one);
    const pickOne = picks.length === 1 && picks[0].one && chosen.length;
    return pickOne ? t("action.submit.chosen", { chosen: list }) : t("action.submit");
  }
  const counts = controls.filter((c) => c.counted);
  const n = counts.length ? counts.reduce((sum, c) => sum + c.counted(), 0) : chosen.length;
  const text = chosen.length ? spec.submit.replaceAll("{chosen}", list) : spec.submit.replace(EMPTY_CHOSEN, "");
  // Ordinary spaces only: the no-break space before a French colon stays (no line starts on ":").
  return text.replaceAll("{n}", String(n)).replace(/[ \t\r\n]+/g, " ").trim();
}

/**
 * The bearer's actions as controls. ``labelFor(param, value)`` names a choice (a card, a seat),
 * or the param itself when ``value`` is null;
 * ``confirmText(spec, params)`` returns a question for actions that cannot be undone.
 */
export function renderActions(view, session, { labelFor, confirmText }) {
  // The shell's own actions (answers to an undo request) are worded here, in every language.
  const labelOf = (spec) => (has(`action.${spec.type}`) ? t(`action.${spec.type}`) : spec.label);
  const run = async (spec, params) => {
    // The game may ask first (``spec.confirm``: passing, throwing a card away…).
    const question = confirmText(spec, params) ?? spec.confirm ?? null;
    if (question && !(await confirmDialog(question))) return;
    try {
      await session.act(spec.type, params);
    } catch (error) {
      reportError(error);
    }
  };
  // A move that throws something away (``destructive``) is never the easy tap: small, secondary.
  const kind = (spec, main = "primary") => ["action", spec.destructive ? "secondary small destructive" : main];
  const build = (spec) => {
    const params = Object.entries(spec.params || {});
    if (params.length === 0) {
      return h("button", { type: "button", class: kind(spec), data: { type: spec.type }, onClick: () => run(spec, {}) }, labelOf(spec));
    }
    if (params.length === 1 && "choices" in params[0][1] && !params[0][1].multiple) {
      // One pick: one button per choice, a single tap plays it; the likely one (``value``)
      // stands out, those that throw something away come last, small and apart.
      const [name, param] = params[0];
      const wasted = new Set((param.destructive || []).map(encode));
      const button = (value, i) => {
        const destructive = spec.destructive || wasted.has(encode(value));
        const likely = !destructive && "value" in param && encode(param.value) === encode(value);
        return h("button", { type: "button", class: ["action choice", destructive ? "secondary small destructive" : likely && "primary"],
          data: { type: spec.type, param: name, value: encode(value) },
          onClick: () => run(spec, { [name]: value }) }, param.labels?.[i] ?? labelFor(name, value));
      };
      const all = param.choices.map((value, i) => [value, button(value, i)]);
      const kept = all.filter(([value]) => !wasted.has(encode(value))).map(([, b]) => b);
      const thrown = all.filter(([value]) => wasted.has(encode(value))).map(([, b]) => b);
      return h("div", { class: "action-group", role: "group", "aria-label": spec.label, data: { type: spec.type } },
        h("p", { class: "action-label" }, spec.label),
        kept.length ? h("div", { class: "choices" }, kept) : null,
        thrown.length ? h("div", { class: "choices apart" }, thrown) : null);
    }
    const submit = h("button", { type: "submit", class: kind(spec), disabled: true });
    const controls = [];
    const check = () => {
      submit.disabled = controls.some((c) => c.read() === null);
      submit.textContent = submitText(spec, controls);
    };
    // The form's only question is named by the form's heading: no second title under it.
    const asking = params.filter(([, param]) => asks(param)).length;
    for (const [name, param] of params) controls.push(control(name, param, labelFor, check, asking === 1 && asks(param)));
    const form = h("form", { class: "action-form", data: { type: spec.type } },
      h("p", { class: "action-label" }, spec.label), controls.map((c) => c.node), submit);
    form.addEventListener("click", () => setTimeout(check));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const values = Object.fromEntries(params.map(([name], i) => [name, controls[i].read()]));
      run(spec, values);
    });
    check();
    return form;
  };
  const moves = (view.actions || []).filter((spec) => spec.type !== "correct");
  const corrections = (view.actions || []).filter((spec) => spec.type === "correct");
  // Moves that throw something away come after the others, set apart (never the first
  // button, never right under the main one).
  const apart = (spec) => {
    const node = build(spec);
    node.classList.add("apart");
    return node;
  };
  // The screen disables this fieldset while an action is on its way (no double taps).
  return h("fieldset", { class: "actions", disabled: session.busy }, moves.filter((spec) => !spec.destructive).map(build),
    moves.filter((spec) => spec.destructive).map(apart), corrections.length ? correctionsBox(corrections, build) : null);
}

let correctionsOpen = false;

/** Corrections (the table is the truth) stay folded away: one line per count group, its small
 * form behind it, so they never push the game's own moves off the screen. */
function correctionsBox(specs, build) {
  const box = h("details", { class: "corrections", data: { type: "correct" }, open: correctionsOpen || null },
    h("summary", {}, t("action.corrections")),
    specs.map((spec) => h("details", { class: "correction" }, h("summary", {}, spec.label), build(spec))));
  box.addEventListener("toggle", () => { correctionsOpen = box.open; });
  return box;
}
