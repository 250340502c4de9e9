// The phone's number controls, bounded by what the rules allow: one integer (countControl) and
// a form's counts (countsControl). The generic forms (actions.js) use them, and so may a game
// screen that builds a form of its own. The limits ride in the spec (tableapp/engine/game.py):
// a key's ``min``/``max``/``value``/``reason``, the counts' ``most``/``least``/``reason``. They
// are applied live, so a phone can never send what they refuse: the rules' refusal is a safety
// net, not the way a table learns a rule.
//
// A small range (max − min ≤ TAP_RANGE) is a row of choices, min … max, one tap picks the value
// (a radiogroup, each choice a 48-px target); a larger one a stepper (− count +). Both keep the
// classes scripts read: ``.stepper[data-key][data-value]`` and its ``output.count``.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The widest range shown as a row of choices (0 … 6: seven taps in a row at most). */
export const TAP_RANGE = 6;

let serial = 0; // ties a row's name to its radiogroup

/** Not shown, whatever the stylesheet says of its kind (``.stepper {display: flex}``). */
export function conceal(node) {
  node.hidden = true;
  node.style.display = "none";
}

/**
 * One integer in [min, max], starting at ``value`` (else ``min``). ``label`` names it;
 * ``reason`` (the spec's, a text) is shown at the row while the value sits at its bound.
 * ``onChange(value)`` follows each tap. One with a single possible value asks nothing: it is
 * shown as a fact ("Guts 1"), or not at all when that value is 0.
 * Returns ``{node, read, fixed, min, max, limit}``: ``limit(cap)`` disables the values above
 * ``cap`` (what a total leaves this row; Infinity lifts it).
 */
export function countControl(label, { min, max, value = null, reason = null } = {}, { key = null, onChange = null } = {}) {
  let current = Math.min(max, Math.max(min, value ?? min));
  const data = key === null ? {} : { key };
  if (min >= max) {
    const node = h("div", { class: "stepper fixed", data: { ...data, value: current } },
      h("span", { class: "step-label" }, label), h("output", { class: "count" }, String(current)));
    if (current === 0) conceal(node);
    return { node, read: () => current, fixed: true, min, max, limit: () => {} };
  }
  const id = `count-${(serial += 1)}`;
  const tapped = max - min <= TAP_RANGE;
  const out = h("output", { class: "count", "aria-live": tapped ? null : "polite", hidden: tapped || null }, String(current));
  const note = reason ? h("p", { class: "count-reason", hidden: true }, reason) : null;
  let cap = Infinity;
  let sync;
  let controls;
  const changed = (next) => {
    current = next;
    sync();
    onChange?.(current);
  };
  if (tapped) {
    const inputs = [];
    for (let n = min; n <= max; n += 1) {
      inputs.push(h("input", { type: "radio", name: id, value: String(n), checked: n === current || null,
        onChange: () => changed(n) }));
    }
    controls = h("div", { class: "taps", role: "radiogroup", "aria-labelledby": `${id}-label` },
      inputs.map((input) => h("label", { class: "tap" }, input, h("span", {}, input.value))));
    sync = () => inputs.forEach((input, i) => {
      input.checked = min + i === current;
      input.disabled = min + i > cap && min + i !== current;
    });
  } else {
    const less = h("button", { type: "button", class: "step", "aria-label": `${label} −1` }, "−");
    const more = h("button", { type: "button", class: "step", "aria-label": `${label} +1` }, "+");
    less.addEventListener("click", () => changed(Math.max(min, current - 1)));
    more.addEventListener("click", () => changed(Math.min(max, cap, current + 1)));
    controls = h("span", { class: "step-controls" }, less, out, more);
    sync = () => {
      less.disabled = current <= min;
      more.disabled = current >= Math.min(max, cap);
    };
  }
  const node = h("div", { class: ["stepper", tapped && "tap-row"], data },
    h("span", { class: "step-label", id: `${id}-label` }, label), controls, tapped ? out : null, note);
  const draw = sync;
  sync = () => {
    draw();
    out.textContent = String(current);
    node.dataset.value = String(current);
    // The row's own reason, while its value sits at a bound it explains.
    if (note) note.hidden = !(current >= max || (current <= min && min > 0));
  };
  sync();
  return {
    node, read: () => current, fixed: false, min, max,
    limit(next) {
      cap = next;
      sync();
    },
  };
}

/**
 * A form's counts (``{counts: {key: {min, max, label?, value?, reason?}}, most?, least?,
 * reason?}``), one control per key. ``most``/``least`` bound the sum, live: in each row the
 * values above ``most`` − (the other rows) are disabled, and while the sum is outside the
 * bounds ``read()`` is null (the submit waits) and ``reason`` is shown beside the rows, as it is
 * while ``most`` holds a row back. ``label(key)`` names a key the spec does not.
 * Returns ``{node, read, total, asks, shown, rows}`` (``rows``: ``[key, countControl]``).
 */
export function countsControl(spec, { label = (key) => key, onChange = null } = {}) {
  const most = spec.most ?? null;
  const least = spec.least ?? null;
  const bounded = most !== null || least !== null;
  // The rule's own words; without them, the bounds themselves.
  const said = spec.reason ?? (!bounded ? "" : least === null ? t("counts.most", { n: most })
    : most === null ? t("counts.least", { n: least }) : t("counts.between", { min: least, max: most }));
  const note = h("p", { class: "counts-reason", role: "status", hidden: true }, said);
  let rows = [];
  const total = () => rows.reduce((sum, [, row]) => sum + row.read(), 0);
  const within = (sum) => (most === null || sum <= most) && (least === null || sum >= least);
  const apply = () => {
    const sum = total();
    for (const [, row] of rows) row.limit(most === null ? Infinity : most - (sum - row.read()));
    const holds = most !== null && sum >= most && rows.some(([, row]) => !row.fixed && row.read() < row.max);
    note.hidden = !bounded || (within(sum) && !holds);
  };
  rows = Object.entries(spec.counts).map(([key, bounds]) => [key, countControl(bounds.label ?? label(key), bounds, {
    key,
    onChange: () => {
      apply();
      onChange?.();
    },
  })]);
  apply();
  return {
    node: [rows.map(([, row]) => row.node), note],
    read: () => (within(total()) ? Object.fromEntries(rows.map(([key, row]) => [key, row.read()])) : null),
    total,
    asks: rows.some(([, row]) => !row.fixed),
    shown: rows.some(([, row]) => !row.node.hidden),
    rows,
  };
}
